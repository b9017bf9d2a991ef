import { certificateMessages, type IssuedKind } from '../../../common/contracts/certificates';
import { conflict, invalid, missing } from '../errors';
import type { DocumentRef, IssuedCertificateEvent, IssuedData } from './events';

export type IssuedCertificateState =
  { stage: 'none' } | { stage: 'issued' | 'revoked' | 'superseded'; kind: IssuedKind; number: string; supersededBy: DocumentRef | null };

export const initialIssuedCertificate: IssuedCertificateState = { stage: 'none' };

/** What issuing depends on beyond the stream: read by the caller in the same transaction. */
export interface IssueFacts {
  format: { kind: IssuedKind; archived: boolean };
  /** Whether the student is in the course the document is for. */
  inCourse: boolean;
  completedCourse: boolean;
}

export type IssuedCertificateCommand =
  | { type: 'Issue'; data: IssuedData; facts: IssueFacts }
  | { type: 'Revoke'; data: { reason: string } }
  | { type: 'Supersede'; data: { by: DocumentRef } };

export function evolve(state: IssuedCertificateState, event: IssuedCertificateEvent): IssuedCertificateState {
  switch (event.type) {
    case 'CertificateIssued':
      return { stage: 'issued', kind: event.data.kind, number: event.data.number, supersededBy: null };
    case 'CertificateRevoked':
      return state.stage === 'none' ? state : { ...state, stage: 'revoked' };
    case 'CertificateSuperseded':
      return state.stage === 'none' ? state : { ...state, stage: 'superseded', supersededBy: event.data.by };
  }
}

/** Only a document that stands changes: a superseded one points at its reissue, a revoked one stays revoked. */
function requireStanding(state: Exclude<IssuedCertificateState, { stage: 'none' }>, whenRevoked: string) {
  if (state.stage === 'revoked') throw conflict(whenRevoked);
  if (state.stage === 'superseded') throw conflict(certificateMessages.supersededNoChange(state.supersededBy?.number ?? ''));
}

/** A document of a kind is made only from a format of that kind still in use. */
export function requireUsableFormat(kind: IssuedKind, format: IssueFacts['format']) {
  if (format.kind !== kind)
    throw invalid(certificateMessages.otherKindFormat(kind), { formatId: [certificateMessages.otherKindFormat(kind)] });
  if (format.archived) throw invalid(certificateMessages.archivedFormat, { formatId: [certificateMessages.archivedFormat] });
}

export function decide(command: IssuedCertificateCommand, state: IssuedCertificateState): IssuedCertificateEvent[] {
  if (command.type === 'Issue') {
    if (state.stage !== 'none') throw conflict(certificateMessages.alreadyHeld(state.kind));
    const { data, facts } = command;
    requireUsableFormat(data.kind, facts.format);
    if (!facts.inCourse) throw invalid(certificateMessages.notInCourse, { courseId: [certificateMessages.notInCourse] });
    if (data.kind === 'certificate' && !facts.completedCourse) throw conflict(certificateMessages.notCompleted);
    return [{ type: 'CertificateIssued', data }];
  }
  if (state.stage === 'none') throw missing(certificateMessages.missing);
  switch (command.type) {
    case 'Revoke':
      requireStanding(state, certificateMessages.alreadyRevoked);
      return [{ type: 'CertificateRevoked', data: { reason: command.data.reason } }];
    case 'Supersede':
      requireStanding(state, certificateMessages.revokedNoReissue);
      return [{ type: 'CertificateSuperseded', data: { by: command.data.by } }];
  }
}
