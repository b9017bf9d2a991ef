import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, demo, expect as baseExpect, loginAs, test, toast } from './fixtures';
import { seriousViolations } from './axe';

/**
 * The course categories screen against the real server: add, rename, toggle and delete through
 * the dialogs, the API's refusals shown where they belong, search, status, sort and pages in the
 * address, axe, and the guard.
 */

const screen = '/admin/course/categories';

test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const rows = (page: Page) => page.locator('[data-slot="table-body"] tr');
const nameCells = (page: Page) => page.locator('[data-slot="table-body"] tr td:first-child');
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function names(page: Page) {
  return (await nameCells(page).allInnerTexts()).map((text) => text.trim());
}

/** Adds categories through the API as the admin, for the tests that need many. */
async function addCategories(request: APIRequestContext, list: readonly string[]) {
  const headers = await apiHeaders(request);
  const ids: string[] = [];
  for (const name of list) {
    const response = await request.post('/api/v1/course/categories', { headers, data: { name } });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { data: { _id: string } }).data._id);
  }
  return { ids, headers };
}

test.describe('as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
  });

  test('adds, renames, deactivates and deletes a category, each with a toast', async ({ page }) => {
    const name = unique('Robotics');
    await page.goto(screen);
    await expect(page.getByRole('heading', { name: 'Course Categories', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Courses' })).toBeVisible();

    await page.getByRole('link', { name: 'Add category' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add course category' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add category' }).click();
    await expect(toast(page, `${name} added`)).toBeVisible();
    await expect(add).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search categories' }).fill(name);
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Active');

    const renamed = `${name} Lab`;
    await page.getByRole('link', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename course category' });
    await expect(rename.getByLabel('Name')).toHaveValue(name);
    await rename.getByLabel('Name').fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(toast(page, `Renamed to ${renamed}`)).toBeVisible();
    await expect(nameCells(page)).toHaveText([renamed]);

    // The toggle from the keyboard.
    await page.getByRole('button', { name: `Deactivate ${renamed}` }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, `${renamed} is now inactive`)).toBeVisible();
    await expect(rows(page)).toContainText('Inactive');
    await expect(page.getByRole('button', { name: `Activate ${renamed}` })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete category?' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No categories match your search' })).toBeVisible();
  });

  test.describe('refused forms', () => {
    // A refused form is answered 400 with its messages, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400 .*\/admin\/course\/categories/] });

    test('refuses a name already taken, in any case, under the field', async ({ page }) => {
      await page.goto(`${screen}?add=1`);
      const add = page.getByRole('dialog', { name: 'Add course category' });
      await add.getByRole('button', { name: 'Add category' }).click();
      await expect(add.getByText('Category name is required')).toBeVisible();
      await add.getByLabel('Name').fill('  accounting ');
      await add.getByRole('button', { name: 'Add category' }).click();
      await expect(add.getByText('A category with this name already exists')).toBeVisible();
      await expect(add.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    });

    test('refuses a rename of a category changed since it was shown', async ({ page }) => {
      const name = unique('Stale');
      const { ids, headers } = await addCategories(page.request, [name]);
      await page.goto(`${screen}?search=${encodeURIComponent(name)}`);
      await page.getByRole('link', { name: `Rename ${name}` }).click();
      const rename = page.getByRole('dialog', { name: 'Rename course category' });
      await expect(rename.getByLabel('Name')).toHaveValue(name);

      const elsewhere = await page.request.put(`/api/v1/course/categories/${ids[0]}/status`, { headers, data: {} });
      expect(elsewhere.ok()).toBe(true);

      await rename.getByLabel('Name').fill(`${name} 2`);
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expect(rename.getByRole('alert')).toHaveText('This category was changed by someone else. Reload it and try again.');
    });
  });

  test('the palette opens the add dialog', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    // Shortcuts exist once React runs: keep pressing until the palette answers.
    await expect(async () => {
      if (!(await palette.isVisible())) await page.keyboard.press('ControlOrMeta+k');
      await expect(palette).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.type('add course category');
    await palette.getByRole('option', { name: 'Add course category' }).click();
    await expect(page).toHaveURL(/\/admin\/course\/categories\?add=1$/);
    await expect(page.getByRole('dialog', { name: 'Add course category' })).toBeVisible();
  });

  test('refuses to delete a category courses use, with the reason as a toast', async ({ page }) => {
    await page.goto(`${screen}?search=Accounting`);
    await expect(nameCells(page)).toHaveText(['Accounting']);
    await page.getByRole('button', { name: 'Delete Accounting' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // The seed's Tally with GST and Financial Accounting.
    await expect(toast(page, 'This category is used by 2 courses; move them to another category before deleting it')).toBeVisible();
    await expect(nameCells(page)).toHaveText(['Accounting']);
  });

  test('searches, filters by status, sorts by name and pages', async ({ page }) => {
    const prefix = unique('Paged');
    const list = Array.from({ length: 11 }, (_, n) => `${prefix} ${String(n + 1).padStart(2, '0')}`);
    const { ids, headers } = await addCategories(page.request, list);
    const off = await page.request.put(`/api/v1/course/categories/${ids[0]}/status`, { headers, data: { status: 'inactive' } });
    expect(off.ok()).toBe(true);

    await page.goto(`${screen}?search=${encodeURIComponent(prefix)}&limit=10`);
    await expect(page.getByText('Showing 1–10 of 11 categories')).toBeVisible();
    expect(await names(page)).toEqual(list.slice(0, 10));

    await page.getByRole('link', { name: /next/i }).first().click();
    await expect(page).toHaveURL(/page=2/);
    await expect(nameCells(page)).toHaveText([list[10]!]);

    const header = page.getByRole('columnheader', { name: 'Name' });
    await header.getByRole('link').click();
    await expect(page).toHaveURL(/sort=name&order=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(nameCells(page)).toHaveText([...list].reverse().slice(0, 10));

    await page.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
    await expect(page).toHaveURL(/status=inactive/);
    await expect(nameCells(page)).toHaveText([list[0]!]);
  });

  test('has no serious or critical accessibility violation, with a dialog open or not', async ({ page }) => {
    await page.goto(screen);
    await expect(rows(page).first()).toBeVisible();
    expect(await seriousViolations(page, 'course categories')).toEqual([]);

    await page.getByRole('link', { name: 'Add category' }).first().click();
    await page.getByRole('dialog', { name: 'Add course category' }).getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText('Category name is required')).toBeVisible();
    expect(await seriousViolations(page, 'course categories (2)')).toEqual([]);
  });
});

test('a branch user without the permission is refused', async ({ page }) => {
  await loginAs(page, demo.northStaff.email, demo.northStaff.password, { to: screen });
  await expect(page).toHaveURL(/\/admin\/access-denied$/);
  const response = await page.request.get('/api/v1/course/categories', { headers: await apiHeaders(page.request, demo.northStaff) });
  expect(response.status()).toBe(403);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('adds a category from the page and toggles it with plain forms', async ({ page }) => {
    const name = unique('Plain');
    await loginAs(page, demo.admin.email, demo.admin.password, { to: screen });
    await page.getByRole('link', { name: 'Add category' }).first().click();
    const add = page.getByRole('region', { name: 'Add course category' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add category' }).click();
    await expect(page).toHaveURL((url) => url.pathname === screen && !url.searchParams.has('add'));

    await page.goto(`${screen}?search=${encodeURIComponent(name)}`);
    await expect(nameCells(page)).toHaveText([name]);
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(rows(page)).toContainText('Inactive');
  });
});
