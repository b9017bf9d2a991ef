import type { APIRequestContext, Page } from '@playwright/test';
import { addRecord, apiHeaders, demo, expect, loginAs, test } from './fixtures';
import { seriousViolations } from './axe';

/**
 * The dashboard at /admin against the seeded institute: each student figure equals the total of
 * the list it links to, for every branch and for one; a branch's own staff see their branch only;
 * the charts carry tables; axe finds nothing serious. Other specs admit students meanwhile, so a
 * figure and its list are compared again until both are read between two admissions.
 */

const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"]`);
const figureCard = (page: Page, key: string) => page.locator('a', { has: figure(page, key) });
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function listTotal(page: Page, noun: string) {
  const shown = page.getByText(new RegExp(`Showing [\\d,]+–[\\d,]+ of [\\d,]+ ${noun}s?`));
  const empty = page.getByRole('heading', { name: new RegExp(`^No .*${noun}s`) });
  await expect(shown.or(empty).first()).toBeVisible();
  if (await empty.isVisible()) return 0;
  const [, total] = new RegExp(`of ([\\d,]+) ${noun}`).exec((await shown.textContent()) ?? '')!;
  return number(total!);
}

/** Follows a figure's card to its list and compares the figure with the list's total. */
async function figureMatchesList(page: Page, dashboard: string, key: string, path: string, noun = 'student') {
  await expect(async () => {
    await page.goto(dashboard);
    const value = number(await figure(page, key).textContent());
    await figureCard(page, key).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    expect(await listTotal(page, noun)).toBe(value);
  }).toPass({ timeout: 30_000 });
}

const studentFigures = [
  ['students.new', '/admin/new-students'],
  ['students.registered', '/admin/students/registered'],
  ['students.passout', '/admin/students/passout'],
  ['admissions', '/admin/students/admissions'],
] as const;

/** An exam of the seeded course whose one subject is on the day given, a year away or a year ago. */
async function addExam(request: APIRequestContext, yearsFromNow: number) {
  const courses = await request.get('/api/v1/dynamic-data', {
    params: { formType: 'course', search: 'Tally with GST' },
    headers: await apiHeaders(request),
  });
  const course = ((await courses.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const day = new Date();
  day.setFullYear(day.getFullYear() + yearsFromNow);
  const serial = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await addRecord(request, 'examResult', {
    examId: `DX-${serial}`,
    examName: `Dashboard exam ${serial}`,
    selectedCourse: course,
    examSubjectsTable: [{ subjectName: 'Accounting Basics', examDate: day.toISOString().slice(0, 10) }],
  });
}

test.describe('an institute admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
  });

  test('sees every branch’s figures, each equal to the list it links to', async ({ page, request }) => {
    await addExam(request, 1);
    await addExam(request, -1);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Branches compared' })).toBeVisible();
    for (const [key, path] of studentFigures) await figureMatchesList(page, '/admin', key, path);
    await page.goto('/admin');
    expect(number(await figure(page, 'exams.upcoming').textContent())).toBeGreaterThan(0);
    await figureMatchesList(page, '/admin', 'exams.upcoming', '/admin/exam/list', 'exam');
    await expect(page.getByRole('combobox', { name: 'Exam dates' })).toHaveValue('true');
  });

  test('picks one branch: its figures, and lists narrowed to it', async ({ page }) => {
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'North Campus' });
    await expect(page).toHaveURL(/branchId=/);
    await expect(page.getByRole('heading', { name: 'Branches compared' })).toHaveCount(0);
    const dashboard = new URL(page.url()).pathname + new URL(page.url()).search;
    const branchId = new URL(page.url()).searchParams.get('branchId')!;
    for (const [key, path] of studentFigures) {
      await figureMatchesList(page, dashboard, key, path);
      expect(new URL(page.url()).searchParams.get('branchId')).toBe(branchId);
    }
    await page.goto(dashboard);
    await figureCard(page, 'wallet.spend').click();
    await expect(page).toHaveURL(/\/admin\/wallet\/transactions\?.*kind=charge/);
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  });

  test('reads each chart as a table, and axe finds nothing serious in light and dark', async ({ page }) => {
    for (const chart of ['Admissions per month', 'Wallet top-ups and spend per month']) {
      const table = page.locator('figcaption', { hasText: chart }).getByRole('table');
      await expect(table).toHaveCount(1);
      await expect(table.getByRole('row')).toHaveCount(13);
      await expect(table.getByRole('columnheader').first()).toHaveText('Month');
    }
    expect(await seriousViolations(page, 'dashboard')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page, 'dashboard, dark')).toEqual([]);
  });
});

test.describe('a branch admin', () => {
  test('sees their own branch only, whatever branch the address names', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
    const south = await page.getByRole('combobox', { name: 'Branch' }).locator('option', { hasText: 'South Campus' }).getAttribute('value');

    await page.context().clearCookies();
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password);
    await expect(page.getByText('Welcome, North Campus Admin — North Campus.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Branches compared' })).toHaveCount(0);
    for (const [key, path] of studentFigures) {
      await figureMatchesList(page, `/admin?branchId=${south}`, key, path);
      await expect(page.getByText(/^North Campus · /)).toBeVisible();
    }
  });
});
