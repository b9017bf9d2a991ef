import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages, type InvoiceView } from '../../common/contracts/invoices';
import { amountInWords } from '../../common/fees';
import { formatRupees } from '../../common/money';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { pdfPages, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import { createRecord } from '../domain/records';

// Late in the evening by UTC, already the next day in India: the credit note is dated by India's day.
const clock = testClock('2026-04-20T20:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as { biller: string; reader: string; otherBranch: string };
const ids = {} as { nagpur: string; asha: string };

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  ids.nagpur = await addBranch(db, 'Nagpur', 'NC');
  const pune = await addBranch(db, 'Pune', 'PN');
  ids.asha = (
    await asSystem(db, (ctx) =>
      createRecord(ctx, {
        formType: 'student',
        branchId: ids.nagpur,
        fields: { studentName: 'Asha Rao', state: 'Maharashtra', centerName: ids.nagpur },
      }),
    )
  ).id;
  const token = async (permissions: string[], branchId: string | null = null) =>
    tokenFor(db, auth, await addUser(db, { role: branchId ? 'branch_admin' : 'admin', permissions, branchId }), clock.now());
  tokens.biller = await token(['INVOICE_CREATE']);
  tokens.reader = await token(['INVOICE_VIEW_ALL']);
  tokens.otherBranch = await token(['INVOICE_VIEW_BRANCH'], pune);
});
afterAll(() => accounts?.cleanup());

const call = (method: string, path: string, body?: unknown, token = tokens.biller) => accounts.call(method, path, { token, body });

async function draft(issue: boolean) {
  const response = await call('POST', '/invoices', {
    kind: 'student',
    partyId: ids.asha,
    date: '2026-04-10',
    dueDate: '2026-04-25',
    lines: [
      { kind: 'courseFee', description: 'Tally Prime with GST', sac: '999293', quantity: 1, rate: 1_250_000, taxRate: 1800 },
      { kind: 'books', description: 'Course books', sac: '4901', quantity: 2, rate: 40_000, taxRate: 500 },
    ],
    issue,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as InvoiceView;
}

const creditNote = (id: string, token = tokens.reader) => call('GET', `/invoices/${id}/credit-note`, undefined, token);

describe('GET /invoices/{id}/credit-note', () => {
  it('answers 404 for a draft and for an issued invoice not cancelled: neither has a credit note', async () => {
    for (const invoice of [await draft(false), await draft(true)]) {
      const response = await creditNote(invoice._id);
      expect(response.status, invoice.status).toBe(404);
      expect(response.body.message).toBe(invoiceMessages.notCancelled);
    }
    const unknown = await creditNote('no-such-invoice');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(invoiceMessages.missing);
  });

  it('answers a cancelled invoice’s credit note as a PDF that reverses it in full, dated the day it was cancelled', async () => {
    const settings = await call('PUT', '/invoices/settings', {
      registered: true,
      gstin: '27AAAPL1234C1ZV',
      legalName: 'Navchetana Skills Pvt Ltd',
      state: 'Maharashtra',
      stateCode: '27',
      invoiceFeesAtAdmission: false,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const issued = await draft(true);
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

    // The public page reads the same credit note off its code: its number, day and amount.
    const verified = await accounts.call('GET', `/public/verify/${code}`, { clientAddress: '198.51.100.7' });
    expect(verified.body.data).toMatchObject({
      kind: 'credit-note',
      bill: { number, date: '2026-04-21', total: issued.totals.total, invoiceNumber: issued.number },
    });
  });

  it('answers another branch’s staff as if the invoice did not exist', async () => {
    const issued = await draft(true);
    expect((await call('POST', `/invoices/${issued._id}/cancel`, { reason: 'Billed twice' })).status).toBe(200);
    const other = await creditNote(issued._id, tokens.otherBranch);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(invoiceMessages.missing);
  });
});
