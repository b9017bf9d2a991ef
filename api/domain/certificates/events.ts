import type { IssuedKind } from '../../../common/contracts/certificates';
import type { FieldType } from '../../../common/certificate-layout';
import type { DomainEvent, StreamRef } from '../../db/event-store';

const ISSUED_CERTIFICATE_STREAM = 'issued-certificate';

export const issuedCertificateStream = (id: string): StreamRef<IssuedCertificateEvent> => ({ type: ISSUED_CERTIFICATE_STREAM, id });

/** Another document of the stream's pair: the one reissued in place of, or the reissue that replaced it. */
export interface DocumentRef {
  _id: string;
  number: string;
}

/**
 * A certificate or ID card issued: its number (the `sequence` of its `series`), its code, and
 * everything it prints as it was when issued, so it is printed again the same however the
 * student or the format change afterwards.
 */
export interface IssuedData {
  kind: IssuedKind;
  number: string;
  series: string;
  sequence: number;
  code: string;
  studentId: string;
  studentName: string;
  registrationNo: string | null;
  courseId: string;
  courseName: string;
  branchId: string | null;
  branchName: string | null;
  formatId: string;
  formatName: string;
  formatRevision: number;
  values: Partial<Record<FieldType, string>>;
  /** The upload key of the student's photo. */
  photo: string | null;
  supersedes: DocumentRef | null;
  /** The bulk job that issued it. */
  jobId: string | null;
}

export type CertificateIssued = DomainEvent<'CertificateIssued', IssuedData>;
export type CertificateRevoked = DomainEvent<'CertificateRevoked', { reason: string }>;
export type CertificateSuperseded = DomainEvent<'CertificateSuperseded', { by: DocumentRef }>;

export type IssuedCertificateEvent = CertificateIssued | CertificateRevoked | CertificateSuperseded;
