import { createActorContext } from '@xstate/react';
import { formatDesignerMachine } from '../../machines/format-designer.machine';

/** The designer's actor, shared by its parts and by the page's controls that save its layout. */
export const FormatDesignerActor = createActorContext(formatDesignerMachine);
