import { and, asc, count, desc, eq, gte, inArray, like, lte, or, sql, sum, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  invoiceMessages,
  paymentModeLabels,
  type InvoiceRow,
  type InvoiceStatus,
  type InvoiceView,
  type PaymentMode,
  type PaymentView,
  type feeSummary,
  type invoiceList,
  type invoiceListQuery,
  type paymentList,
  type paymentListQuery,
} from '../../../common/contracts/invoices';
import { amountInWords, invoiceStatus, type Supply } from '../../../common/fees';
import { formatRupees } from '../../../common/money';
import type { Executor } from '../../db/client';
import { readStream } from '../../db/event-store';
import { containing } from '../../db/like';
import { inPages, type ExportTable } from '../../export/columns';
import { invoicePayments, invoices, issuedBills, users } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { missing } from '../errors';
import { canRead } from './access';
import { invoiceStream, type InvoiceEvent, type Party, type Seller } from './events';
import { invoiceCodes } from './verification';

export type InvoiceFilters = Omit<z.infer<typeof invoiceListQuery>, 'page' | 'limit'>;
export type PaymentFilters = Omit<z.infer<typeof paymentListQuery>, 'page' | 'limit'>;
type Paging = { page: number; limit: number };

type InvoiceRecord = typeof invoices.$inferSelect;
type PaymentRecord = typeof invoicePayments.$inferSelect;

/** What an invoice row stands at today (India's day). */
function statusOf(row: InvoiceRecord, today: string): InvoiceStatus {
  return invoiceStatus({
    issued: row.stage !== 'draft',
    cancelled: row.stage === 'cancelled',
    total: row.total,
    paid: row.paid,
    dueDate: row.dueDate,
    today,
  });
}

const dueOf = (row: InvoiceRecord) => (row.stage === 'cancelled' ? 0 : row.total - row.paid);

/** The status as SQL, the same rules as `invoiceStatus`, so the list filters on it. */
const statusSql = (today: string) => sql<InvoiceStatus>`case
  when ${invoices.stage} = 'cancelled' then 'cancelled'
  when ${invoices.stage} = 'draft' then 'draft'
  when ${invoices.paid} >= ${invoices.total} then 'paid'
  when ${invoices.dueDate} < ${today} then 'overdue'
  when ${invoices.paid} > 0 then 'part-paid'
  else 'issued' end`;

const dueSql = sql`case when ${invoices.stage} = 'cancelled' then 0 else ${invoices.total} - ${invoices.paid} end`;

/** A branch's staff see their branch's students' invoices and those billed to their branch; `scope` null is institute-wide. */
function invoiceScope(scope: string | null): SQL | undefined {
  if (scope === null) return undefined;
  return or(eq(invoices.branchId, scope), and(eq(invoices.kind, 'branch'), eq(invoices.partyId, scope)));
}

function paymentScope(actor: Actor): SQL | undefined {
  const scope = branchScope(actor);
  if (scope === null) return undefined;
  return or(eq(invoicePayments.branchId, scope), eq(invoicePayments.partyId, scope));
}

/** Part of the lower-case search text, as LIKE so the trigram index finds it (strpos would read every row). */
const contains = (column: Column, search: string) => like(column, containing(search.toLowerCase()));

function invoiceFilter(scope: string | null, query: InvoiceFilters, today: string) {
  return and(
    invoiceScope(scope),
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    query.status ? sql`${statusSql(today)} = ${query.status}` : undefined,
    query.branchId ? eq(invoices.branchId, query.branchId) : undefined,
    query.partyId ? eq(invoices.partyId, query.partyId) : undefined,
    query.from ? gte(invoices.date, query.from) : undefined,
    query.to ? lte(invoices.date, query.to) : undefined,
    query.search ? contains(invoices.searchText, query.search) : undefined,
  );
}

function invoiceOrder(query: InvoiceFilters): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    date: invoices.date,
    number: invoices.number,
    total: invoices.total,
    due: dueSql,
    dueDate: invoices.dueDate,
    partyName: sql`lower(${invoices.partyName})`,
  }[query.sortBy];
  return [direction(key), direction(invoices.createdAt), direction(invoices.id)];
}

function rowOf(row: InvoiceRecord, today: string): InvoiceRow {
  return {
    _id: row.id,
    kind: row.kind as InvoiceRow['kind'],
    number: row.number,
    status: statusOf(row, today),
    branchId: row.branchId,
    branchName: row.branchName,
    partyId: row.partyId,
    partyName: row.partyName,
    date: row.date,
    dueDate: row.dueDate,
    total: row.total,
    paid: row.paid,
    due: dueOf(row),
    version: row.version,
  };
}

/**
 * The statements of a list: the page asked for, and the count and sums of every invoice that
 * matches (cancelled ones and drafts bill nothing). `scope` is the caller's branch, null for the
 * institute's staff.
 */
export function invoiceListQueries(db: Executor, scope: string | null, query: InvoiceFilters & Paging, today: string) {
  const filter = invoiceFilter(scope, query, today);
  const counted = sql`case when ${invoices.stage} = 'issued' then 1 else 0 end`;
  return {
    page: invoicePage(db, scope, query, today)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    totals: db
      .select({
        n: count(),
        billed: sum(sql`${counted} * ${invoices.total}`),
        received: sum(sql`${counted} * ${invoices.paid}`),
        due: sum(sql`${counted} * (${invoices.total} - ${invoices.paid})`),
      })
      .from(invoices)
      .where(filter),
  };
}

const invoicePage = (db: Executor, scope: string | null, query: InvoiceFilters, today: string) =>
  db
    .select()
    .from(invoices)
    .where(invoiceFilter(scope, query, today))
    .orderBy(...invoiceOrder(query));

async function invoiceRows(db: Executor, actor: Actor, query: InvoiceFilters, today: string) {
  const rows = await invoicePage(db, branchScope(actor), query, today);
  return rows.map((row) => rowOf(row, today));
}

/** The page asked for, and the count and sums of every invoice that matches. */
export async function listInvoices(
  db: Executor,
  actor: Actor,
  query: InvoiceFilters & Paging,
  today: string,
): Promise<z.infer<typeof invoiceList>> {
  const queries = invoiceListQueries(db, branchScope(actor), query, today);
  const [rows, [totals]] = await Promise.all([queries.page, queries.totals]);
  const total = Number(totals?.n ?? 0);
  return {
    invoices: rows.map((row) => rowOf(row, today)),
    sums: { billed: Number(totals?.billed ?? 0), received: Number(totals?.received ?? 0), due: Number(totals?.due ?? 0) },
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** Payments with the codes of their receipts. */
const paymentsWithCodes = (db: Executor) =>
  db
    .select({ payment: invoicePayments, receiptCode: issuedBills.code })
    .from(invoicePayments)
    .leftJoin(issuedBills, eq(issuedBills.paymentId, invoicePayments.id));

function paymentOf({ payment: row, receiptCode }: { payment: PaymentRecord; receiptCode: string | null }): PaymentView {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    receiptNumber: row.receiptNumber,
    partyName: row.partyName,
    branchId: row.branchId,
    branchName: row.branchName,
    amount: row.amount,
    mode: row.mode as PaymentMode,
    date: row.date,
    reference: row.reference,
    chequeNumber: row.chequeNumber,
    chequeBank: row.chequeBank,
    chequeDate: row.chequeDate,
    notes: row.notes,
    reversed: row.reversed,
    reversedReason: row.reversedReason,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
    verificationCode: receiptCode,
  };
}

function paymentFilter(actor: Actor, query: PaymentFilters) {
  return and(
    paymentScope(actor),
    query.mode ? eq(invoicePayments.mode, query.mode) : undefined,
    query.branchId ? eq(invoicePayments.branchId, query.branchId) : undefined,
    query.partyId ? eq(invoicePayments.partyId, query.partyId) : undefined,
    query.from ? gte(invoicePayments.date, query.from) : undefined,
    query.to ? lte(invoicePayments.date, query.to) : undefined,
    query.search ? contains(invoicePayments.searchText, query.search) : undefined,
  );
}

async function paymentRows(db: Executor, actor: Actor, query: PaymentFilters, paging?: { offset: number; limit: number }) {
  const direction = query.order === 'asc' ? asc : desc;
  const key = { date: invoicePayments.date, amount: invoicePayments.amount, receiptNumber: invoicePayments.receiptNumber }[query.sortBy];
  const base = paymentsWithCodes(db)
    .where(paymentFilter(actor, query))
    .orderBy(direction(key), direction(invoicePayments.recordedAt), direction(invoicePayments.id));
  const rows = paging ? await base.limit(paging.limit).offset(paging.offset) : await base;
  return rows.map(paymentOf);
}

export async function listPayments(db: Executor, actor: Actor, query: PaymentFilters & Paging): Promise<z.infer<typeof paymentList>> {
  const filter = paymentFilter(actor, query);
  const [matching] = await db.select({ n: count() }).from(invoicePayments).where(filter);
  const byMode = await db
    .select({ mode: invoicePayments.mode, amount: sum(invoicePayments.amount), count: count() })
    .from(invoicePayments)
    .where(and(filter, eq(invoicePayments.reversed, false)))
    .groupBy(invoicePayments.mode)
    .orderBy(invoicePayments.mode);
  const total = Number(matching?.n ?? 0);
  return {
    payments: await paymentRows(db, actor, query, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    byMode: byMode.map((row) => ({ mode: row.mode as PaymentMode, amount: Number(row.amount ?? 0), count: Number(row.count) })),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** The invoices matching a list's filters, every one, as a file's rows: a thousand read at a time. */
export function invoicesExport(db: Executor, actor: Actor, query: InvoiceFilters, today: string): ExportTable<InvoiceRow> {
  const scope = branchScope(actor);
  return {
    fileName: (today) => `invoices-${today}`,
    sheet: 'Invoices',
    columns: [
      { header: 'Number', value: (r) => r.number, width: 18 },
      { header: 'Kind', value: (r) => r.kind },
      { header: 'Status', value: (r) => r.status },
      { header: 'Billed to', value: (r) => r.partyName, width: 28 },
      { header: 'Branch', value: (r) => r.branchName, width: 20 },
      { header: 'Date', kind: 'date', value: (r) => r.date },
      { header: 'Due date', kind: 'date', value: (r) => r.dueDate },
      { header: 'Total', kind: 'money', value: (r) => r.total, width: 14 },
      { header: 'Paid', kind: 'money', value: (r) => r.paid, width: 14 },
      { header: 'Due', kind: 'money', value: (r) => r.due, width: 14 },
    ],
    rows: inPages(async (offset, limit) =>
      (await invoicePage(db, scope, query, today).limit(limit).offset(offset)).map((row) => rowOf(row, today)),
    ),
  };
}

/** The payments matching a list's filters, every one, as a file's rows. */
export function paymentsExport(db: Executor, actor: Actor, query: PaymentFilters): ExportTable<PaymentView> {
  return {
    fileName: (today) => `payments-${today}`,
    sheet: 'Payments',
    columns: [
      { header: 'Receipt', value: (p) => p.receiptNumber, width: 18 },
      { header: 'Invoice', value: (p) => p.invoiceNumber, width: 18 },
      { header: 'Received from', value: (p) => p.partyName, width: 28 },
      { header: 'Branch', value: (p) => p.branchName, width: 20 },
      { header: 'Date', kind: 'date', value: (p) => p.date },
      { header: 'Mode', value: (p) => paymentModeLabels[p.mode] },
      { header: 'Amount', kind: 'money', value: (p) => p.amount, width: 14 },
      { header: 'Reference', value: (p) => p.reference, width: 18 },
      { header: 'Cheque number', value: (p) => p.chequeNumber },
      { header: 'Cheque bank', value: (p) => p.chequeBank },
      { header: 'Cheque date', kind: 'date', value: (p) => p.chequeDate },
      { header: 'Reversed', kind: 'yes-no', value: (p) => p.reversed },
      { header: 'Reason', value: (p) => p.reversedReason, width: 28 },
    ],
    rows: inPages((offset, limit) => paymentRows(db, actor, query, { offset, limit })),
  };
}

function summaryOf(event: InvoiceEvent, receipts: Map<string, string>): string {
  switch (event.type) {
    case 'InvoiceDrafted':
      return 'Saved as a draft';
    case 'InvoiceDraftChanged':
      return 'Draft changed';
    case 'InvoiceDraftDeleted':
      return 'Draft deleted';
    case 'InvoiceIssued':
      return `Issued as ${event.data.number}, ${formatRupees(event.data.totals.total)}`;
    case 'InvoiceCancelled':
      return `Cancelled by credit note ${event.data.creditNoteNumber}: ${event.data.reason}`;
    case 'PaymentRecorded':
      return `${formatRupees(event.data.amount)} received by ${paymentModeLabels[event.data.mode]}, receipt ${event.data.receiptNumber}`;
    case 'PaymentReversed':
      return `Payment ${receipts.get(event.data.paymentId) ?? ''} reversed: ${event.data.reason}`;
  }
}

async function timelineOf(db: Executor, id: string): Promise<InvoiceView['timeline']> {
  const history = await readStream(db, invoiceStream(id));
  const actorIds = [...new Set(history.map((event) => event.actorId).filter((actorId): actorId is string => actorId !== null))];
  const names = new Map(
    actorIds.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))).map((u) => [u.id, u.name])
      : [],
  );
  const receipts = new Map<string, string>();
  return history.map((event) => {
    if (event.type === 'PaymentRecorded') receipts.set(event.data.paymentId, event.data.receiptNumber);
    return {
      type: event.type,
      summary: summaryOf(event, receipts),
      actorName: event.actorId ? (names.get(event.actorId) ?? null) : null,
      occurredAt: event.occurredAt.toISOString(),
    };
  });
}

/** One invoice as the caller may read it, or null (none, or another branch's). */
export async function findInvoice(db: Executor, actor: Actor, id: string, today: string): Promise<InvoiceView | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row || !canRead(actor, { kind: row.kind as InvoiceRow['kind'], branchId: row.branchId, partyId: row.partyId })) return null;
  const payments = await paymentsWithCodes(db).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.recordedAt));
  const { stateCode: _stateCode, ...party } = row.party as Party;
  const codes = await invoiceCodes(db, id);
  return {
    _id: row.id,
    kind: row.kind as InvoiceView['kind'],
    number: row.number,
    title: row.title as InvoiceView['title'],
    status: statusOf(row, today),
    branchId: row.branchId,
    branchName: row.branchName,
    party,
    date: row.date,
    dueDate: row.dueDate,
    supply: row.supply as Supply,
    lines: row.lines as InvoiceView['lines'],
    totals: row.totals as InvoiceView['totals'],
    paid: row.paid,
    due: dueOf(row),
    amountInWords: amountInWords(row.total),
    notes: row.notes,
    cancelledReason: row.cancelledReason,
    creditNoteNumber: row.creditNoteNumber,
    creditNoteCode: codes.creditNote,
    verificationCode: codes.invoice,
    payments: payments.map(paymentOf),
    timeline: await timelineOf(db, id),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function requireInvoice(db: Executor, actor: Actor, id: string, today: string): Promise<InvoiceView> {
  const view = await findInvoice(db, actor, id, today);
  if (!view) throw missing(invoiceMessages.missing);
  return view;
}

/** The seller an issued invoice was issued by; null for a draft, which takes the current profile. */
export async function issuedSeller(db: Executor, id: string) {
  const [row] = await db.select({ seller: invoices.seller }).from(invoices).where(eq(invoices.id, id));
  return (row?.seller as Seller | null) ?? null;
}

/** A student's fees: their invoices and payments, and what they add up to (drafts and cancelled invoices bill nothing). */
export async function studentFees(db: Executor, actor: Actor, studentId: string, today: string) {
  const all = { kind: 'student', partyId: studentId, sortBy: 'date', order: 'desc' } as const;
  const rows = await invoiceRows(db, actor, all, today);
  const payments = await paymentRows(db, actor, { ...all, sortBy: 'date' });
  const open = rows.filter((row) => row.status !== 'draft' && row.status !== 'cancelled');
  const owing = open.filter((row) => row.due > 0);
  const summary: z.infer<typeof feeSummary> = {
    billed: open.reduce((n, row) => n + row.total, 0),
    paid: open.reduce((n, row) => n + row.paid, 0),
    due: owing.reduce((n, row) => n + row.due, 0),
    nextDueDate: owing.map((row) => row.dueDate).sort()[0] ?? null,
    overdue: rows.filter((row) => row.status === 'overdue').length,
  };
  return { ...summary, invoices: rows, payments };
}
