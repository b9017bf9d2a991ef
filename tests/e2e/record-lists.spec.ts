import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { lastSeededDay } from '../../api/db/seed';
import { indianDay } from '../../common/india-time';
import { apiHeaders, demo, expect as baseExpect, loginAs, test, toast } from './fixtures';

/**
 * The record lists against the seeded institute (api/db/seed.ts): registered students, search,
 * sort and pages in the address, a branch admin's own branch only, delete with confirmation, and
 * a record's history. Students this file changes are its own, added through the API.
 */

const registered = '/admin/students/registered';

// Each test signs in and walks several pages, and a delete writes to the log: a busy machine
// needs more than the default 30 s per test and 5 s per page load.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
/**
 * The seeded students were admitted by the seed's last day, those this and other specs add today:
 * the views whose exact rows are compared keep to the seeded ones.
 */
const seededUntil = lastSeededDay(new Date());
const seededOnly = `admissionTo=${seededUntil}`;

/** The table's body rows (cards on a phone, the same elements). */
const rows = (page: Page) => page.locator('[data-slot="table-body"] tr');
const nameCells = (page: Page) => page.locator('[data-slot="table-body"] tr td:first-child');

async function texts(cells: Locator) {
  return (await cells.allInnerTexts()).map((text) => text.trim());
}

/** Waits until the page has finished navigating and the table shows the settled rows. */
async function settled(page: Page) {
  await expect(page.locator('[data-slot="record-list-rows"][aria-busy="true"]')).toHaveCount(0);
}

interface Admission {
  id: string;
  name: string;
  values: Record<string, unknown>;
}

/** Admits a registered student of North Campus through the API, as the admin. */
async function admitStudent(
  request: APIRequestContext,
  name: string,
): Promise<Admission & { headers: Awaited<ReturnType<typeof apiHeaders>> }> {
  const headers = await apiHeaders(request);
  const first = async (formType: string, search: string) => {
    const response = await request.get('/api/v1/dynamic-data', { headers, params: { formType, search, limit: 1 } });
    return ((await response.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  };
  const values = {
    centerName: await first('branch', 'North Campus'),
    studentName: name,
    selectedCourse: await first('course', 'Tally with GST'),
    studentEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@students.demo`,
    phoneNumber: '9876543210',
    city: 'Delhi',
    admissionDate: indianDay(new Date()),
    isActive: true,
    isRegistered: true,
  };
  const response = await request.post('/api/v1/dynamic-data', {
    headers,
    data: { formType: 'student', fieldsData: Object.entries(values).map(([key, value]) => ({ name: key, value })) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { data: { _id: string } }).data._id;
  return { id, name, values, headers };
}

test.describe('Registered Students', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
  });

  test('lists the seeded registered students, and not the unregistered ones', async ({ page }) => {
    const headers = await apiHeaders(page.request);
    const names = async (registered: boolean, limit: number) => {
      const response = await page.request.get('/api/v1/students', {
        headers,
        params: { registered: String(registered), passout: 'false', admissionTo: seededUntil, limit },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: { students: { studentName: string }[] } }).data.students.map((s) => s.studentName);
    };
    const [registeredNames, [waiting]] = await Promise.all([names(true, 2), names(false, 1)]);
    expect(registeredNames).toHaveLength(2);
    expect(waiting).toBeDefined();

    await page.goto(`${registered}?${seededOnly}`);
    await expect(page.getByRole('heading', { name: 'Registered Students', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: /Registered Students/ });
    await expect(table.getByRole('columnheader', { name: 'Registration No' })).toBeVisible();
    for (const name of registeredNames) {
      await page.getByRole('searchbox', { name: 'Search students' }).fill(name);
      await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // Admitted but not registered: a new student.
    await page.getByRole('searchbox', { name: 'Search students' }).fill(waiting!);
    await expect(page.getByRole('heading', { name: 'No students match your search' })).toBeVisible();
    await expect(table.getByRole('link', { name: waiting!, exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Clear filters' }).last().click();
    await expect(page.getByText(/Showing 1–\d+ of \d+ students/)).toBeVisible();

    await page.goto(`/admin/new-students?search=${encodeURIComponent(waiting!)}`);
    await expect(page.getByRole('table').getByRole('link', { name: waiting!, exact: true })).toBeVisible();
  });

  test('search narrows the list as you type and lives in the address', async ({ page }) => {
    await page.goto(registered);
    const before = await rows(page).count();
    await page.getByRole('searchbox', { name: 'Search students' }).fill('Diya');
    await expect(page).toHaveURL(/[?&]search=Diya(&|$)/);
    // The address can change before the typed search's rows arrive: wait for the rows themselves.
    let names: string[] = [];
    await expect(async () => {
      await settled(page);
      names = await texts(nameCells(page));
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThan(before);
      for (const name of names) expect(name).toContain('Diya');
    }).toPass({ timeout: 15_000 });

    // The address alone restores the view.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search students' })).toHaveValue('Diya');
    expect(await texts(nameCells(page))).toEqual(names);
  });

  test('a search without matches says so, and Clear filters brings every student back', async ({ page }) => {
    await page.goto(`${registered}?search=${encodeURIComponent('no such student zz')}&active=true`);
    await expect(page.getByRole('heading', { name: 'No students match your search' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('true');
    await page.getByRole('link', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL((url) => url.pathname === registered && url.search === '');
    await expect(page.getByRole('searchbox', { name: 'Search students' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await expect(rows(page).first()).toBeVisible();
  });

  test('clicking the Name header sorts by name, and again reverses it', async ({ page }) => {
    // One page of them: the Aaravs among the seeded students.
    await page.goto(`${registered}?${seededOnly}&search=Aarav`);
    const header = page.getByRole('columnheader', { name: 'Name' });
    await expect(header).toHaveAttribute('aria-sort', 'none');

    await header.getByRole('link').click();
    await expect(page).toHaveURL(/sort=title&order=asc/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const ascending = await texts(nameCells(page));
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    await header.getByRole('link').click();
    await expect(page).toHaveURL(/sort=title&order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await settled(page);
    const descending = await texts(nameCells(page));
    expect(descending).toEqual([...ascending].reverse());
  });

  test('a small page size gives a second page', async ({ page }) => {
    await page.goto(`${registered}?${seededOnly}&sort=title&order=asc`);
    await expect(page.getByLabel('Admitted to')).toHaveValue(seededUntil.split('-').reverse().join('/'));
    await page.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL(/limit=10/);
    await settled(page);
    await expect(rows(page)).toHaveCount(10);
    const firstPage = await texts(nameCells(page));

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/limit=10/);
    await expect(page).toHaveURL(new RegExp(seededOnly));
    await settled(page);
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/Showing 11–\d+ of \d+ students/)).toBeVisible();
    const secondPage = await texts(nameCells(page));
    expect(secondPage.length).toBeGreaterThan(0);
    for (const name of secondPage) expect(firstPage).not.toContain(name);
    // Still in name order across the pages.
    expect(firstPage[firstPage.length - 1]! <= secondPage[0]!).toBe(true);
  });

  test('opens a record with its fields by label and its history', async ({ page }) => {
    const student = await admitStudent(page.request, `Hist Test ${Date.now()}`);
    const changed = await page.request.put(`/api/v1/dynamic-data/${student.id}`, {
      headers: student.headers,
      data: {
        formType: 'student',
        fieldsData: Object.entries({ ...student.values, city: 'Noida' }).map(([name, value]) => ({ name, value })),
      },
    });
    expect(changed.ok(), await changed.text()).toBe(true);

    await page.goto(`${registered}?search=${encodeURIComponent(student.name)}`);
    await page.getByRole('link', { name: student.name }).click();
    await expect(page).toHaveURL(new RegExp(`view=${student.id}`));

    const sheet = page.getByRole('dialog', { name: student.name });
    await expect(sheet).toBeVisible();
    const details = sheet.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('term').filter({ hasText: /^Student Name$/ })).toBeVisible();
    await expect(details.getByRole('term').filter({ hasText: /^Selected Course$/ })).toBeVisible();
    await expect(details.getByRole('definition').filter({ hasText: /^Tally with GST$/ })).toBeVisible();
    // The registration number the admission gave, the same beside the name and in the details.
    const number = details.locator('dt', { hasText: /^Registration Number$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(number).toHaveText(/^[A-Z0-9]+\/\d{4}\/\d{4}$/);
    await expect(sheet.getByText(`Reg. ${await number.innerText()}`, { exact: true })).toBeVisible();

    const history = sheet.getByRole('list', { name: 'History' });
    await expect(history.getByText('Updated')).toBeVisible();
    await expect(history.getByText('Created')).toBeVisible();
    await expect(history.getByText('by Institute Admin').first()).toBeVisible();
    const update = history.locator('li', { hasText: 'Updated' }).first();
    await expect(update).toContainText('City');
    await expect(update.locator('del')).toHaveText('Delhi');
    await expect(update.locator('ins')).toHaveText('Noida');

    // A shared link opens the same details.
    await page.reload();
    await expect(page.getByRole('dialog', { name: student.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/view=/);
  });

  test('deletes a student after confirmation, with a toast', async ({ page }) => {
    const student = await admitStudent(page.request, `Delete Test ${Date.now()}`);
    await page.goto(`${registered}?search=${encodeURIComponent(student.name)}`);
    await expect(rows(page)).toHaveCount(1);

    // The row menu from the keyboard.
    await page.getByRole('button', { name: `Actions for ${student.name}` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/admin/students/add?isEditMode=true&_id=${student.id}`,
    );
    await menu.getByRole('menuitem', { name: 'Delete' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Delete student?' });
    await expect(confirm).toContainText(student.name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole('button', { name: `Actions for ${student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();

    await expect(toast(page, 'Student deleted successfully')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No students match your search' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=`));
  });
});

test.describe('a branch admin', () => {
  test('sees only their own branch’s students, without a branch column or filter', async ({ page }) => {
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: `${registered}?limit=100` });
    await expect(page.getByText(/^North Campus · \d+ students$/)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Branch' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveCount(0);
    const numbers = await texts(page.locator('[data-slot="table-body"] tr td:nth-child(2)'));
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(number).toMatch(/^NC01\//);

    // A branch filter in the address does not reach another branch.
    const south = await page.request.get('/api/v1/dynamic-data?formType=branch&search=South', {
      headers: await apiHeaders(page.request),
    });
    const southId = ((await south.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
    await page.goto(`${registered}?branchId=${southId}&limit=100`);
    for (const number of await texts(page.locator('[data-slot="table-body"] tr td:nth-child(2)'))) {
      expect(number).toMatch(/^NC01\//);
    }
    // Without the delete permission there is no Delete in the row menu.
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  });
});

test('a wide list scrolls inside its table, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/students/registered' });
  await baseExpect(page.getByRole('table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  baseExpect(overflow, 'the page is as wide as the window').toBe(0);
  await baseExpect(page.getByRole('main').getByRole('link', { name: 'Add student' })).toBeInViewport();
});

test('on a phone each student is a card: name, registration number and labelled values, with its menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `${registered}?${seededOnly}` });
  const first = rows(page).first();
  await expect(first).toBeVisible();
  // The column headers give way to the labels inside each card.
  await expect(page.locator('[data-slot="table-header"]')).toBeHidden();
  const course = first.locator('td[data-label="Course"]');
  const label = await course.evaluate((cell) => getComputedStyle(cell, '::before').content);
  baseExpect(label).toBe('"Course"');
  // Name and registration number head the card, one under the other, with the menu beside them.
  const name = await first.locator('td[data-card="title"]').boundingBox();
  const number = await first.locator('td[data-card="subtitle"]').first().boundingBox();
  const menu = await first.getByRole('button', { name: /^Actions for / }).boundingBox();
  baseExpect(number!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
  baseExpect(menu!.x).toBeGreaterThan(name!.x + name!.width);
  const card = await first.boundingBox();
  baseExpect(card!.x + card!.width).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  baseExpect(overflow, 'the page is as wide as the window').toBe(0);
});
