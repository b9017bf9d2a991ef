import { invoiceMessages, type InvoiceDraftBody, type PaymentBody } from '../../../common/contracts/invoices';
import { creditNoteNumber, financialYear, receiptNumber, seriesNumber, supplyOf } from '../../../common/fees';
import { indianDay } from '../../../common/india-time';
import { readStream, type StoredEvent } from '../../db/event-store';
import { newVerificationCode } from '../documents/codes';
import type { Actor } from '../auth/actor';
import { runCommand, type CommandContext, type Decider } from '../command';
import { missing } from '../errors';
import { newId } from '../ids';
import { canRead, requireBilling, requirePaying } from './access';
import { listTaxRates, readBillingSettings, sellerOf } from './billing';
import { decide, evolve, initialInvoice, type InvoiceCommand, type InvoiceState } from './decide';
import { invoiceStream, type DraftData, type InvoiceEvent } from './events';
import { prefixOf, seriesKey, takeNumber } from './numbering';
import { billedBranch, billedStudent, type Billed } from './parties';

const invoices: Decider<InvoiceCommand, InvoiceState, InvoiceEvent> = {
  initialState: initialInvoice,
  evolve,
  decide,
  exists: (state) => state.stage !== 'none',
};

const ifMatchOf = (version: number | undefined) => (version === undefined ? undefined : { version, staleMessage: invoiceMessages.stale });

/** The stream folded, for the facts a command needs before it runs (the series, whose it is). */
async function load(ctx: CommandContext, id: string) {
  const history = await readStream(ctx.tx, invoiceStream(id));
  return { history, state: history.reduce(evolve, initialInvoice) };
}

type Existing = Exclude<InvoiceState, { stage: 'none' }>;

/** An invoice the caller reads, folded; another branch's answers as missing. */
async function loadReadable(ctx: CommandContext, actor: Actor, id: string): Promise<{ history: StoredEvent[]; state: Existing }> {
  const { history, state } = await load(ctx, id);
  if (state.stage === 'none') throw missing(invoiceMessages.missing);
  const { kind, branchId, party } = state.draft;
  if (!canRead(actor, { kind, branchId, partyId: party._id })) throw missing(invoiceMessages.missing);
  return { history, state };
}

/** An invoice the caller reads and may bill: what changing, issuing or cancelling it asks. */
async function loadBillable(ctx: CommandContext, actor: Actor, id: string) {
  const loaded = await loadReadable(ctx, actor, id);
  requireBilling(actor, loaded.state.draft.kind, loaded.state.draft.branchId);
  return loaded;
}

/** An invoice the caller reads and may take payments on. */
async function loadPayable(ctx: CommandContext, actor: Actor, id: string) {
  const loaded = await loadReadable(ctx, actor, id);
  const { kind, branchId, party } = loaded.state.draft;
  requirePaying(actor, { kind, branchId, partyId: party._id });
  return loaded;
}

async function billed(ctx: CommandContext, kind: InvoiceDraftBody['kind'], partyId: string): Promise<Billed> {
  const found = kind === 'student' ? await billedStudent(ctx.tx, partyId) : await billedBranch(ctx.tx, partyId);
  if (!found) throw missing(kind === 'student' ? invoiceMessages.studentMissing : invoiceMessages.branchMissing);
  return found;
}

/** A draft as the body describes it, after the caller's right to bill that party is checked. */
async function draftOf(ctx: CommandContext, actor: Actor, body: InvoiceDraftBody) {
  const party = await billed(ctx, body.kind, body.partyId);
  // A branch invoice is numbered in the institute's series, not the branch's.
  const branchId = body.kind === 'student' ? party.branchId : null;
  requireBilling(actor, body.kind, branchId);
  const settings = await readBillingSettings(ctx.tx);
  const draft: DraftData = {
    kind: body.kind,
    party: party.party,
    branchId,
    branchName: body.kind === 'student' ? party.branchName : null,
    date: body.date,
    dueDate: body.dueDate,
    lines: body.lines,
    notes: body.notes,
  };
  return {
    draft,
    preview: { supply: supplyOf(settings.stateCode, party.party.stateCode), charged: settings.registered },
    rates: await listTaxRates(ctx.tx),
  };
}

/** Answers the new invoice's id; issued at once when the body asks. */
export async function createInvoice(ctx: CommandContext, actor: Actor, body: InvoiceDraftBody): Promise<string> {
  const id = newId(ctx.meta.occurredAt.getTime());
  await runCommand(ctx, invoiceStream(id), invoices, { type: 'DraftInvoice', data: await draftOf(ctx, actor, body) });
  if (body.issue) await issueInvoice(ctx, actor, id);
  return id;
}

export async function changeDraft(ctx: CommandContext, actor: Actor, id: string, body: InvoiceDraftBody, expectedVersion?: number) {
  const { history } = await loadBillable(ctx, actor, id);
  const data = await draftOf(ctx, actor, body);
  await runCommand(ctx, invoiceStream(id), invoices, { type: 'ChangeDraft', data }, { ifMatch: ifMatchOf(expectedVersion), history });
  if (body.issue) await issueInvoice(ctx, actor, id);
}

/** Deletes a draft: the same right as changing it, and only while it has no number. */
export async function deleteDraft(ctx: CommandContext, actor: Actor, id: string, expectedVersion?: number) {
  const { history } = await loadBillable(ctx, actor, id);
  await runCommand(ctx, invoiceStream(id), invoices, { type: 'DeleteDraft' }, { ifMatch: ifMatchOf(expectedVersion), history });
}

/**
 * Issues a draft with the next number of its series: the student's branch code (the institute's
 * series code for a branch invoice, or a student of no branch) and the financial year of its date.
 * A refusal rolls the transaction back, the number with it.
 */
export async function issueInvoice(ctx: CommandContext, actor: Actor, id: string, expectedVersion?: number) {
  const { history, state } = await loadBillable(ctx, actor, id);
  const { draft } = state;
  const settings = await readBillingSettings(ctx.tx);
  const fresh = draft.kind === 'student' ? await billedStudent(ctx.tx, draft.party._id) : await billedBranch(ctx.tx, draft.party._id);
  const branchCode = draft.kind === 'student' && draft.branchId ? (await billedBranch(ctx.tx, draft.branchId))?.branchCode : null;
  const prefix = branchCode || settings.seriesCode;
  const year = financialYear(draft.date);
  const series = seriesKey('invoice', prefix, year);
  const sequence = state.stage === 'draft' ? await takeNumber(ctx.tx, series) : 0;
  await runCommand(
    ctx,
    invoiceStream(id),
    invoices,
    {
      type: 'IssueInvoice',
      data: {
        number: seriesNumber(prefix, year, sequence),
        series,
        sequence,
        code: newVerificationCode(),
        party: fresh?.party ?? draft.party,
        seller: sellerOf(settings),
        rates: await listTaxRates(ctx.tx),
      },
    },
    { ifMatch: ifMatchOf(expectedVersion), history },
  );
}

/** The numbered document of an issued invoice's series kind, in the invoice's prefix and the year of `date`. */
async function numberFor(ctx: CommandContext, state: InvoiceState, kind: 'credit-note' | 'receipt', date: string) {
  if (state.stage !== 'issued') return { number: '', series: '', sequence: 0 };
  const prefix = prefixOf(state.series);
  const year = financialYear(date);
  const series = seriesKey(kind, prefix, year);
  const sequence = await takeNumber(ctx.tx, series);
  return { number: (kind === 'receipt' ? receiptNumber : creditNoteNumber)(prefix, year, sequence), series, sequence };
}

export async function cancelInvoice(ctx: CommandContext, actor: Actor, id: string, reason: string, expectedVersion?: number) {
  const { history, state } = await loadBillable(ctx, actor, id);
  const note = await numberFor(ctx, state, 'credit-note', indianDay(ctx.meta.occurredAt));
  await runCommand(
    ctx,
    invoiceStream(id),
    invoices,
    {
      type: 'CancelInvoice',
      data: { reason, creditNoteNumber: note.number, series: note.series, sequence: note.sequence, creditNoteCode: newVerificationCode() },
    },
    { ifMatch: ifMatchOf(expectedVersion), history },
  );
}

/**
 * Records a payment on the invoice's own stream: two payments at once append at the same version,
 * and the one that loses runs again on the newer state, where what is due is less.
 */
export async function recordPayment(ctx: CommandContext, actor: Actor, id: string, body: PaymentBody): Promise<string> {
  const { history, state } = await loadPayable(ctx, actor, id);
  const paymentId = newId(ctx.meta.occurredAt.getTime());
  const receipt = await numberFor(ctx, state, 'receipt', body.date);
  await runCommand(
    ctx,
    invoiceStream(id),
    invoices,
    {
      type: 'RecordPayment',
      data: {
        ...body,
        paymentId,
        receiptNumber: receipt.number,
        series: receipt.series,
        sequence: receipt.sequence,
        receiptCode: newVerificationCode(),
      },
    },
    { history },
  );
  return paymentId;
}

export async function reversePayment(ctx: CommandContext, actor: Actor, id: string, paymentId: string, reason: string) {
  const { history } = await loadPayable(ctx, actor, id);
  await runCommand(ctx, invoiceStream(id), invoices, { type: 'ReversePayment', data: { paymentId, reason } }, { history });
}
