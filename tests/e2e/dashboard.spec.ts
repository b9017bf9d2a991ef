import type { APIRequestContext, Page } from '@playwright/test';
import { addRecord, apiHeaders, codeChunk, demo, expect, holdBack, hydrated, loginAs, palette, test, toast } from './fixtures';
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
  const headers = await apiHeaders(request);
  const courses = await request.get('/api/v1/dynamic-data', { params: { formType: 'course', search: 'Tally with GST' }, headers });
  const course = ((await courses.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const day = new Date();
  day.setFullYear(day.getFullYear() + yearsFromNow);
  const serial = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await addRecord(
    request,
    'examResult',
    {
      examId: `DX-${serial}`,
      examName: `Dashboard exam ${serial}`,
      selectedCourse: course,
      examSubjectsTable: [{ subjectName: 'Accounting Basics', examDate: day.toISOString().slice(0, 10) }],
    },
    headers,
  );
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
    // The greeting comes as the page hydrates: axe waits for it to finish fading in, not for it to come.
    await expect(toast(page, 'Login successful!')).toHaveAttribute('data-mounted', 'true');
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

const bodyCode = codeChunk('dashboard-body');

/**
 * Opens /admin with the code of the dashboard's body held back: the page is the server's HTML,
 * whose figures are noted to be found again later. Answers the function that lets the code through.
 */
async function openWithBodyCodeHeld(page: Page) {
  const body = await holdBack(page, bodyCode);
  await page.goto('/admin');
  await body.requested;
  await page.evaluate(() => {
    (window as unknown as { serverFigures?: Element | null }).serverFigures = document.querySelector('[aria-label="Figures"]');
  });
  return body.release;
}

/** The body hydrated on the server's HTML: the same figures' nodes, and the branch picker works. */
async function expectServerHtmlHydrated(page: Page) {
  await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'North Campus' });
  await expect(page).toHaveURL(/branchId=/);
  const kept = await page.evaluate(() => {
    const noted = (window as unknown as { serverFigures?: Element | null }).serverFigures;
    return Boolean(noted?.isConnected) && noted === document.querySelector('[aria-label="Figures"]');
  });
  expect(kept, 'the figures are still the nodes the server rendered').toBe(true);
}

/**
 * The dashboard's body is rendered by the server, its code arrives after the page's first load,
 * and the page hydrates once it has (decision 026): keys and clicks before then do only what the
 * browser does with them, and nothing makes React give up the server's HTML (error 421) or the
 * page (error 345), which the fixture's console check would catch.
 */
test.describe('the dashboard’s body, its code arriving after the page', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
  });

  test('keeps its server HTML, the keys pressed before its code came doing nothing', async ({ page }) => {
    const release = await openWithBodyCodeHeld(page);
    await page.keyboard.press('ControlOrMeta+k');
    await page.keyboard.press('ControlOrMeta+b');
    expect(await page.evaluate(() => '__remixRouter' in window), 'the page has not hydrated without the body').toBe(false);
    release();
    await hydrated(page);
    await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'collapsed');
    await expectServerHtmlHydrated(page);
  });

  test('keeps its server HTML on a phone, where the sidebar turns into a sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await openWithBodyCodeHeld(page);
    await page.getByRole('button', { name: 'Search…' }).click();
    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Search…' }).click();
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expectServerHtmlHydrated(page);
  });
});

test.describe('a branch admin', () => {
  test('follows a figure the moment the dashboard shows, while the list is slow to answer, without an error', async ({ page }) => {
    // Six rounds, each held up on purpose for most of a second, on top of two page loads.
    test.setTimeout(60_000);
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password);
    // A list's answer that takes a while leaves the navigation under way as the header's parts
    // start their own requests: the race that once rendered an error for a route not on the page.
    await page.route(/\/admin\/new-students\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    for (let round = 0; round < 6; round++) {
      await page.goto('/admin');
      await figureCard(page, 'students.new').click();
      await expect(page.getByRole('heading', { name: 'New Students', level: 1 })).toBeVisible();
    }
  });

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
