import { eq, sql } from 'drizzle-orm';
import { documentTitle, invoiceLines, sumLines } from '../../../common/fees';
import type { InvoiceEvent } from '../../domain/invoices/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { invoiceCounters, invoicePayments, invoices } from '../schema';
import type { Projection } from './projection';

const searchText = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ').toLowerCase();

/** A rebuild leaves each counter at the highest number its events took; live, the command has set it already. */
async function raiseCounter(tx: Tx, series: string, sequence: number) {
  await tx
    .insert(invoiceCounters)
    .values({ series, last: sequence })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`greatest(${invoiceCounters.last}, excluded.last)` } });
}

function touch(tx: Tx, event: StoredEvent, change: Partial<typeof invoices.$inferInsert> = {}) {
  return tx
    .update(invoices)
    .set({ ...change, version: event.version, updatedAt: event.occurredAt })
    .where(eq(invoices.id, event.streamId));
}

type Drafted = StoredEvent<Extract<InvoiceEvent, { type: 'InvoiceDrafted' | 'InvoiceDraftChanged' }>>;

/** A draft's columns: its amounts as the supply and charging it was drafted under would make them. */
function draftColumns({ data }: Drafted) {
  const lines = invoiceLines(data.lines, data.supply, data.charged);
  const totals = sumLines(lines);
  return {
    kind: data.kind,
    branchId: data.branchId,
    branchName: data.branchName,
    partyId: data.party._id,
    partyName: data.party.name,
    party: data.party,
    date: data.date,
    dueDate: data.dueDate,
    supply: data.supply,
    title: documentTitle(data.charged, totals),
    lines,
    totals,
    total: totals.total,
    notes: data.notes,
    searchText: searchText(data.party.name),
  };
}

export const invoicesProjection: Projection<InvoiceEvent> = {
  name: 'invoices',
  tables: [invoices, invoicePayments, invoiceCounters],
  handlers: {
    async InvoiceDrafted(tx, event) {
      await tx.insert(invoices).values({
        id: event.streamId,
        stage: 'draft',
        number: null,
        paid: 0,
        ...draftColumns(event),
        version: event.version,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async InvoiceDraftChanged(tx, event) {
      await touch(tx, event, draftColumns(event));
    },
    async InvoiceDraftDeleted(tx, event) {
      // A draft has no payments, counter or document of its own: its row is all there is.
      await tx.delete(invoices).where(eq(invoices.id, event.streamId));
    },
    async InvoiceIssued(tx, event) {
      const { data } = event;
      await raiseCounter(tx, data.series, data.sequence);
      await touch(tx, event, {
        stage: 'issued',
        number: data.number,
        title: data.title,
        partyName: data.party.name,
        party: data.party,
        date: data.date,
        dueDate: data.dueDate,
        supply: data.supply,
        lines: data.lines,
        totals: data.totals,
        total: data.totals.total,
        notes: data.notes,
        seller: data.seller,
        searchText: searchText(data.number, data.party.name),
      });
    },
    async InvoiceCancelled(tx, event) {
      await raiseCounter(tx, event.data.series, event.data.sequence);
      await touch(tx, event, { stage: 'cancelled', cancelledReason: event.data.reason, creditNoteNumber: event.data.creditNoteNumber });
    },
    async PaymentRecorded(tx, event) {
      const { data } = event;
      await raiseCounter(tx, data.series, data.sequence);
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, event.streamId));
      if (!invoice) return;
      await tx.insert(invoicePayments).values({
        id: data.paymentId,
        invoiceId: event.streamId,
        invoiceNumber: invoice.number ?? '',
        receiptNumber: data.receiptNumber,
        partyId: invoice.partyId,
        partyName: invoice.partyName,
        branchId: invoice.branchId,
        branchName: invoice.branchName,
        amount: data.amount,
        mode: data.mode,
        date: data.date,
        reference: data.reference,
        chequeNumber: data.chequeNumber,
        chequeBank: data.chequeBank,
        chequeDate: data.chequeDate,
        notes: data.notes,
        reversed: false,
        reversedReason: null,
        recordedBy: event.actorId,
        recordedAt: event.occurredAt,
        searchText: searchText(data.receiptNumber, invoice.number, invoice.partyName),
      });
      await touch(tx, event, { paid: sql`${invoices.paid} + ${data.amount}` as unknown as number });
    },
    async PaymentReversed(tx, event) {
      const [payment] = await tx
        .update(invoicePayments)
        .set({ reversed: true, reversedReason: event.data.reason })
        .where(eq(invoicePayments.id, event.data.paymentId))
        .returning({ amount: invoicePayments.amount });
      await touch(tx, event, { paid: sql`${invoices.paid} - ${payment?.amount ?? 0}` as unknown as number });
    },
  },
};
