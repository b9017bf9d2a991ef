import type { AdmitCardsEvent } from '../../domain/documents/events';
import type { ExamSittingEvent } from '../../domain/exam-results/events';
import type { StoredEvent } from '../event-store';
import type { Tx } from '../client';
import { issuedDocuments } from '../schema';
import type { Projection } from './projection';
import type { DocumentKind } from '../../../common/contracts/documents';

async function issue(tx: Tx, event: StoredEvent, kind: DocumentKind, examId: string, branchId: string, codes: Array<[string, string]>) {
  if (codes.length === 0) return;
  await tx
    .insert(issuedDocuments)
    .values(
      codes.map(([studentId, code]) => ({ code, kind, examId, studentId, branchId, issuedAt: event.occurredAt, issuedBy: event.actorId })),
    );
}

/** The documents issued: a marksheet to each student of a sitting as its results are published, admit cards as they are issued. */
export const documentsProjection: Projection<ExamSittingEvent | AdmitCardsEvent> = {
  name: 'documents',
  tables: [issuedDocuments],
  handlers: {
    async ExamResultsPublished(tx, event) {
      const { examId, branchId, students } = event.data;
      await issue(
        tx,
        event,
        'marksheet',
        examId,
        branchId,
        students.map((student) => [student.studentId, student.marksheetCode]),
      );
    },
    async AdmitCardsIssued(tx, event) {
      const { examId, branchId, cards } = event.data;
      await issue(
        tx,
        event,
        'admit-card',
        examId,
        branchId,
        cards.map((card) => [card.studentId, card.code]),
      );
    },
  },
};
