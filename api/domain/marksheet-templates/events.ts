import type { MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const MARKSHEET_TEMPLATE_STREAM = 'marksheet-template';

export const marksheetTemplateStream = (id: string): StreamRef<MarksheetTemplateEvent> => ({ type: MARKSHEET_TEMPLATE_STREAM, id });

/** A version of a template saved: the first is its creation. Each carries the whole content, so every version can be printed again. */
export type MarksheetTemplateSaved = DomainEvent<'MarksheetTemplateSaved', { content: MarksheetTemplateContent }>;

/** The template results published from now on are printed with. */
export type MarksheetTemplateMadeDefault = DomainEvent<'MarksheetTemplateMadeDefault', Record<string, never>>;

export type MarksheetTemplateEvent = MarksheetTemplateSaved | MarksheetTemplateMadeDefault;
