import type { Tx } from '../db/client';
import type { EventMetadata } from '../db/event-store';

/** What every command runs with: the open transaction and the metadata stamped on its events. */
export interface CommandContext {
  tx: Tx;
  meta: EventMetadata;
}
