import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { examWithStudents } from './exams';
import { demo, expect, loginAs, test } from './fixtures';

/**
 * Lists leave the app as files: the registered students with the screen's own filter, as CSV and
 * as Excel, read back; a branch admin's export holds their branch alone.
 */

test.describe.configure({ timeout: 60_000 });

async function download(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()]);
  return file;
}

/** The count the list's heading gives: "42 students". */
async function listed(page: Page) {
  const text = await page.getByText(/^(North Campus · )?\d+ students?$/).innerText();
  return Number(/(\d+) students?$/.exec(text)![1]);
}

test('the registered students export as CSV and Excel: the list’s filter, every page, each field by its label', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/students/registered?active=true&limit=10' });
  const count = await listed(page);
  expect(count).toBeGreaterThan(10);

  const csv = await download(page, 'Export CSV');
  expect(csv.suggestedFilename()).toMatch(/^students-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Registration No,Roll No,Center Name,Student Name,Selected Course,/);
  // Every active registered student, not the ten of the page.
  expect(lines).toHaveLength(count + 1);

  const workbook = await download(page, 'Excel');
  expect(workbook.suggestedFilename()).toMatch(/^students-\d{4}-\d\d-\d\d\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile((await workbook.path())!)).buffer);
  const sheet = book.getWorksheet('Students')!;
  expect(sheet.rowCount).toBe(count + 1);
  const headings = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headings[3]).toBe('Student Name');
  const column = (heading: string) => sheet.getColumn(headings.indexOf(heading) + 1).values.slice(2);
  expect(new Set(column('Active'))).toEqual(new Set(['Yes']));
  expect(new Set(column('Registered'))).toEqual(new Set(['Yes']));
  // Admission dates are dates Excel can sort, shown day first.
  const admitted = sheet.getColumn(headings.indexOf('Admission Date') + 1);
  expect(admitted.values.slice(2).every((value) => value instanceof Date)).toBe(true);
  expect(sheet.getRow(2).getCell(headings.indexOf('Admission Date') + 1).numFmt).toBe('dd/mm/yyyy');
});

test('a branch admin’s export holds their own branch alone', async ({ page }) => {
  await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: '/admin/students/registered' });
  const count = await listed(page);
  const csv = await download(page, 'Export CSV');
  const lines = (await readFile((await csv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(count + 1);
  const center = lines[0]!.split(',').indexOf('Center Name');
  expect(new Set(lines.slice(1).map((line) => line.split(',')[center]))).toEqual(new Set(['North Campus']));
});

test('All Users exports the accounts its filters show', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/users?status=active&role=branch_admin' });
  const csv = await download(page, 'Export CSV');
  expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await csv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Name,Email,Phone,Role,Branch,Status,Permissions,Last sign-in,Added on');
  const emails = lines.slice(1).map((line) => line.split(',')[1]);
  expect(emails).toEqual(expect.arrayContaining([demo.northAdmin.email, demo.southAdmin.email]));
  expect(emails).not.toContain(demo.admin.email);
});

test('an exam’s sitting exports as a sheet of its students, a column a subject', async ({ page, request }) => {
  const { exam, examName, names } = await examWithStudents(request);
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}` });
  await expect(page.getByRole('heading', { level: 1, name: examName })).toBeVisible();
  const csv = await download(page, 'Export CSV');
  expect(csv.suggestedFilename()).toMatch(/^results-.+\.csv$/);
  const lines = (await readFile((await csv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Roll No,Registration No,Name,Accounting Basics (100),GST Returns (50),Total,Maximum,Percentage,Grade,Result,Failed in',
  );
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[2])
      .sort(),
  ).toEqual([...names].sort());
});

test('the palette exports a whole list to Excel and leaves the user where they were', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin' });
  // The palette's code loads after the page: the shortcut is pressed until it opens.
  await expect(async () => {
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('dialog').getByRole('combobox').fill('export courses');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('option', { name: 'Export courses to Excel' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^courses-\d{4}-\d\d-\d\d\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile((await file.path())!)).buffer);
  expect(book.getWorksheet('Courses')!.getRow(1).getCell(1).value).toBe('Course Name');
  await expect(page).toHaveURL(/\/admin$/);
});
