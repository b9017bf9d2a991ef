import { invoiceMessages } from '../../../common/contracts/invoices';
import { documentTitle, invoiceLines, lineProblem, rateInForce, sumLines, supplyOf } from '../../../common/fees';
import { formatRupees } from '../../../common/money';
import { conflict, invalid, missing } from '../errors';
import type { DraftData, DraftPreview, InvoiceEvent, Party, PaymentDetails, Seller } from './events';

export interface RateInForce {
  rate: number;
  from: string;
  until: string | null;
}

interface Payment {
  paymentId: string;
  amount: number;
  reversed: boolean;
}

/** An invoice's stream folded: what its commands need to know. */
export type InvoiceState =
  | { stage: 'none' }
  | { stage: 'draft'; draft: DraftData }
  | { stage: 'issued' | 'cancelled'; draft: DraftData; number: string; series: string; total: number; payments: Payment[] };

export const initialInvoice: InvoiceState = { stage: 'none' };

/** A draft as written, with the rates in force (read by the caller) that its lines must use. */
export type DraftInvoice = { type: 'DraftInvoice'; data: { draft: DraftData; preview: DraftPreview; rates: RateInForce[] } };
export type ChangeDraft = { type: 'ChangeDraft'; data: { draft: DraftData; preview: DraftPreview; rates: RateInForce[] } };
export type DeleteDraft = { type: 'DeleteDraft' };
/** The number is taken from its counter by the caller, in the same transaction; the party and seller are read afresh. */
export type IssueInvoice = {
  type: 'IssueInvoice';
  data: { number: string; series: string; sequence: number; code: string; party: Party; seller: Seller; rates: RateInForce[] };
};
export type CancelInvoice = {
  type: 'CancelInvoice';
  data: { reason: string; creditNoteNumber: string; series: string; sequence: number; creditNoteCode: string };
};
export type RecordPayment = {
  type: 'RecordPayment';
  data: PaymentDetails & { paymentId: string; receiptNumber: string; series: string; sequence: number; receiptCode: string };
};
export type ReversePayment = { type: 'ReversePayment'; data: { paymentId: string; reason: string } };

export type InvoiceCommand = DraftInvoice | ChangeDraft | DeleteDraft | IssueInvoice | CancelInvoice | RecordPayment | ReversePayment;

/** What is still to pay: the total less payments not reversed. */
export function dueOf(state: Extract<InvoiceState, { stage: 'issued' | 'cancelled' }>): number {
  return state.total - state.payments.reduce((sum, payment) => sum + (payment.reversed ? 0 : payment.amount), 0);
}

export function evolve(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceDrafted':
    case 'InvoiceDraftChanged': {
      const { supply: _supply, charged: _charged, ...draft } = event.data;
      return { stage: 'draft', draft };
    }
    case 'InvoiceDraftDeleted':
      return initialInvoice;
    case 'InvoiceIssued': {
      const { number, series, totals, kind, party, branchId, branchName, date, dueDate, lines, notes } = event.data;
      return {
        stage: 'issued',
        draft: { kind, party, branchId, branchName, date, dueDate, lines, notes },
        number,
        series,
        total: totals.total,
        payments: [],
      };
    }
    case 'InvoiceCancelled':
      return state.stage === 'issued' ? { ...state, stage: 'cancelled' } : state;
    case 'PaymentRecorded':
      return state.stage === 'issued'
        ? { ...state, payments: [...state.payments, { paymentId: event.data.paymentId, amount: event.data.amount, reversed: false }] }
        : state;
    case 'PaymentReversed':
      return state.stage === 'issued' || state.stage === 'cancelled'
        ? {
            ...state,
            payments: state.payments.map((payment) =>
              payment.paymentId === event.data.paymentId ? { ...payment, reversed: true } : payment,
            ),
          }
        : state;
  }
}

const refuse = (field: string, message: string) => invalid(message, { [field]: [message] });

/** A draft's own rules: lines that make sense, each at a rate in force on its date, and a due date not before it. */
function checkDraft(draft: DraftData, rates: RateInForce[]) {
  if (draft.lines.length === 0) throw refuse('lines', invoiceMessages.linesRequired);
  draft.lines.forEach((line, index) => {
    const problem = lineProblem(line);
    if (problem) throw refuse(`lines.${index}`, problem);
    if (!rateInForce(rates, line.taxRate, draft.date)) throw refuse(`lines.${index}.taxRate`, invoiceMessages.taxRateNotListed);
  });
  if (draft.dueDate < draft.date) throw refuse('dueDate', invoiceMessages.dueBeforeDate);
}

function checkPayment(payment: PaymentDetails, due: number) {
  if (payment.amount <= 0) throw refuse('amount', invoiceMessages.amountRequired);
  if (payment.mode === 'upi' && !payment.reference.trim()) throw refuse('reference', invoiceMessages.upiReferenceRequired);
  if (payment.mode === 'cheque') {
    if (!payment.chequeNumber.trim()) throw refuse('chequeNumber', invoiceMessages.chequeNumberRequired);
    if (!payment.chequeBank.trim()) throw refuse('chequeBank', invoiceMessages.chequeBankRequired);
    if (!payment.chequeDate.trim()) throw refuse('chequeDate', invoiceMessages.chequeDateRequired);
  }
  if (payment.amount > due) throw refuse('amount', invoiceMessages.paymentAboveDue(formatRupees(due)));
}

/** The events a command makes of an invoice, or the reason it is refused. */
export function decide(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  if (command.type === 'DraftInvoice') {
    if (state.stage !== 'none') throw conflict(invoiceMessages.notDraft);
    checkDraft(command.data.draft, command.data.rates);
    return [{ type: 'InvoiceDrafted', data: { ...command.data.draft, ...command.data.preview } }];
  }
  if (state.stage === 'none') throw missing(invoiceMessages.missing);
  switch (command.type) {
    case 'ChangeDraft':
      if (state.stage !== 'draft') throw conflict(invoiceMessages.notDraft);
      checkDraft(command.data.draft, command.data.rates);
      return [{ type: 'InvoiceDraftChanged', data: { ...command.data.draft, ...command.data.preview } }];
    case 'DeleteDraft':
      if (state.stage !== 'draft') throw conflict(invoiceMessages.deleteIssued);
      return [{ type: 'InvoiceDraftDeleted', data: {} }];
    case 'IssueInvoice': {
      if (state.stage !== 'draft') throw conflict(invoiceMessages.notDraft);
      const { number, series, sequence, code, party, seller, rates } = command.data;
      checkDraft(state.draft, rates);
      const supply = supplyOf(seller.stateCode, party.stateCode);
      const lines = invoiceLines(state.draft.lines, supply, seller.registered);
      const totals = sumLines(lines);
      return [
        {
          type: 'InvoiceIssued',
          data: {
            ...state.draft,
            party,
            lines,
            number,
            series,
            sequence,
            code,
            supply,
            totals,
            title: documentTitle(seller.registered, totals),
            seller,
          },
        },
      ];
    }
    case 'CancelInvoice': {
      if (state.stage === 'draft') throw conflict(invoiceMessages.cancelDraft);
      if (state.stage === 'cancelled') throw conflict(invoiceMessages.alreadyCancelled);
      if (state.payments.some((payment) => !payment.reversed)) throw conflict(invoiceMessages.paidCannotCancel);
      const reason = command.data.reason.trim();
      if (!reason) throw refuse('reason', invoiceMessages.reasonRequired);
      return [{ type: 'InvoiceCancelled', data: { ...command.data, reason } }];
    }
    case 'RecordPayment':
      if (state.stage === 'draft') throw conflict(invoiceMessages.paymentOnDraft);
      if (state.stage === 'cancelled') throw conflict(invoiceMessages.paymentOnCancelled);
      checkPayment(command.data, dueOf(state));
      return [{ type: 'PaymentRecorded', data: command.data }];
    case 'ReversePayment': {
      const payment = state.stage === 'draft' ? undefined : state.payments.find((p) => p.paymentId === command.data.paymentId);
      if (!payment) throw missing(invoiceMessages.paymentMissing);
      if (payment.reversed) throw conflict(invoiceMessages.alreadyReversed);
      const reason = command.data.reason.trim();
      if (!reason) throw refuse('reason', invoiceMessages.reasonRequired);
      return [{ type: 'PaymentReversed', data: { paymentId: payment.paymentId, reason } }];
    }
  }
}
