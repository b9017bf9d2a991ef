import { marksheetTemplateMessages, type MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import { conflict, missing } from '../errors';
import type { MarksheetTemplateEvent } from './events';

export interface MarksheetTemplate {
  exists: boolean;
  version: number;
  isDefault: boolean;
}

export const initialMarksheetTemplate: MarksheetTemplate = { exists: false, version: 0, isDefault: false };

export function evolve(state: MarksheetTemplate, event: MarksheetTemplateEvent): MarksheetTemplate {
  switch (event.type) {
    case 'MarksheetTemplateSaved':
      return { ...state, exists: true, version: state.version + 1 };
    case 'MarksheetTemplateMadeDefault':
      return { ...state, version: state.version + 1, isDefault: true };
  }
}

/**
 * A template saved, with who holds its name (read by the caller): a new template, or a new
 * version of one. The first template of the institute becomes the default.
 */
export type MarksheetTemplateCommand =
  | { type: 'CreateMarksheetTemplate'; data: { content: MarksheetTemplateContent; nameHeldBy: string | null; first: boolean } }
  | { type: 'SaveMarksheetTemplate'; data: { id: string; content: MarksheetTemplateContent; nameHeldBy: string | null } }
  | { type: 'MakeMarksheetTemplateDefault' };

export function decide(command: MarksheetTemplateCommand, state: MarksheetTemplate): MarksheetTemplateEvent[] {
  switch (command.type) {
    case 'CreateMarksheetTemplate': {
      if (command.data.nameHeldBy !== null) throw conflict(marksheetTemplateMessages.nameTaken);
      const saved: MarksheetTemplateEvent = { type: 'MarksheetTemplateSaved', data: { content: command.data.content } };
      return command.data.first ? [saved, { type: 'MarksheetTemplateMadeDefault', data: {} }] : [saved];
    }
    case 'SaveMarksheetTemplate':
      if (!state.exists) throw missing(marksheetTemplateMessages.missing);
      if (command.data.nameHeldBy !== null && command.data.nameHeldBy !== command.data.id)
        throw conflict(marksheetTemplateMessages.nameTaken);
      return [{ type: 'MarksheetTemplateSaved', data: { content: command.data.content } }];
    case 'MakeMarksheetTemplateDefault':
      if (!state.exists) throw missing(marksheetTemplateMessages.missing);
      return state.isDefault ? [] : [{ type: 'MarksheetTemplateMadeDefault', data: {} }];
  }
}
