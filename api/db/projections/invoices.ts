import { eq, inArray, sql } from 'drizzle-orm';
import { documentTitle, invoiceLines, sumLines } from '../../../common/fees';
import type { InvoiceEvent } from '../../domain/invoices/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { invoiceCounters, invoicePayments, invoices } from '../schema';
import { chunks, insertMany, rowsAsJson, type Projection } from './projection';

const searchText = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ').toLowerCase();

/** A rebuild leaves each counter at the highest number its events took; live, the command has set it already. */
async function raiseCounter(tx: Tx, series: string, sequence: number) {
  await tx
    .insert(invoiceCounters)
    .values({ series, last: sequence })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`greatest(${invoiceCounters.last}, excluded.last)` } });
}

/** A replay's counters, each at the highest number its run took, in one statement. */
async function raiseCounters(tx: Tx, highest: Map<string, number>) {
  if (highest.size === 0) return;
  const rows = [...highest].map(([series, last]) => ({ series, last }));
  await tx.execute(sql`
    INSERT INTO ${invoiceCounters} (series, last)
    SELECT series, last FROM jsonb_populate_recordset(NULL::${invoiceCounters}, ${rowsAsJson(invoiceCounters, rows)}::jsonb)
    ON CONFLICT (series) DO UPDATE SET last = greatest(${invoiceCounters.last}, excluded.last)`);
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

type Issued = StoredEvent<Extract<InvoiceEvent, { type: 'InvoiceIssued' }>>;
type Paid = StoredEvent<Extract<InvoiceEvent, { type: 'PaymentRecorded' }>>;
type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

/** What issuing writes over the draft: the number, and the lines, party and seller as issued. */
function issuedColumns({ data }: Issued) {
  return {
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
  };
}

/** A payment's row, with its invoice's number and party as they stand when it is recorded. */
function paymentRow({ data, streamId, actorId, occurredAt }: Paid, invoice: InvoiceRow): PaymentRow {
  return {
    id: data.paymentId,
    invoiceId: streamId,
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
    recordedBy: actorId,
    recordedAt: occurredAt,
    searchText: searchText(data.receiptNumber, invoice.number, invoice.partyName),
  };
}

/** A new draft's row: no number, nothing paid. */
function draftedRow(event: Drafted): InvoiceRow {
  return {
    id: event.streamId,
    stage: 'draft',
    number: null,
    paid: 0,
    seller: null,
    cancelledReason: null,
    creditNoteNumber: null,
    ...draftColumns(event),
    version: event.version,
    createdAt: event.occurredAt,
    updatedAt: event.occurredAt,
  };
}

export const invoicesProjection: Projection<InvoiceEvent> = {
  name: 'invoices',
  tables: [invoices, invoicePayments, invoiceCounters],
  handlers: {
    async InvoiceDrafted(tx, event) {
      await tx.insert(invoices).values(draftedRow(event));
    },
    async InvoiceDraftChanged(tx, event) {
      await touch(tx, event, draftColumns(event));
    },
    async InvoiceDraftDeleted(tx, event) {
      // A draft has no payments, counter or document of its own: its row is all there is.
      await tx.delete(invoices).where(eq(invoices.id, event.streamId));
    },
    async InvoiceIssued(tx, event) {
      await raiseCounter(tx, event.data.series, event.data.sequence);
      await touch(tx, event, issuedColumns(event));
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
      await tx.insert(invoicePayments).values(paymentRow(event, invoice));
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

  /**
   * The run folded in memory, as the handlers would leave the rows: invoices and payments it
   * touches that earlier runs wrote are read once, rewritten, deleted and inserted anew.
   */
  async replay(tx, run) {
    // Only rows begun before this run are in the table: a stream drafted here, or a payment recorded here, is not.
    const firstType = new Map<string, string>();
    for (const event of run) if (!firstType.has(event.streamId)) firstType.set(event.streamId, event.type);
    const invoiceIds = [...firstType].filter(([, type]) => type !== 'InvoiceDrafted').map(([id]) => id);
    const recordedHere = new Set(run.flatMap((e) => (e.type === 'PaymentRecorded' ? [e.data.paymentId] : [])));
    const paymentIds = [
      ...new Set(run.flatMap((e) => (e.type === 'PaymentReversed' && !recordedHere.has(e.data.paymentId) ? [e.data.paymentId] : []))),
    ];
    const earlierInvoices: InvoiceRow[] = [];
    for (const ids of chunks(invoiceIds)) earlierInvoices.push(...(await tx.select().from(invoices).where(inArray(invoices.id, ids))));
    const earlierPayments: PaymentRow[] = [];
    for (const ids of chunks(paymentIds)) {
      earlierPayments.push(...(await tx.select().from(invoicePayments).where(inArray(invoicePayments.id, ids))));
    }
    const rows = new Map<string, InvoiceRow | null>(earlierInvoices.map((row) => [row.id, row]));
    const payments = new Map<string, PaymentRow>(earlierPayments.map((row) => [row.id, row]));
    const counters = new Map<string, number>();
    const counted = (series: string, sequence: number) => counters.set(series, Math.max(counters.get(series) ?? 0, sequence));
    const touched = (event: StoredEvent, change: Partial<InvoiceRow>) => {
      const row = rows.get(event.streamId);
      if (row) rows.set(event.streamId, { ...row, ...change, version: event.version, updatedAt: event.occurredAt });
    };
    for (const event of run) {
      switch (event.type) {
        case 'InvoiceDrafted':
          rows.set(event.streamId, draftedRow(event));
          break;
        case 'InvoiceDraftChanged':
          touched(event, draftColumns(event));
          break;
        case 'InvoiceDraftDeleted':
          rows.set(event.streamId, null);
          break;
        case 'InvoiceIssued':
          counted(event.data.series, event.data.sequence);
          touched(event, issuedColumns(event));
          break;
        case 'InvoiceCancelled':
          counted(event.data.series, event.data.sequence);
          touched(event, { stage: 'cancelled', cancelledReason: event.data.reason, creditNoteNumber: event.data.creditNoteNumber });
          break;
        case 'PaymentRecorded': {
          counted(event.data.series, event.data.sequence);
          const invoice = rows.get(event.streamId);
          if (!invoice) break;
          payments.set(event.data.paymentId, paymentRow(event, invoice));
          touched(event, { paid: invoice.paid + event.data.amount });
          break;
        }
        case 'PaymentReversed': {
          const payment = payments.get(event.data.paymentId);
          if (payment) payments.set(payment.id, { ...payment, reversed: true, reversedReason: event.data.reason });
          touched(event, { paid: (rows.get(event.streamId)?.paid ?? 0) - (payment?.amount ?? 0) });
          break;
        }
      }
    }
    for (const ids of chunks(earlierInvoices.map((row) => row.id))) await tx.delete(invoices).where(inArray(invoices.id, ids));
    for (const ids of chunks(earlierPayments.map((row) => row.id))) {
      await tx.delete(invoicePayments).where(inArray(invoicePayments.id, ids));
    }
    await insertMany(
      tx,
      invoices,
      [...rows.values()].filter((row): row is InvoiceRow => row !== null),
    );
    await insertMany(tx, invoicePayments, [...payments.values()]);
    await raiseCounters(tx, counters);
  },
};
