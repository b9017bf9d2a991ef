import type { APIRequestContext } from '@playwright/test';
import { addRecord, apiHeaders, demo, expect, hydrated, loginAs, test, toast } from './fixtures';

/**
 * Fees at admission against the real server: with the institute's setting on, a student admitted
 * in the browser into a course with fees has its invoice on their details, and it opens; before,
 * their details say there is none.
 */

test.describe.configure({ mode: 'serial' });

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The setting as the seed left it, put back once these tests are done. */
let seeded: unknown;

async function feesAtAdmission(request: APIRequestContext, on: boolean) {
  const headers = await apiHeaders(request);
  const current = ((await (await request.get('/api/v1/invoices/settings', { headers })).json()) as { data: Record<string, unknown> }).data;
  seeded ??= current.invoiceFeesAtAdmission;
  const saved = await request.put('/api/v1/invoices/settings', { headers, data: { ...current, invoiceFeesAtAdmission: on } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function recordId(request: APIRequestContext, formType: string, search: string) {
  const found = await request.get(`/api/v1/dynamic-data?formType=${formType}&search=${encodeURIComponent(search)}&limit=1`, {
    headers: await apiHeaders(request),
  });
  return ((await found.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
}

// Other specs admit students too: they find the setting as the seed left it.
test.afterAll(async ({ request }) => {
  if (typeof seeded === 'boolean') await feesAtAdmission(request, seeded);
});

test('a student admitted while the setting is off has no invoices on their details', async ({ page, request }) => {
  await feesAtAdmission(request, false);
  const name = unique('Kabir Shah');
  const id = await addRecord(request, 'student', {
    centerName: await recordId(request, 'branch', 'North Campus'),
    studentName: name,
    selectedCourse: await recordId(request, 'course', 'Tally with GST'),
    studentEmail: `${name.toLowerCase().replace(/\s+/g, '.')}@example.in`,
    phoneNumber: '9876543210',
  });
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/new-students?view=${encodeURIComponent(id)}` });
  const fees = page.getByRole('dialog', { name }).getByRole('region', { name: 'Fees' });
  await expect(fees).toContainText('No invoices yet');
});

test('with the setting on, a student admitted into a course with fees shows its invoice on their details', async ({ page, request }) => {
  await feesAtAdmission(request, true);
  const name = unique('Ishita Rao');
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/students/add' });
  await hydrated(page);
  await page.getByLabel('Center Name').selectOption({ label: 'North Campus' });
  await page.getByLabel('Student Name').fill(name);
  await page.getByLabel('Selected Course').selectOption({ label: 'Tally with GST' });
  await page.getByLabel('Student Email').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.in`);
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Confirm wallet charge' }).getByRole('button', { name: 'Continue' }).click();
  const admitted = toast(page, 'Student Registered Successfully!');
  await admitted.getByRole('button', { name: 'View student' }).click();

  const fees = page.getByRole('dialog', { name }).getByRole('region', { name: 'Fees' });
  // The course's 9,500 rupees and 18% GST: the demo institute is registered in Delhi, as North Campus is.
  await expect(fees.locator('dt', { hasText: /^Billed$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('₹11,210.00');
  await expect(fees.locator('dt', { hasText: /^Due$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('₹11,210.00');
  const invoices = fees.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  const row = invoices.getByRole('row').nth(1);
  await expect(row).toContainText('Issued');
  await expect(row).toContainText('₹11,210.00');
  await expect(fees).toContainText('No payments yet');

  const number = row.getByRole('link', { name: /^NC01\/\d{4}-\d{2}\/\d{5}$/ });
  const text = (await number.textContent())!;
  await number.click();
  await expect(page).toHaveURL(/\/admin\/invoices\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
  await expect(page.getByRole('main')).toContainText('Tally with GST');
});
