import { eq } from 'drizzle-orm';
import type { CertificateFormatCreated, CertificateFormatEvent, CertificateFormatSaved } from '../../domain/certificate-formats/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { certificateFormats, certificateFormatVersions } from '../schema';
import type { Projection } from './projection';

/** A content saved, first or later: a new revision kept beside the format as it now stands. */
async function saved(tx: Tx, event: StoredEvent<CertificateFormatCreated | CertificateFormatSaved>) {
  const { content } = event.data;
  const [current] = await tx
    .select({ revision: certificateFormats.revision })
    .from(certificateFormats)
    .where(eq(certificateFormats.id, event.streamId));
  const revision = (current?.revision ?? 0) + 1;
  await tx.insert(certificateFormatVersions).values({
    formatId: event.streamId,
    revision,
    content,
    savedAt: event.occurredAt,
    savedBy: event.actorId,
  });
  const row = { name: content.name, content, revision, version: event.version, updatedAt: event.occurredAt };
  await tx
    .insert(certificateFormats)
    .values({ id: event.streamId, kind: content.layout.kind, ...row, archived: false, createdAt: event.occurredAt })
    .onConflictDoUpdate({ target: certificateFormats.id, set: row });
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
