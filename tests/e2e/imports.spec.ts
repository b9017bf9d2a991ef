import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { seriousViolations } from './axe';
import { unique } from './exams';
import { apiHeaders, demo, expect, loginAs, test, toast } from './fixtures';

/**
 * A spreadsheet of students comes in: its columns mapped (one fixed by hand), every row checked
 * in a dry run, the good rows imported while the bar moves, and the refused rows downloaded to
 * fix. Without JavaScript the same forms post and the page follows the run by refreshing itself.
 */

test.describe.configure({ timeout: 90_000 });

/** Five students, two of them wrong: a phone too short and a course the institute does not teach. */
function studentsFile(tag: string) {
  const rows = [
    ['Student Name', 'Centre', 'Selected Course', 'Student Email', 'Mobile', 'Date of Birth', 'Remarks'],
    [`Aarav ${tag}`, 'North Campus', 'DCA', `aarav.${tag}@example.com`, '9876500001', '14/02/2007', 'Morning batch'],
    [`Diya ${tag}`, 'North Campus', 'Tally with GST', `diya.${tag}@example.com`, '9876500002', '03/09/2006', ''],
    [`Kabir ${tag}`, 'North Campus', 'ADCA', `kabir.${tag}@example.com`, '98765', '22/11/2005', ''],
    [`Meera ${tag}`, 'North Campus', 'Rocket Science', `meera.${tag}@example.com`, '9876500004', '30/01/2007', ''],
    [`Rohan ${tag}`, 'North Campus', 'SPE', `rohan.${tag}@example.com`, '9876500005', '05/05/2006', ''],
  ];
  return { name: `students-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.map((row) => row.join(',')).join('\r\n')) };
}

const field = (page: Page, column: string) => page.getByLabel(`Field for the column ${column}`);

async function upload(page: Page, tag: string) {
  await page.locator('#import-file').setInputFiles(studentsFile(tag));
  await page.getByRole('button', { name: 'Upload and map columns' }).click();
  await expect(page).toHaveURL(/\/admin\/imports\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: 'Import students', level: 1 })).toBeVisible();
}

/** The count under a label of the run's summary. */
const figure = (page: Page, label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd');

test('a students file with two bad rows: mapped, checked, imported with its progress, and its refused rows downloaded', async ({
  page,
}) => {
  const tag = unique('imp')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/imports' });
  expect(await seriousViolations(page, 'import')).toEqual([]);
  await upload(page, tag);

  // Matched by heading; Mobile matches no field until it is chosen by hand.
  await expect(field(page, 'Centre')).toHaveValue('centerName');
  await expect(field(page, 'Remarks')).toHaveValue('');
  await expect(field(page, 'Mobile')).toHaveValue('');
  await expect(page.getByText('No column is chosen yet for Phone Number')).toBeVisible();
  await field(page, 'Mobile').selectOption({ label: 'Phone Number *' });
  await expect(page.getByText('No column is chosen yet')).toBeHidden();
  await expect(toast(page, 'File read')).toBeHidden({ timeout: 10_000 });
  expect(await seriousViolations(page, 'mapping')).toEqual([]);

  await page.getByRole('button', { name: 'Check every row' }).click();
  await expect(page).toHaveURL(/\?run=/);
  await expect(page.getByRole('heading', { name: 'Dry run' })).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(figure(page, 'Would be added')).toHaveText('3');
  await expect(figure(page, 'Refused')).toHaveText('2');
  const refused = page.getByRole('table').filter({ hasText: 'Why' });
  await expect(refused.getByRole('row')).toHaveCount(3);
  await expect(refused).toContainText('Phone Number must be a valid 10-digit number');
  await expect(refused).toContainText('Selected Course selection is invalid');
  // Nothing was kept: the students are not in the institute yet.
  const students = async () => {
    const answer = await page.request.get(`/api/v1/students?${new URLSearchParams({ search: tag, limit: '10' })}`, {
      headers: await apiHeaders(page.request),
    });
    return ((await answer.json()) as { data: { total: number } }).data.total;
  };
  expect(await students()).toBe(0);

  // The choice made by hand was kept with the file.
  await expect(field(page, 'Mobile')).toHaveValue('phoneNumber');
  await page.getByRole('button', { name: 'Import 5 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Rows imported' })).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('5 of 5 rows done')).toBeVisible();
  await expect(figure(page, 'Added')).toHaveText('3');
  await expect(figure(page, 'Refused')).toHaveText('2');
  expect(await students()).toBe(3);
  expect(await seriousViolations(page, 'import run')).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the 2 refused rows (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`students-${tag}-failed-rows.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['Student Name', 'Centre', 'Selected Course', 'Student Email', 'Mobile', 'Date of Birth', 'Remarks', 'Error']);
  expect(rows.slice(1).map((row) => [row[0], row[7]])).toEqual([
    [`Kabir ${tag}`, 'Phone Number must be a valid 10-digit number'],
    [`Meera ${tag}`, 'Selected Course selection is invalid'],
  ]);

  // The same file again makes nobody twice.
  await page.goto('/admin/imports');
  await upload(page, tag);
  await field(page, 'Mobile').selectOption({ label: 'Phone Number *' });
  await page.getByRole('button', { name: 'Import 5 rows' }).click();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(figure(page, 'Skipped')).toHaveText('3');
  expect(await students()).toBe(3);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a branch admin uploads, checks and imports into their own branch; the page follows the run', async ({ page }) => {
    const tag = unique('nojs')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: '/admin/imports' });
    // A branch's staff import students only, into their own branch.
    await expect(page.getByRole('radio')).toHaveCount(1);
    await upload(page, tag);
    await field(page, 'Mobile').selectOption('phoneNumber');
    await page.getByRole('button', { name: 'Import 5 rows' }).click();
    await expect(page).toHaveURL(/\?run=/);
    // Refreshed every two seconds until it ends.
    await expect(page.getByText('Finished', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(figure(page, 'Added')).toHaveText('3');
  });
});
