import type { CertificateFormatContent } from '../../../common/contracts/certificate-formats';
import type { DomainEvent, StreamRef } from '../../db/event-store';

const CERTIFICATE_FORMAT_STREAM = 'certificate-format';

export const certificateFormatStream = (id: string): StreamRef<CertificateFormatEvent> => ({ type: CERTIFICATE_FORMAT_STREAM, id });

/** A format made: its first revision. The content names its kind, which no later save changes. */
export type CertificateFormatCreated = DomainEvent<'CertificateFormatCreated', { content: CertificateFormatContent }>;

/** A new revision of a format. Each carries the whole content, so every revision can be printed again. */
export type CertificateFormatSaved = DomainEvent<'CertificateFormatSaved', { content: CertificateFormatContent }>;

/** Left out of the list and of new documents; what was issued with it stays as it was. */
export type CertificateFormatArchived = DomainEvent<'CertificateFormatArchived', Record<string, never>>;

export type CertificateFormatUnarchived = DomainEvent<'CertificateFormatUnarchived', Record<string, never>>;

export type CertificateFormatEvent =
  CertificateFormatCreated | CertificateFormatSaved | CertificateFormatArchived | CertificateFormatUnarchived;
