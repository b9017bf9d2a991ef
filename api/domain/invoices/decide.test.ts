import { describe, expect, it } from 'vitest';
import { invoiceMessages, type InvoiceLineInput } from '../../../common/contracts/invoices';
import { DomainError } from '../errors';
import { decide, evolve, initialInvoice, type InvoiceCommand, type InvoiceState } from './decide';
import type { DraftData, InvoiceEvent, Seller } from './events';

const rates = [
  { rate: 0, from: '2025-09-22', until: null },
  { rate: 1800, from: '2025-09-22', until: null },
  { rate: 1200, from: '2017-07-01', until: '2025-09-21' },
];
const line: InvoiceLineInput = {
  kind: 'courseFee',
  description: 'Course fee',
  sac: '999293',
  quantity: 1,
  rate: 100_000,
  discount: 0,
  taxRate: 1800,
};
const party = { _id: 's1', name: 'Asha Rao', code: 'NC001', address: '', state: 'Maharashtra', stateCode: '27', gstin: null };
const draft: DraftData = {
  kind: 'student',
  party,
  branchId: 'b1',
  branchName: 'Nagpur',
  date: '2026-04-10',
  dueDate: '2026-04-25',
  lines: [line],
  notes: '',
};
const seller: Seller = {
  registered: true,
  gstin: '',
  legalName: 'Institute',
  address: '',
  state: 'Maharashtra',
  stateCode: '27',
  seriesCode: 'HO',
  invoiceFeesAtAdmission: false,
  defaultDueDays: 15,
  courseFeeSac: '999293',
  courseFeeTaxRate: 1800,
  name: 'Institute',
};

const fold = (events: InvoiceEvent[]): InvoiceState => events.reduce(evolve, initialInvoice);
const run = (command: InvoiceCommand, state: InvoiceState) => decide(command, state);
const after = (state: InvoiceState, command: InvoiceCommand) => run(command, state).reduce(evolve, state);

function refusal(command: InvoiceCommand, state: InvoiceState) {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error(`${command.type} was not refused`);
}

const draftCommand = (change: Partial<DraftData> = {}): InvoiceCommand => ({
  type: 'DraftInvoice',
  data: { draft: { ...draft, ...change }, preview: { supply: 'intra', charged: true }, rates },
});
const issueCommand: InvoiceCommand = {
  type: 'IssueInvoice',
  data: { number: 'NC/2026-27/00001', series: 'invoice|NC|2026-27', sequence: 1, code: 'INV4K-7Q2MX-9PL3D-WR8TA', party, seller, rates },
};
const pay = (amount: number, change: Record<string, string> = {}): InvoiceCommand => ({
  type: 'RecordPayment',
  data: {
    amount,
    mode: 'cash',
    date: '2026-04-12',
    reference: '',
    chequeNumber: '',
    chequeBank: '',
    chequeDate: '',
    notes: '',
    paymentId: `p${amount}`,
    receiptNumber: 'NC/RC/2026-27/00001',
    series: 'receipt|NC|2026-27',
    sequence: 1,
    receiptCode: 'RC7MK-4Q2XA-9PN3D-WR8TB',
    ...change,
  },
});
const cancel: InvoiceCommand = {
  type: 'CancelInvoice',
  data: {
    reason: 'Billed twice',
    creditNoteNumber: 'NC/CN/2026-27/00001',
    series: 'credit-note|NC|2026-27',
    sequence: 1,
    creditNoteCode: 'CN2K7-H4Q9M-XP3DA-WR8TC',
  },
};

const drafted = after(initialInvoice, draftCommand());
const issued = after(drafted, issueCommand);
const cancelled = after(issued, cancel);

describe('drafting', () => {
  it('keeps the draft with how its amounts are previewed', () => {
    expect(run(draftCommand(), initialInvoice)).toEqual([{ type: 'InvoiceDrafted', data: { ...draft, supply: 'intra', charged: true } }]);
    expect(drafted).toEqual({ stage: 'draft', draft });
  });

  it.each([
    ['a quantity of zero', { quantity: 0 }, invoiceMessages.negativeQuantity],
    ['a negative rate', { rate: -1 }, invoiceMessages.negativeRate],
    ['a discount above the line', { discount: 100_001 }, invoiceMessages.discountAboveLine],
    ['a tax rate not in force on the date', { taxRate: 1200 }, invoiceMessages.taxRateNotListed],
  ])('refuses %s', (_, change, message) => {
    expect(refusal(draftCommand({ lines: [{ ...line, ...change }] }), initialInvoice)).toEqual({ kind: 'invalid', message });
  });

  it('takes a rate that was in force on an earlier date, and refuses a due date before the date', () => {
    expect(
      run(draftCommand({ date: '2025-06-01', dueDate: '2025-06-10', lines: [{ ...line, taxRate: 1200 }] }), initialInvoice),
    ).toHaveLength(1);
    expect(refusal(draftCommand({ dueDate: '2026-04-09' }), initialInvoice)).toEqual({
      kind: 'invalid',
      message: invoiceMessages.dueBeforeDate,
    });
    expect(refusal(draftCommand({ lines: [] }), initialInvoice)).toEqual({ kind: 'invalid', message: invoiceMessages.linesRequired });
  });

  it('changes only a draft', () => {
    const change: InvoiceCommand = {
      type: 'ChangeDraft',
      data: { draft: { ...draft, notes: 'x' }, preview: { supply: 'intra', charged: true }, rates },
    };
    expect(run(change, drafted)[0]!.type).toBe('InvoiceDraftChanged');
    expect(refusal(change, issued)).toEqual({ kind: 'conflict', message: invoiceMessages.notDraft });
    expect(refusal(change, initialInvoice)).toEqual({ kind: 'not-found', message: invoiceMessages.missing });
  });

  it('deletes only a draft, which folds back to no invoice', () => {
    const remove: InvoiceCommand = { type: 'DeleteDraft' };
    expect(run(remove, drafted)).toEqual([{ type: 'InvoiceDraftDeleted', data: {} }]);
    const deleted = after(drafted, remove);
    expect(deleted).toEqual(initialInvoice);
    expect(refusal(remove, deleted)).toEqual({ kind: 'not-found', message: invoiceMessages.missing });
    expect(refusal(issueCommand, deleted)).toEqual({ kind: 'not-found', message: invoiceMessages.missing });
    expect(refusal(remove, issued)).toEqual({ kind: 'conflict', message: invoiceMessages.deleteIssued });
    expect(refusal(remove, cancelled)).toEqual({ kind: 'conflict', message: invoiceMessages.deleteIssued });
  });
});

describe('issuing', () => {
  it('fixes lines, taxes, totals, title, party and verification code as issued', () => {
    const [event] = run(issueCommand, drafted);
    expect(event).toMatchObject({
      type: 'InvoiceIssued',
      data: {
        number: 'NC/2026-27/00001',
        code: 'INV4K-7Q2MX-9PL3D-WR8TA',
        supply: 'intra',
        title: 'Tax Invoice',
        party: { name: 'Asha Rao', state: 'Maharashtra' },
        lines: [{ amount: 100_000, taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0, total: 118_000 }],
        totals: { total: 118_000 },
      },
    });
    expect(issued).toMatchObject({ stage: 'issued', total: 118_000, payments: [] });
  });

  it('charges IGST across states and no tax when the institute is not registered', () => {
    const across = run(
      { ...issueCommand, data: { ...issueCommand.data, party: { ...party, stateCode: '29' } } } as InvoiceCommand,
      drafted,
    );
    expect(across[0]).toMatchObject({ data: { supply: 'inter', totals: { igst: 18_000, cgst: 0 } } });
    const unregistered = run(
      { ...issueCommand, data: { ...issueCommand.data, seller: { ...seller, registered: false } } } as InvoiceCommand,
      drafted,
    );
    expect(unregistered[0]).toMatchObject({ data: { title: 'Bill of Supply', totals: { total: 100_000 } } });
  });

  it('issues a draft once', () => {
    expect(refusal(issueCommand, issued)).toEqual({ kind: 'conflict', message: invoiceMessages.notDraft });
    expect(refusal(issueCommand, initialInvoice)).toEqual({ kind: 'not-found', message: invoiceMessages.missing });
  });
});

describe('payments', () => {
  it('records part payments and refuses one above what is due', () => {
    const part = after(issued, pay(18_000));
    expect(part).toMatchObject({ payments: [{ paymentId: 'p18000', amount: 18_000, reversed: false }] });
    expect(run(pay(100_000), part)).toHaveLength(1);
    expect(refusal(pay(100_001), part)).toEqual({ kind: 'invalid', message: invoiceMessages.paymentAboveDue('₹1,000.00') });
  });

  it('refuses a payment on a draft or a cancelled invoice', () => {
    expect(refusal(pay(100), drafted)).toEqual({ kind: 'conflict', message: invoiceMessages.paymentOnDraft });
    expect(refusal(pay(100), cancelled)).toEqual({ kind: 'conflict', message: invoiceMessages.paymentOnCancelled });
    expect(refusal(pay(100), initialInvoice)).toEqual({ kind: 'not-found', message: invoiceMessages.missing });
  });

  it('asks a UPI payment for its reference and a cheque for its number, bank and date', () => {
    expect(refusal(pay(100, { mode: 'upi' }), issued).message).toBe(invoiceMessages.upiReferenceRequired);
    expect(run(pay(100, { mode: 'upi', reference: 'UPI123' }), issued)).toHaveLength(1);
    const cheque = { mode: 'cheque', chequeNumber: '123456', chequeBank: 'SBI', chequeDate: '2026-04-12' };
    expect(refusal(pay(100, { ...cheque, chequeNumber: '' }), issued).message).toBe(invoiceMessages.chequeNumberRequired);
    expect(refusal(pay(100, { ...cheque, chequeBank: '' }), issued).message).toBe(invoiceMessages.chequeBankRequired);
    expect(refusal(pay(100, { ...cheque, chequeDate: '' }), issued).message).toBe(invoiceMessages.chequeDateRequired);
    expect(run(pay(100, cheque), issued)).toHaveLength(1);
    expect(refusal(pay(0), issued).message).toBe(invoiceMessages.amountRequired);
  });

  it('reverses a payment once, giving its amount back to what is due', () => {
    const paid = after(issued, pay(118_000));
    const reverse: InvoiceCommand = { type: 'ReversePayment', data: { paymentId: 'p118000', reason: 'Cheque bounced' } };
    const reversed = after(paid, reverse);
    expect(run(pay(118_000), reversed)).toHaveLength(1);
    expect(refusal(reverse, reversed)).toEqual({ kind: 'conflict', message: invoiceMessages.alreadyReversed });
    expect(refusal({ type: 'ReversePayment', data: { paymentId: 'nope', reason: 'x' } }, paid)).toEqual({
      kind: 'not-found',
      message: invoiceMessages.paymentMissing,
    });
    expect(refusal({ type: 'ReversePayment', data: { paymentId: 'p118000', reason: ' ' } }, paid).message).toBe(
      invoiceMessages.reasonRequired,
    );
  });
});

describe('cancelling', () => {
  it('cancels an issued invoice with its credit note', () => {
    expect(run(cancel, issued)).toEqual([{ type: 'InvoiceCancelled', data: cancel.data }]);
    expect(cancelled).toMatchObject({ stage: 'cancelled' });
  });

  it('refuses a draft, a second cancellation, an invoice with payments not reversed, and no reason', () => {
    expect(refusal(cancel, drafted)).toEqual({ kind: 'conflict', message: invoiceMessages.cancelDraft });
    expect(refusal(cancel, cancelled)).toEqual({ kind: 'conflict', message: invoiceMessages.alreadyCancelled });
    expect(refusal(cancel, after(issued, pay(100)))).toEqual({ kind: 'conflict', message: invoiceMessages.paidCannotCancel });
    expect(refusal({ ...cancel, data: { ...cancel.data, reason: '' } } as InvoiceCommand, issued).message).toBe(
      invoiceMessages.reasonRequired,
    );
  });
});

it('folds nothing into no invoice', () => {
  expect(fold([])).toEqual(initialInvoice);
});
