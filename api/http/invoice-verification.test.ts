import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages, VERIFICATION_CODE_PATTERN, type BillVerification } from '../../common/contracts/documents';
import { invoiceMessages, type InvoiceView } from '../../common/contracts/invoices';
import { amountInWords } from '../../common/fees';
import { formatRupees } from '../../common/money';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { pdfPages, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { maskedCode } from '../domain/invoices/verification';
import { createRecord } from '../domain/records';

// Late in the evening by UTC, already the next day in India: a credit note is dated by India's day.
const clock = testClock('2026-04-20T20:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as { admin: string; reader: string; otherBranch: string };
const ids = {} as { nagpur: string; asha: string; registrationNo: string };

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  ids.nagpur = await addBranch(db, 'Nagpur', 'NC');
  const pune = await addBranch(db, 'Pune', 'PN');
  const created = await asSystem(db, (ctx) =>
    createRecord(ctx, {
      formType: 'student',
      branchId: ids.nagpur,
      fields: { studentName: 'Asha Rao', state: 'Maharashtra', centerName: ids.nagpur },
    }),
  );
  ids.asha = created.id;
  ids.registrationNo = created.generatedNumbers!.registrationNo;
  const token = async (permissions: string[], branchId: string | null = null) =>
    tokenFor(db, auth, await addUser(db, { role: branchId ? 'branch_admin' : 'admin', permissions, branchId }), clock.now());
  tokens.admin = await token(['INVOICE_CREATE', 'INVOICE_VIEW_ALL']);
  tokens.reader = await token(['INVOICE_VIEW_ALL']);
  tokens.otherBranch = await token(['INVOICE_VIEW_BRANCH'], pune);
});
afterAll(() => accounts?.cleanup());

const call = (method: string, path: string, body?: unknown, token = tokens.admin) => accounts.call(method, path, { token, body });

/** Each look-up from an address of its own: the public endpoint counts look-ups per address. */
let lookups = 0;
const verify = (code: string) =>
  accounts.call('GET', `/public/verify/${encodeURIComponent(code)}`, { clientAddress: `198.51.100.${++lookups}` });

async function issue(
  lines: unknown[] = [{ kind: 'courseFee', description: 'Course fee', sac: '999293', quantity: 1, rate: 145_000, taxRate: 1800 }],
  issued = true,
) {
  const response = await call('POST', '/invoices', {
    kind: 'student',
    partyId: ids.asha,
    date: '2026-04-10',
    dueDate: '2026-04-25',
    lines,
    issue: issued,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as InvoiceView;
}

async function pay(invoice: InvoiceView, amount: number) {
  const response = await call('POST', `/invoices/${invoice._id}/payments`, {
    amount,
    mode: 'upi',
    date: '2026-04-12',
    reference: 'UPI-77',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as InvoiceView).payments.at(-1)!;
}

/** The institute registered for GST, so that a taxed invoice is a tax invoice under its legal name. */
async function register() {
  const saved = await call('PUT', '/invoices/settings', {
    registered: true,
    gstin: '27AAAPL1234C1ZV',
    legalName: 'Navchetana Skills Pvt Ltd',
    state: 'Maharashtra',
    stateCode: '27',
    invoiceFeesAtAdmission: false,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const pdfText = async (path: string) => {
  const response = await call('GET', path);
  expect(response.status).toBe(200);
  return (await pdfPages(response.bytes)).join('');
};

describe('an invoice’s code', () => {
  it('is drawn as the invoice is issued, printed on its PDF with its QR link, and verifies as valid', async () => {
    const draft = await call('POST', '/invoices', {
      kind: 'student',
      partyId: ids.asha,
      date: '2026-04-10',
      dueDate: '2026-04-25',
      lines: [{ kind: 'books', description: 'Books', quantity: 1, rate: 50_000 }],
    });
    expect(draft.body.data.verificationCode).toBeNull();
    expect(await pdfText(`/invoices/${draft.body.data._id}/pdf`)).not.toContain('Verificationcode');

    const invoice = await issue();
    const code = invoice.verificationCode!;
    expect(code).toMatch(VERIFICATION_CODE_PATTERN);
    expect((await call('GET', `/invoices/${invoice._id}`)).body.data.verificationCode).toBe(code);

    const text = await pdfText(`/invoices/${invoice._id}/pdf`);
    expect(text).toContain(`Verificationcode${code}`);
    expect(text).toContain(`/verify/${code}`);

    const verified = await verify(code.toLowerCase());
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toEqual({
      code,
      kind: 'bill-of-supply',
      state: 'valid',
      issuedAt: clock.now().toISOString(),
      issuedBy: 'Nagpur',
      holder: { name: 'Asha Rao', registrationNo: maskedCode(ids.registrationNo) },
      bill: { number: invoice.number!, date: '2026-04-10', total: 145_000, invoiceNumber: null, creditNoteNumber: null },
    } satisfies BillVerification);
    expect(verified.body.data.holder.registrationNo).not.toContain(ids.registrationNo.slice(0, 2));
  });

  it('names a registered institute’s taxed invoice a tax invoice, issued by its legal name and the branch', async () => {
    await register();
    const invoice = await issue();
    expect((await verify(invoice.verificationCode!)).body.data).toMatchObject({
      kind: 'tax-invoice',
      issuedBy: 'Navchetana Skills Pvt Ltd, Nagpur',
      bill: { total: 171_100 },
    });
  });

  it('verifies as cancelled with its credit note once cancelled, and the credit note verifies on its own code', async () => {
    const invoice = await issue();
    const cancelled = (await call('POST', `/invoices/${invoice._id}/cancel`, { reason: 'Billed twice' })).body.data as InvoiceView;
    expect(cancelled.creditNoteCode).toMatch(VERIFICATION_CODE_PATTERN);
    expect(cancelled.creditNoteCode).not.toBe(invoice.verificationCode);

    expect((await verify(invoice.verificationCode!)).body.data).toMatchObject({
      kind: invoice.title === 'Tax Invoice' ? 'tax-invoice' : 'bill-of-supply',
      state: 'cancelled',
      bill: { number: invoice.number, creditNoteNumber: cancelled.creditNoteNumber },
    });
    const note = await verify(cancelled.creditNoteCode!);
    expect(note.body.data).toMatchObject({
      kind: 'credit-note',
      state: 'valid',
      holder: { name: 'Asha Rao' },
      bill: { number: cancelled.creditNoteNumber, date: '2026-04-21', total: invoice.totals.total, invoiceNumber: invoice.number },
    });
    expect(await pdfText(`/invoices/${invoice._id}/pdf`)).toContain(
      unspaced(`credit note No. ${cancelled.creditNoteNumber}, verification code ${cancelled.creditNoteCode}`),
    );
  });
});

describe('GET /invoices/{id}/credit-note', () => {
  const creditNote = (id: string, token = tokens.reader) => call('GET', `/invoices/${id}/credit-note`, undefined, token);
  const twoLines = [
    { kind: 'courseFee', description: 'Tally Prime with GST', sac: '999293', quantity: 1, rate: 1_250_000, taxRate: 1800 },
    { kind: 'books', description: 'Course books', sac: '4901', quantity: 2, rate: 40_000, taxRate: 500 },
  ];

  it('answers 404 for a draft and for an issued invoice not cancelled: neither has a credit note', async () => {
    for (const invoice of [await issue(twoLines, false), await issue(twoLines)]) {
      const response = await creditNote(invoice._id);
      expect(response.status, invoice.status).toBe(404);
      expect(response.body.message).toBe(invoiceMessages.notCancelled);
    }
    const unknown = await creditNote('no-such-invoice');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(invoiceMessages.missing);
  });

  it('answers a cancelled invoice’s credit note as a PDF that reverses it in full, dated the day it was cancelled', async () => {
    await register();
    const issued = await issue(twoLines);
    expect(issued.title).toBe('Tax Invoice');
    const cancel = await call('POST', `/invoices/${issued._id}/cancel`, { reason: 'Billed to the wrong batch' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const cancelled = cancel.body.data as InvoiceView;
    const number = cancelled.creditNoteNumber!;
    const code = cancelled.creditNoteCode!;

    const response = await creditNote(issued._id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe(`inline; filename="credit-note-${number.replace(/\//g, '-')}.pdf"`);
    const pages = await pdfPages(response.bytes);
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    for (const shown of [
      'CREDIT NOTE',
      `Credit note No. ${number}`,
      'Credit note date 21/04/2026',
      `Against invoice No. ${issued.number} dated 10/04/2026`,
      'Reason: Billed to the wrong batch',
      'GSTIN: 27AAAPL1234C1ZV',
      'Asha Rao',
      'Tally Prime with GST',
      `CGST ${formatRupees(issued.totals.cgst)}`,
      `Total credited ${formatRupees(issued.totals.total)}`,
      amountInWords(issued.totals.total),
      `Verification code ${code}`,
      `/verify/${code}`,
    ]) {
      expect(page, shown).toContain(unspaced(shown));
    }
    expect(number).toMatch(/^NC\/CN\/2026-27\/\d{5}$/);
  });

  it('answers another branch’s staff as if the invoice did not exist', async () => {
    const issued = await issue(twoLines);
    expect((await call('POST', `/invoices/${issued._id}/cancel`, { reason: 'Billed twice' })).status).toBe(200);
    const other = await creditNote(issued._id, tokens.otherBranch);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(invoiceMessages.missing);
  });
});

describe('a receipt’s code', () => {
  it('is drawn with the payment, printed on the receipt, valid until the payment is reversed', async () => {
    const invoice = await issue();
    const payment = await pay(invoice, 40_000);
    const code = payment.verificationCode!;
    expect(code).toMatch(VERIFICATION_CODE_PATTERN);
    const listed = (await call('GET', `/payments?partyId=${ids.asha}&limit=100`)).body.data.payments;
    expect(listed.find((one: { _id: string }) => one._id === payment._id).verificationCode).toBe(code);

    const text = await pdfText(`/invoices/${invoice._id}/payments/${payment._id}/receipt`);
    expect(text).toContain(`Verificationcode${code}`);
    expect(text).toContain(`/verify/${code}`);
    expect(text).not.toContain(invoice.verificationCode!);

    const verified = await verify(code);
    expect(verified.body.data).toEqual({
      code,
      kind: 'receipt',
      state: 'valid',
      issuedAt: clock.now().toISOString(),
      issuedBy: expect.any(String),
      holder: { name: 'Asha Rao', registrationNo: maskedCode(ids.registrationNo) },
      bill: { number: payment.receiptNumber, date: '2026-04-12', total: 40_000, invoiceNumber: invoice.number!, creditNoteNumber: null },
    } satisfies BillVerification);

    await call('POST', `/invoices/${invoice._id}/payments/${payment._id}/reverse`, { reason: 'Cheque bounced' });
    expect((await verify(code)).body.data).toMatchObject({ kind: 'receipt', state: 'reversed' });
    // The invoice it was paid against still stands.
    expect((await verify(invoice.verificationCode!)).body.data.state).toBe('valid');
  });
});

describe('GET /public/verify/{code}', () => {
  it('answers a code no bill or document carries with 404, as before', async () => {
    const unknown = await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(documentMessages.unknownCode);
  });
});

describe('a registration number on the public page', () => {
  it.each([
    ['NC/2026/0147', '••/••••/0147'],
    ['PN01', '••01'],
    ['NC', '•C'],
    ['', ''],
  ])('%s reads %s', (code, masked) => {
    expect(maskedCode(code)).toBe(masked);
  });
});

it('keeps the verification rows equal to what a rebuild makes of the log', async () => {
  const before = await projectionSnapshot(accounts.db);
  expect(new Set(before.issued_bills?.map((row) => row.kind))).toEqual(new Set(['invoice', 'credit-note', 'receipt']));
  await rebuildProjections(accounts.db);
  expect(await projectionSnapshot(accounts.db)).toEqual(before);
});
