import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../common/contracts/invoices';
import { formatRupees } from '../../common/money';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { testClock } from '../../tests/support/test-database';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { createRecord } from '../domain/records';

const clock = testClock('2026-04-20T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as { biller: string; reader: string; nobody: string; branchStaff: string; payer: string };
const ids = {} as { nagpur: string; pune: string; asha: string; ravi: string; puneStudent: string };

async function addStudent(name: string, branchId: string, state = 'Maharashtra') {
  const { id } = await asSystem(accounts.db, (ctx) =>
    createRecord(ctx, { formType: 'student', branchId, fields: { studentName: name, state, centerName: branchId } }),
  );
  return id;
}

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  ids.nagpur = await addBranch(db, 'Nagpur', 'NC');
  ids.pune = await addBranch(db, 'Pune', 'PN');
  ids.asha = await addStudent('Asha Rao', ids.nagpur);
  ids.ravi = await addStudent('Ravi Kumar', ids.nagpur, 'Karnataka');
  ids.puneStudent = await addStudent('Pune Student', ids.pune);
  const token = async (permissions: string[], branchId: string | null = null) =>
    tokenFor(db, auth, await addUser(db, { role: branchId ? 'branch_admin' : 'admin', permissions, branchId }), clock.now());
  tokens.biller = await token(['INVOICE_CREATE']);
  tokens.reader = await token(['INVOICE_VIEW_ALL']);
  tokens.payer = await token(['INVOICE_PAYMENT_RECORDS']);
  tokens.nobody = await token(['COURSE_LIST']);
  tokens.branchStaff = await token(['INVOICE_CREATE_STUDENT', 'INVOICE_VIEW_BRANCH'], ids.nagpur);
});
afterAll(() => accounts?.cleanup());

const call = (method: string, path: string, body?: unknown, token = tokens.biller, headers: Record<string, string> = {}) =>
  accounts.call(method, path, { token, body, headers });

const line = { kind: 'courseFee', description: 'Course fee', sac: '999293', quantity: 1, rate: 100_000, taxRate: 1800 };
const draft = (partyId: string, change: Record<string, unknown> = {}) => ({
  kind: 'student',
  partyId,
  date: '2026-04-10',
  dueDate: '2026-04-25',
  lines: [line, { kind: 'books', description: 'Books', sac: '4901', quantity: 2, rate: 25_000, discount: 5_000, taxRate: 0 }],
  ...change,
});

async function issued(partyId = ids.asha, change: Record<string, unknown> = {}) {
  const response = await call('POST', '/invoices', draft(partyId, { issue: true, ...change }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

const invoice = async (id: string) => (await call('GET', `/invoices/${id}`, undefined, tokens.reader)).body.data;

describe('drafts and issue', () => {
  it('saves a draft without a number, then issues it with the next number of its branch and year', async () => {
    const created = await call('POST', '/invoices', draft(ids.asha));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(invoiceMessages.created);
    expect(created.body.data).toMatchObject({ number: null, status: 'draft', branchId: ids.nagpur, branchName: 'Nagpur', version: 1 });
    expect(created.headers.get('ETag')).toBe('"1"');

    const stale = await call('POST', `/invoices/${created.body.data._id}/issue`, undefined, tokens.biller, { 'If-Match': '"7"' });
    expect(stale.status).toBe(412);

    const issue = await call('POST', `/invoices/${created.body.data._id}/issue`, undefined, tokens.biller, { 'If-Match': '"1"' });
    expect(issue.status, JSON.stringify(issue.body)).toBe(200);
    expect(issue.body.data).toMatchObject({
      number: 'NC/2026-27/00001',
      status: 'issued',
      // Not registered by default: a bill of supply without tax.
      title: 'Bill of Supply',
      supply: 'intra',
      totals: { amount: 150_000, discount: 5_000, taxable: 145_000, cgst: 0, sgst: 0, igst: 0, total: 145_000 },
      paid: 0,
      due: 145_000,
      amountInWords: 'Rupees One Thousand Four Hundred Fifty Only',
      party: { _id: ids.asha, name: 'Asha Rao', state: 'Maharashtra' },
    });
    expect(issue.body.data.timeline.map((e: { type: string }) => e.type)).toEqual(['InvoiceDrafted', 'InvoiceIssued']);

    const again = await call('POST', `/invoices/${created.body.data._id}/issue`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(invoiceMessages.notDraft);
    const next = await issued();
    expect(next.number).toBe('NC/2026-27/00002');
  });

  it('charges GST once registered: CGST and SGST within the state, IGST across, and issued invoices keep what they had', async () => {
    const before = await issued();
    const settings = await call('PUT', '/invoices/settings', {
      registered: true,
      gstin: '27AAAPL1234C1ZV',
      legalName: 'Institute Pvt Ltd',
      state: 'Maharashtra',
      stateCode: '27',
      invoiceFeesAtAdmission: false,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const within = await issued();
    expect(within).toMatchObject({ title: 'Tax Invoice', supply: 'intra', totals: { cgst: 9_000, sgst: 9_000, igst: 0, total: 163_000 } });
    const across = await issued(ids.ravi);
    expect(across).toMatchObject({ supply: 'inter', totals: { cgst: 0, sgst: 0, igst: 18_000, total: 163_000 } });
    expect((await invoice(before._id)).totals.total).toBe(145_000);
  });

  it('numbers branch invoices in the institute series', async () => {
    const response = await call('POST', '/invoices', { ...draft(ids.pune, { issue: true }), kind: 'branch' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({ kind: 'branch', branchId: null, number: 'HO/2026-27/00001' });
  });

  it.each([
    ['a tax rate not in force', { lines: [{ ...line, taxRate: 1200 }] }, invoiceMessages.taxRateNotListed],
    ['a due date before the date', { dueDate: '2026-04-01' }, invoiceMessages.dueBeforeDate],
    ['a discount above the line', { lines: [{ ...line, discount: 100_001 }] }, invoiceMessages.discountAboveLine],
    ['a negative rate', { lines: [{ ...line, rate: -1 }] }, invoiceMessages.negativeRate],
  ])('refuses %s with its message, changing nothing', async (_, change, message) => {
    const before = (await call('GET', `/invoices?partyId=${ids.asha}&limit=100`)).body.data.total;
    const response = await call('POST', '/invoices', draft(ids.asha, change));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect((await call('GET', `/invoices?partyId=${ids.asha}&limit=100`)).body.data.total).toBe(before);
  });

  it('answers a student that does not exist with 404', async () => {
    const response = await call('POST', '/invoices', draft('nobody'));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(invoiceMessages.studentMissing);
  });
});

describe('payments', () => {
  it('records a part payment then the rest, refuses more than due, reverses, and keeps one payment per Idempotency-Key', async () => {
    const { _id: id, totals } = await issued();
    const part = await call('POST', `/invoices/${id}/payments`, { amount: 50_000, mode: 'upi', date: '2026-04-12', reference: 'UPI-1' });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data).toMatchObject({ status: 'part-paid', paid: 50_000, due: totals.total - 50_000 });
    expect(part.body.data.payments[0]).toMatchObject({ receiptNumber: expect.stringMatching(/^NC\/RC\/2026-27\/\d{5}$/), amount: 50_000 });

    const above = await call('POST', `/invoices/${id}/payments`, { amount: totals.total, mode: 'cash', date: '2026-04-12' });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(invoiceMessages.paymentAboveDue(formatRupees(totals.total - 50_000)));
    const cheque = await call('POST', `/invoices/${id}/payments`, { amount: 100, mode: 'cheque', date: '2026-04-12', chequeBank: 'SBI' });
    expect(cheque.body.message).toBe(invoiceMessages.chequeNumberRequired);

    const rest = { amount: totals.total - 50_000, mode: 'cash', date: '2026-04-13' };
    const first = await call('POST', `/invoices/${id}/payments`, rest, tokens.payer, { 'Idempotency-Key': `rest-${id}` });
    const retry = await call('POST', `/invoices/${id}/payments`, rest, tokens.payer, { 'Idempotency-Key': `rest-${id}` });
    expect(first.body.data).toMatchObject({ status: 'paid', due: 0 });
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await invoice(id)).payments).toHaveLength(2);

    const paymentId = first.body.data.payments[1]._id;
    const reversed = await call('POST', `/invoices/${id}/payments/${paymentId}/reverse`, { reason: 'Cheque bounced' });
    expect(reversed.body.data).toMatchObject({ status: 'part-paid', paid: 50_000 });
    const twice = await call('POST', `/invoices/${id}/payments/${paymentId}/reverse`, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(invoiceMessages.alreadyReversed);

    const receipt = await call('GET', `/invoices/${id}/payments/${paymentId}/receipt`, undefined, tokens.reader);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('refuses a payment on a draft', async () => {
    const { body } = await call('POST', '/invoices', draft(ids.asha));
    const response = await call('POST', `/invoices/${body.data._id}/payments`, { amount: 100, mode: 'cash', date: '2026-04-12' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(invoiceMessages.paymentOnDraft);
  });
});

describe('cancelling', () => {
  it('cancels with a credit note once payments are reversed, and refuses a second time and payments after', async () => {
    const { _id: id } = await issued();
    const pay = await call('POST', `/invoices/${id}/payments`, { amount: 1_000, mode: 'cash', date: '2026-04-12' });
    const refused = await call('POST', `/invoices/${id}/cancel`, { reason: 'Billed twice' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(invoiceMessages.paidCannotCancel);
    await call('POST', `/invoices/${id}/payments/${pay.body.data.payments[0]._id}/reverse`, { reason: 'Refunded' });
    const cancelled = await call('POST', `/invoices/${id}/cancel`, { reason: 'Billed twice' });
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      due: 0,
      cancelledReason: 'Billed twice',
      creditNoteNumber: expect.stringMatching(/^NC\/CN\/2026-27\/\d{5}$/),
    });
    expect((await call('POST', `/invoices/${id}/cancel`, { reason: 'Again' })).body.message).toBe(invoiceMessages.alreadyCancelled);
    const late = await call('POST', `/invoices/${id}/payments`, { amount: 100, mode: 'cash', date: '2026-04-12' });
    expect(late.body.message).toBe(invoiceMessages.paymentOnCancelled);
  });
});

describe('deleting a draft', () => {
  const partyRows = async () =>
    (await call('GET', `/invoices?partyId=${ids.asha}&limit=100`, undefined, tokens.reader)).body.data.invoices.map(
      (row: { _id: string }) => row._id,
    );

  it('deletes a draft at its version: it answers 404 and leaves the list', async () => {
    const { body } = await call('POST', '/invoices', draft(ids.asha));
    const id = body.data._id;
    const stale = await call('DELETE', `/invoices/${id}`, undefined, tokens.biller, { 'If-Match': '"7"' });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe(invoiceMessages.stale);
    expect(await partyRows()).toContain(id);

    const deleted = await call('DELETE', `/invoices/${id}`, undefined, tokens.biller, { 'If-Match': '"1"' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ message: invoiceMessages.draftDeleted, data: { _id: id } });
    expect((await call('GET', `/invoices/${id}`, undefined, tokens.reader)).status).toBe(404);
    expect(await partyRows()).not.toContain(id);
    expect((await call('PUT', `/invoices/${id}`, draft(ids.asha))).status).toBe(404);
    expect((await call('POST', `/invoices/${id}/issue`)).status).toBe(404);
    expect((await call('DELETE', `/invoices/${id}`, undefined, tokens.biller, { 'If-Match': '"2"' })).status).toBe(404);
  });

  it('refuses an issued or cancelled invoice, which keeps its number', async () => {
    const { _id: id, number, version } = await issued();
    const refused = await call('DELETE', `/invoices/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(invoiceMessages.deleteIssued);
    expect(await invoice(id)).toMatchObject({ number, status: 'issued', version });

    await call('POST', `/invoices/${id}/cancel`, { reason: 'Billed twice' });
    const cancelled = await call('DELETE', `/invoices/${id}`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(invoiceMessages.deleteIssued);
    expect(await invoice(id)).toMatchObject({ number, status: 'cancelled' });
  });

  it('answers another branch’s draft as missing to a branch’s staff, and lets them delete their own', async () => {
    const pune = (await call('POST', '/invoices', draft(ids.puneStudent))).body.data;
    const refused = await call('DELETE', `/invoices/${pune._id}`, undefined, tokens.branchStaff);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(invoiceMessages.missing);
    expect((await invoice(pune._id)).status).toBe('draft');

    const own = (await call('POST', '/invoices', draft(ids.asha), tokens.branchStaff)).body.data;
    expect((await call('DELETE', `/invoices/${own._id}`, undefined, tokens.reader)).status).toBe(403);
    expect((await call('DELETE', `/invoices/${own._id}`, undefined, tokens.branchStaff)).status).toBe(200);
  });

  it('answers a retry with the same Idempotency-Key as it answered the first time', async () => {
    const { _id: id } = (await call('POST', '/invoices', draft(ids.asha))).body.data;
    const headers = { 'Idempotency-Key': `delete-${id}` };
    const first = await call('DELETE', `/invoices/${id}`, undefined, tokens.biller, headers);
    const retry = await call('DELETE', `/invoices/${id}`, undefined, tokens.biller, headers);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
  });
});

describe('the list', () => {
  it('filters, searches, pages and sums all that matches; overdue past the due date', async () => {
    const first = await issued(ids.ravi, { dueDate: '2026-04-15' });
    const all = (await call('GET', `/invoices?partyId=${ids.ravi}&limit=1&sortBy=number&order=asc`, undefined, tokens.reader)).body.data;
    expect(all.invoices).toHaveLength(1);
    expect(all.total).toBeGreaterThan(1);
    const rows = (await call('GET', `/invoices?partyId=${ids.ravi}&limit=100`, undefined, tokens.reader)).body.data;
    const issuedRows = rows.invoices.filter((row: { status: string }) => !['draft', 'cancelled'].includes(row.status));
    expect(rows.sums.billed).toBe(issuedRows.reduce((n: number, row: { total: number }) => n + row.total, 0));
    expect(rows.sums.due).toBe(rows.sums.billed - rows.sums.received);

    const overdue = (await call('GET', `/invoices?status=overdue&partyId=${ids.ravi}`, undefined, tokens.reader)).body.data;
    expect(overdue.invoices.map((row: { _id: string }) => row._id)).toEqual([first._id]);
    const found = (await call('GET', `/invoices?search=${encodeURIComponent(first.number)}`, undefined, tokens.reader)).body.data;
    expect(found.invoices.map((row: { _id: string }) => row._id)).toEqual([first._id]);
    const byName = (await call('GET', '/invoices?search=ravi&limit=100', undefined, tokens.reader)).body.data;
    expect(byName.total).toBe(rows.total);

    const csv = await call('GET', `/invoices/export?partyId=${ids.ravi}`, undefined, tokens.reader);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="invoices-\d{4}-\d\d-\d\d\.csv"$/);
    // UTF-8 with its byte-order mark, which spreadsheets need to read Devanagari and ₹.
    expect([...csv.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Number,Kind,Status,Billed to,Branch,Date,Due date,Total,Paid,Due');
    // Every invoice the list holds, and nothing else: the list's own filter, every page.
    expect(lines).toHaveLength(rows.total + 1);
    expect(csv.body).toContain(first.number);
    const workbook = await call('GET', `/invoices/export?partyId=${ids.ravi}&format=xlsx`, undefined, tokens.reader);
    expect(workbook.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(workbook.headers.get('Content-Disposition')).toMatch(/invoices-\d{4}-\d\d-\d\d\.xlsx"$/);

    const payments = await call('GET', '/payments?limit=100', undefined, tokens.payer);
    expect(payments.status).toBe(200);
    expect(payments.body.data.byMode.length).toBeGreaterThan(0);

    const fees = await call('GET', `/students/${ids.ravi}/fees`, undefined, tokens.reader);
    expect(fees.body.data).toMatchObject({ billed: rows.sums.billed, overdue: 1 });
  });
});

describe('who may', () => {
  it('refuses callers without an invoice permission', async () => {
    expect((await call('GET', '/invoices', undefined, tokens.nobody)).status).toBe(403);
    expect((await call('POST', '/invoices', draft(ids.asha), tokens.reader)).status).toBe(403);
  });

  it('confines a branch’s staff to their branch’s students', async () => {
    const own = await call('POST', '/invoices', draft(ids.asha, { issue: true }), tokens.branchStaff);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const other = await call('POST', '/invoices', draft(ids.puneStudent), tokens.branchStaff);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(invoiceMessages.otherBranchStudent);
    const branchInvoice = await call('POST', '/invoices', { ...draft(ids.nagpur), kind: 'branch' }, tokens.branchStaff);
    expect(branchInvoice.status).toBe(403);

    const pune = await issued(ids.puneStudent);
    expect((await call('GET', `/invoices/${pune._id}`, undefined, tokens.branchStaff)).status).toBe(404);
    const list = (await call('GET', '/invoices?limit=100', undefined, tokens.branchStaff)).body.data;
    expect(list.invoices.every((row: { branchId: string | null }) => row.branchId === ids.nagpur)).toBe(true);
    expect(
      (
        await call(
          'PUT',
          '/invoices/settings',
          { registered: false, state: 'Goa', stateCode: '30', invoiceFeesAtAdmission: false },
          tokens.branchStaff,
        )
      ).status,
    ).toBe(403);
  });
});

describe('settings and rates', () => {
  it('lists the seeded GST rates and adds one', async () => {
    const rates = (await call('GET', '/invoices/tax-rates', undefined, tokens.reader)).body.data.rates;
    expect(rates.filter((r: { until: string | null }) => r.until === null).map((r: { rate: number }) => r.rate)).toEqual([
      0, 500, 1800, 4000,
    ]);
    const added = await call('POST', '/invoices/tax-rates', { rate: 300, from: '2026-05-01', until: null });
    expect(added.status).toBe(201);
    const dated = await call(
      'POST',
      '/invoices',
      draft(ids.asha, { date: '2026-05-02', dueDate: '2026-05-10', lines: [{ ...line, taxRate: 300 }] }),
    );
    expect(dated.status).toBe(201);
  });
});

describe('the read tables', () => {
  it('are what a rebuild makes of the log, however the log is cut into runs', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.invoices?.length).toBeGreaterThan(3);
    // Runs of one, two and three events carry drafts, payments and reversals across runs; one run holds them all.
    for (const batchSize of [1, 2, 3, 20_000]) {
      await rebuildProjections(accounts.db, undefined, batchSize);
      expect(await projectionSnapshot(accounts.db), `runs of ${batchSize}`).toEqual(before);
    }
  });
});
