import { eq } from 'drizzle-orm';
import type { CertificateFormatCreated, CertificateFormatEvent, CertificateFormatSaved } from '../../domain/certificate-formats/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { certificateFormats, certificateFormatVersions } from '../schema';
import type { Projection } from './projection';
import { keepRevision } from './revisions';

/** A content saved, first or later; the kind is the first revision's, as no save changes it. */
function saved(tx: Tx, event: StoredEvent<CertificateFormatCreated | CertificateFormatSaved>) {
  return keepRevision(tx, event, {
    owner: certificateFormats,
    revisions: certificateFormatVersions,
    ownerKey: 'formatId',
    created: { kind: event.data.content.layout.kind, archived: false },
  });
}

async function archived(tx: Tx, event: StoredEvent<CertificateFormatEvent>, archived: boolean) {
  await tx
    .update(certificateFormats)
    .set({ archived, version: event.version, updatedAt: event.occurredAt })
    .where(eq(certificateFormats.id, event.streamId));
}

export const certificateFormatsProjection: Projection<CertificateFormatEvent> = {
  name: 'certificate-formats',
  tables: [certificateFormats, certificateFormatVersions],
  handlers: {
    CertificateFormatCreated: saved,
    CertificateFormatSaved: saved,
    CertificateFormatArchived: (tx, event) => archived(tx, event, true),
    CertificateFormatUnarchived: (tx, event) => archived(tx, event, false),
  },
};
