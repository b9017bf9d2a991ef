import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe';
import { apiHeaders, demo, expect, hydrated, loginAs, palette, test, toast } from './fixtures';
import { dayFromToday, line, status } from './invoices';

/**
 * The invoice and payment screens against the real server: a student invoice of two lines made
 * in the browser, paid in two parts until it reads Paid, its receipt downloaded as a PDF; another
 * invoice cancelled with a reason; a branch invoice saved as a draft without JavaScript; and axe
 * on the five screens.
 */

test.describe.configure({ mode: 'serial' });

/** An issued invoice of one exam-fee line for a student, made through the API, as a fixture. */
async function issuedInvoice(request: APIRequestContext, search: string) {
  const headers = await apiHeaders(request);
  const students = await request.get(`/api/v1/dynamic-data?formType=student&search=${encodeURIComponent(search)}&limit=1`, { headers });
  const studentId = ((await students.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const created = await request.post('/api/v1/invoices', {
    headers,
    data: {
      kind: 'student',
      partyId: studentId,
      date: dayFromToday(),
      dueDate: dayFromToday(),
      lines: [{ kind: 'examFee', description: 'Exam fee', sac: '', quantity: 1, rate: 50_000, discount: 0, taxRate: 0 }],
      notes: '',
      issue: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { _id: string; number: string } }).data;
}

let paidInvoice = '';

test('a student invoice of two lines is issued, paid in two parts, and its receipt downloads', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/invoices' });
  await page.getByRole('link', { name: 'Student invoice', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create Student Invoice', level: 1 })).toBeVisible();
  await hydrated(page);

  // Picking the student brings in their course's fee as the first line.
  await page.getByRole('searchbox', { name: 'Student' }).fill('Aarav Das');
  await page.getByRole('link', { name: /^Aarav Das/ }).click();
  await expect(page.getByTestId('billed-party')).toHaveText('Aarav Das');
  await expect(line(page, 1).getByLabel('Description')).toHaveValue(/^Course fee: /);
  await expect(line(page, 1).getByLabel(/^Rate/)).not.toHaveValue('');

  await line(page, 1).getByLabel(/^Rate/).fill('10,000');
  await page.getByRole('button', { name: 'Add line' }).click();
  await line(page, 2).getByLabel('Kind').selectOption({ label: 'Books' });
  await line(page, 2).getByLabel('Description').fill('Books for the first term');
  await line(page, 2).getByLabel('Quantity').fill('2');
  await line(page, 2).getByLabel(/^Rate/).fill('750.50');
  await line(page, 2).getByLabel('Discount').fill('1');

  // The totals follow the typing: 10,000 + 2 × 750.50 − 1, and the demo institute's 18% GST on each line.
  const totals = page.getByRole('complementary', { name: 'Totals' });
  await expect(totals).toContainText('₹11,500.00');
  await expect(totals).toContainText('₹13,570.00');
  await expect(totals.getByTestId('amount-in-words')).toHaveText('Rupees Thirteen Thousand Five Hundred Seventy Only');

  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/[^/]+$/);
  await expect(toast(page, /Invoice issued/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\/\d{4}-\d{2}\/\d{5}$/);
  await expect(status(page)).toHaveText('Issued');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;
  paidInvoice = new URL(page.url()).pathname;

  // A part payment by UPI, with its reference.
  await page.getByRole('link', { name: 'Record payment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('13,570');
  await dialog.getByLabel('Amount').fill('4,000');
  await dialog.getByLabel('Mode').selectOption({ label: 'UPI' });
  await dialog.getByLabel('UPI reference').fill('UPI-E2E-771');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(status(page)).toHaveText('Part-paid');
  await expect(page.getByRole('region', { name: 'Payments', exact: true })).toContainText('UPI-E2E-771');

  // The rest in cash: the amount starts at what is due.
  await page.getByRole('link', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('9,570');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(status(page)).toHaveText('Paid');
  await expect(page.getByRole('link', { name: 'Record payment' })).toHaveCount(0);

  const receipts = page.getByRole('link', { name: /^Download receipt / });
  await expect(receipts).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), receipts.first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Both payments are in the payment records, each with a link to its invoice.
  await page.goto(`/admin/payments?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(2);
  await expect(page.getByTestId('payment-totals')).toContainText('UPI ₹4,000.00');
});

test('an issued invoice is cancelled with a reason', async ({ page }) => {
  const invoice = await issuedInvoice(page.request, 'Aarav Gupta');
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${invoice._id}` });
  await expect(page.getByRole('heading', { name: invoice.number, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel invoice' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel ${invoice.number}?` });
  await dialog.getByLabel('Reason').fill('Billed twice by mistake');
  await dialog.getByRole('button', { name: 'Cancel invoice' }).click();
  await expect(toast(page, 'Invoice cancelled')).toBeVisible();
  await expect(status(page)).toHaveText('Cancelled');
  await expect(page.getByRole('note')).toContainText('Billed twice by mistake');
  await expect(page.getByRole('link', { name: 'Cancel invoice' })).toHaveCount(0);

  // The credit note that reverses it is a document of its own.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download credit note' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto('/admin/invoices?status=cancelled');
  await expect(page.getByRole('link', { name: invoice.number })).toBeVisible();
});

test('the palette finds an invoice by its number and records a payment on it', async ({ page }) => {
  const invoice = await issuedInvoice(page.request, 'Aarav Gupta');
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill(invoice.number);
  await palette(page)
    .getByRole('option', { name: new RegExp(`^Record payment for ${invoice.number}`) })
    .click();

  await expect(page).toHaveURL(new RegExp(`/admin/invoices/${invoice._id}\\?pay=1$`));
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('500');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(status(page)).toHaveText('Paid');

  // Paid in full, the invoice is still found, with nothing left to record.
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill(invoice.number);
  await expect(palette(page).getByRole('option', { name: new RegExp(`^Open invoice ${invoice.number}`) })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: /^Record payment for / })).toHaveCount(0);
});

test('the five screens have no serious or critical accessibility violation', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  const screens = ['/admin/invoices', '/admin/invoices/student/create', '/admin/invoices/branch/create', paidInvoice, '/admin/payments'];
  const problems: string[] = [];
  for (const screen of screens) {
    expect(screen, 'the paid invoice of the first test').not.toBe('');
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    problems.push(...(await seriousViolations(page, screen)));
  }
  expect(problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a branch invoice is found, filled and saved as a draft with plain forms', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/invoices/branch/create' });
    await page.getByRole('searchbox', { name: 'Branch' }).fill('North');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: /^North Campus/ }).click();
    await expect(page.getByTestId('billed-party')).toHaveText('North Campus');

    await line(page, 1).getByLabel('Description').fill('Entry fee');
    await line(page, 1).getByLabel(/^Rate/).fill('25000');
    // Adding a line goes to the server and back with the form as it was.
    await page.getByRole('button', { name: 'Add line' }).click();
    await expect(line(page, 2)).toBeVisible();
    await expect(line(page, 1).getByLabel('Description')).toHaveValue('Entry fee');
    await line(page, 2).getByLabel('Kind').selectOption({ label: 'Material' });
    await line(page, 2).getByLabel('Description').fill('Study material');
    await line(page, 2).getByLabel(/^Rate/).fill('1,200');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await expect(page).toHaveURL(/\/admin\/invoices\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible();
    await expect(status(page)).toHaveText('Draft');
    await expect(page.getByRole('region', { name: 'Lines', exact: true })).toContainText('Study material');
    // 26,200 and 18% GST, CGST and SGST: the branch is in Delhi, as the institute is.
    await expect(page.getByText('₹30,916.00').first()).toBeVisible();
  });
});
