import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { seriousViolations } from './axe';
import { examWithStudents } from './exams';
import { demo, expect, loginAs, test } from './fixtures';

/**
 * An exam's marks come in from a file: the sitting's sheet exported, filled in with one bad row,
 * checked (the bad row refused with its message, nothing saved), imported, and seen on the sheet.
 */

test.describe.configure({ timeout: 60_000 });

const cell = (page: Page, subject: string, student: string) => page.getByRole('textbox', { name: `${subject}, ${student}` });
/** The count under a label of the check's summary. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
const csvOf = (rows: string[][]) =>
  Buffer.from(rows.map((row) => row.map((text) => `"${text.replace(/"/g, '""')}"`).join(',')).join('\r\n'));

test('the exported sheet, filled in, is checked row by row and its good rows imported', async ({ page, request }) => {
  const { exam, examName, names } = await examWithStudents(request);
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}` });
  await expect(page.getByRole('heading', { level: 1, name: examName })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV', exact: true }).click(),
  ]);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  const rowOf = (name: string) => rows.find((row) => row[2] === name)!;
  rowOf(names[0]!).splice(3, 2, '88', '40');
  rowOf(names[1]!).splice(3, 2, 'AB', '35.5');
  rowOf(names[2]!).splice(3, 2, '120', '20');

  await page.getByRole('link', { name: 'Import marks' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/result-entry\/[^/]+\/import\?branch=/);
  await expect(page.getByRole('heading', { level: 1, name: `Import marks: ${examName}` })).toBeVisible();
  await expect(page.getByText('Nothing checked yet.')).toBeVisible();
  expect(await seriousViolations(page, 'marks import')).toEqual([]);

  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'marks.csv', mimeType: 'text/csv', buffer: csvOf(rows) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checked: nothing was saved' })).toBeVisible();
  await expect(figure(page, 'Would change')).toHaveText('2');
  await expect(figure(page, 'Refused')).toHaveText('1');
  await expect(page.getByText('Name, Total, Maximum, Percentage, Grade, Result, Failed in')).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused).toContainText(names[2]!);
  await expect(refused).toContainText('Accounting Basics must be between 0 and 100');
  expect(await seriousViolations(page, 'marks import checked')).toEqual([]);

  await page.getByRole('button', { name: 'Import marks' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marks imported' })).toBeVisible();
  await expect(figure(page, 'Changed')).toHaveText('2');
  await page.getByRole('link', { name: 'Open the sheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: examName })).toBeVisible();
  await expect(cell(page, 'Accounting Basics', names[0]!)).toHaveValue('88');
  await expect(cell(page, 'GST Returns', names[0]!)).toHaveValue('40');
  await expect(cell(page, 'Accounting Basics', names[1]!)).toHaveValue('AB');
  await expect(cell(page, 'GST Returns', names[1]!)).toHaveValue('35.5');
  // The refused row is not saved.
  await expect(cell(page, 'Accounting Basics', names[2]!)).toHaveValue('');
  await expect(cell(page, 'GST Returns', names[2]!)).toHaveValue('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a file of registration numbers is checked and imported by plain forms', async ({ page, request }) => {
    const { exam, names, north, headers } = await examWithStudents(request);
    const sheet = await request.get(`/api/v1/exams/${exam}/results?branchId=${north}`, { headers });
    const students = ((await sheet.json()) as { data: { students: { name: string; registrationNo: string }[] } }).data.students;
    const registration = (name: string) => students.find((one) => one.name === name)!.registrationNo;
    const file = csvOf([
      ['Registration No', 'GST Returns', 'Remarks'],
      [registration(names[0]!), '45', 'checked twice'],
      ['NC/0000/9999', '30', ''],
    ]);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}/import?branch=${north}` });
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'marks.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Checked: nothing was saved' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Refused rows' })).toContainText(
      'No student with registration number NC/0000/9999 sits this exam here',
    );
    await page.getByRole('button', { name: 'Import marks' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marks imported' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the sheet' }).click();
    await expect(cell(page, 'GST Returns', names[0]!)).toHaveValue('45');
    await expect(cell(page, 'GST Returns', names[1]!)).toHaveValue('');
  });
});
