import { certificateFormatMessages, type CertificateFormatContent } from '../../../common/contracts/certificate-formats';
import type { FormatKind } from '../../../common/certificate-layout';
import { conflict, invalid, missing } from '../errors';
import type { CertificateFormatEvent } from './events';

export interface CertificateFormat {
  kind: FormatKind | null;
  archived: boolean;
}

export const initialCertificateFormat: CertificateFormat = { kind: null, archived: false };

export function evolve(state: CertificateFormat, event: CertificateFormatEvent): CertificateFormat {
  switch (event.type) {
    case 'CertificateFormatCreated':
      return { ...state, kind: event.data.content.layout.kind };
    case 'CertificateFormatSaved':
      return state;
    case 'CertificateFormatArchived':
      return { ...state, archived: true };
    case 'CertificateFormatUnarchived':
      return { ...state, archived: false };
  }
}

/** Who holds the content's name among formats of its kind (read by the caller), for a save that must not take another's. */
export type CertificateFormatCommand =
  | { type: 'CreateCertificateFormat'; data: { content: CertificateFormatContent; nameHeldBy: string | null } }
  | { type: 'SaveCertificateFormat'; data: { id: string; content: CertificateFormatContent; nameHeldBy: string | null } }
  | { type: 'ArchiveCertificateFormat' }
  | { type: 'UnarchiveCertificateFormat' };

export function decide(command: CertificateFormatCommand, state: CertificateFormat): CertificateFormatEvent[] {
  if (command.type === 'CreateCertificateFormat') {
    if (command.data.nameHeldBy !== null) throw conflict(certificateFormatMessages.nameTaken(command.data.content.layout.kind));
    return [{ type: 'CertificateFormatCreated', data: { content: command.data.content } }];
  }
  if (state.kind === null) throw missing(certificateFormatMessages.missing);
  switch (command.type) {
    case 'SaveCertificateFormat': {
      const { id, content, nameHeldBy } = command.data;
      if (content.layout.kind !== state.kind)
        throw invalid(certificateFormatMessages.kindKept, { 'layout.kind': [certificateFormatMessages.kindKept] });
      if (state.archived) throw conflict(certificateFormatMessages.archivedFormat);
      if (nameHeldBy !== null && nameHeldBy !== id) throw conflict(certificateFormatMessages.nameTaken(state.kind));
      return [{ type: 'CertificateFormatSaved', data: { content } }];
    }
    case 'ArchiveCertificateFormat':
      return state.archived ? [] : [{ type: 'CertificateFormatArchived', data: {} }];
    case 'UnarchiveCertificateFormat':
      return state.archived ? [{ type: 'CertificateFormatUnarchived', data: {} }] : [];
  }
}
