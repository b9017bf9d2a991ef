import { eq } from 'drizzle-orm';
import type { AdmitCardsEvent } from '../../domain/documents/events';
import type { ExamSittingEvent } from '../../domain/exam-results/events';
import type { StoredEvent } from '../event-store';
import type { Tx } from '../client';
import { issuedDocuments } from '../schema';
import type { Projection } from './projection';
import type { DocumentKind } from '../../../common/contracts/documents';

/** Issues documents of one kind in a sitting; a marksheet records the template it is printed with. */
async function issue(
  tx: Tx,
  event: StoredEvent,
  kind: DocumentKind,
  { examId, branchId, template }: { examId: string; branchId: string; template?: { id: string; revision: number } | null },
  codes: Array<[string, string]>,
) {
  if (codes.length === 0) return;
  const printedWith = { templateId: template?.id ?? null, templateRevision: template?.revision ?? null };
  await tx.insert(issuedDocuments).values(
    codes.map(([studentId, code]) => ({
      code,
      kind,
      examId,
      studentId,
      branchId,
      issuedAt: event.occurredAt,
      issuedBy: event.actorId,
      ...printedWith,
    })),
  );
}

/** The documents issued: a marksheet to each student of a sitting as its results are published, a new one on a revision, admit cards as they are issued. */
export const documentsProjection: Projection<
  ExamSittingEvent | AdmitCardsEvent,
  'ExamResultsPublished' | 'ResultsRevised' | 'AdmitCardsIssued'
> = {
  name: 'documents',
  tables: [issuedDocuments],
  handlers: {
    async ExamResultsPublished(tx, event) {
      await issue(
        tx,
        event,
        'marksheet',
        event.data,
        event.data.students.map((student) => [student.studentId, student.marksheetCode]),
      );
    },
    async ResultsRevised(tx, event) {
      const { supersedes, studentId, marksheetCode } = event.data;
      if (supersedes) await tx.update(issuedDocuments).set({ supersededAt: event.occurredAt }).where(eq(issuedDocuments.code, supersedes));
      await issue(tx, event, 'marksheet', event.data, [[studentId, marksheetCode]]);
    },
    async AdmitCardsIssued(tx, event) {
      await issue(
        tx,
        event,
        'admit-card',
        event.data,
        event.data.cards.map((card) => [card.studentId, card.code]),
      );
    },
  },
};
