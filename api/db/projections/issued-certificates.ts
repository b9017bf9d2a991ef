import { eq, sql } from 'drizzle-orm';
import type { IssuedCertificateEvent } from '../../domain/certificates/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { certificateCounters, issuedCertificates } from '../schema';
import type { Projection } from './projection';

async function touch(tx: Tx, event: StoredEvent, change: Partial<typeof issuedCertificates.$inferInsert>) {
  await tx
    .update(issuedCertificates)
    .set({ ...change, version: event.version })
    .where(eq(issuedCertificates.id, event.streamId));
}

/** Issued certificates and ID cards as they stand, and their series' counters (a rebuild leaves each at the highest number issued). */
export const issuedCertificatesProjection: Projection<IssuedCertificateEvent> = {
  name: 'issued-certificates',
  tables: [issuedCertificates, certificateCounters],
  handlers: {
    async CertificateIssued(tx, event) {
      const { data } = event;
      await tx.insert(issuedCertificates).values({
        id: event.streamId,
        kind: data.kind,
        number: data.number,
        code: data.code,
        studentId: data.studentId,
        studentName: data.studentName,
        registrationNo: data.registrationNo,
        courseId: data.courseId,
        courseName: data.courseName,
        branchId: data.branchId,
        branchName: data.branchName,
        formatId: data.formatId,
        formatName: data.formatName,
        formatRevision: data.formatRevision,
        values: data.values,
        photo: data.photo,
        issuedAt: event.occurredAt,
        issuedBy: event.actorId,
        jobId: data.jobId,
        status: 'issued',
        supersedesId: data.supersedes?._id ?? null,
        supersedesNumber: data.supersedes?.number ?? null,
        searchText: [data.studentName, data.registrationNo, data.number].filter(Boolean).join(' ').toLowerCase(),
        version: event.version,
      });
      await tx
        .insert(certificateCounters)
        .values({ series: data.series, last: data.sequence })
        .onConflictDoUpdate({
          target: certificateCounters.series,
          set: { last: sql`greatest(${certificateCounters.last}, excluded.last)` },
        });
    },
    CertificateRevoked: (tx, event) =>
      touch(tx, event, { status: 'revoked', revokedAt: event.occurredAt, revokedReason: event.data.reason }),
    CertificateSuperseded: (tx, event) =>
      touch(tx, event, { status: 'superseded', supersededById: event.data.by._id, supersededByNumber: event.data.by.number }),
  },
};
