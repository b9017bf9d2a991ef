import { eq } from 'drizzle-orm';
import type { AdmitCardsEvent } from '../../domain/documents/events';
import type { ExamSittingEvent } from '../../domain/exam-results/events';
import type { InvoiceEvent } from '../../domain/invoices/events';
import type { IssuedBillKind } from '../../domain/invoices/verification';
import type { StoredEvent } from '../event-store';
import type { Tx } from '../client';
import { issuedBills, issuedDocuments } from '../schema';
import { insertMany, type Projection } from './projection';
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

type BillEvent = StoredEvent<Extract<InvoiceEvent, { type: 'InvoiceIssued' | 'InvoiceCancelled' | 'PaymentRecorded' }>>;

/** A bill's code, on its invoice's stream: the invoice's own, its credit note's, or a payment's receipt's. */
function billRow(event: BillEvent): typeof issuedBills.$inferInsert {
  const bill = (kind: IssuedBillKind, code: string, paymentId: string | null = null) => ({
    code,
    kind,
    invoiceId: event.streamId,
    paymentId,
    issuedAt: event.occurredAt,
  });
  switch (event.type) {
    case 'InvoiceIssued':
      return bill('invoice', event.data.code);
    case 'InvoiceCancelled':
      return bill('credit-note', event.data.creditNoteCode);
    case 'PaymentRecorded':
      return bill('receipt', event.data.receiptCode, event.data.paymentId);
  }
}

async function issueBill(tx: Tx, event: BillEvent) {
  await tx.insert(issuedBills).values(billRow(event));
}

/**
 * The documents issued: a marksheet to each student of a sitting as its results are published, a
 * new one on a revision, admit cards as they are issued; an invoice as it is issued, its credit
 * note as it is cancelled and a receipt as a payment is recorded.
 */
export const documentsProjection: Projection<
  ExamSittingEvent | AdmitCardsEvent | InvoiceEvent,
  'ExamResultsPublished' | 'ResultsRevised' | 'AdmitCardsIssued' | 'InvoiceIssued' | 'InvoiceCancelled' | 'PaymentRecorded'
> = {
  name: 'documents',
  tables: [issuedDocuments, issuedBills],
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
    InvoiceIssued: issueBill,
    InvoiceCancelled: issueBill,
    PaymentRecorded: issueBill,
  },

  // Bills are only ever added: a run's are inserted at once; the exams' documents go event by event.
  replays: ['InvoiceIssued', 'InvoiceCancelled', 'PaymentRecorded'],
  async replay(tx, run) {
    await insertMany(tx, issuedBills, (run as BillEvent[]).map(billRow));
  },
};
