import type { APIRequestContext, Page } from '@playwright/test';
import { adminRoutes, canOpen, openableRoutes } from '../../app/lib/route-registry';
import { seriousViolations } from './axe';
import { demo, expect, hydrated, loginAs, palette, test } from './fixtures';

/**
 * axe (WCAG 2.x A and AA, best practices, and the check that a control's name holds its visible
 * text) on every page of the registry each demo role may open, the super admin's panel, and the
 * states that only exist after an action: the palette, a record's details, a form showing its
 * errors, the sidebar on a phone. Any serious or critical violation fails.
 */

interface Account {
  email: string;
  password: string;
}

/** The API's view of an account: its permissions decide which pages it visits. */
async function apiSignIn(request: APIRequestContext, account: Account) {
  const response = await request.post('/api/v1/auth/v2/login', { data: account });
  expect(response.ok(), `sign-in of ${account.email} on the API`).toBe(true);
  const body = (await response.json()) as { data: { accessToken: string; user: { role: string; permissions: string[] } } };
  return { token: body.data.accessToken, user: body.data.user };
}

/** The id of the first demo record of a kind, e.g. `formType=course`. */
async function firstRecordId(request: APIRequestContext, token: string, query: string) {
  const response = await request.get(`/api/v1/dynamic-data?${query}&limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `the demo records of ${query}`).toBe(true);
  const body = (await response.json()) as { data: { records: { _id: string }[] } };
  const id = body.data.records[0]?._id;
  expect(id, `a demo record of ${query}`).toBeTruthy();
  return id!;
}

/** Waits until the page has its heading and scripts, so axe sees what a user sees. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForFunction(() => document.readyState === 'complete');
}

/** The pages of one record, each opened on the first demo record of its kind, from its list. */
const recordPages = [
  { path: '/admin/courses/:id', list: '/admin/courses', query: 'formType=course' },
  { path: '/admin/exam/result-entry/:examId', list: '/admin/exam/result-entry', query: 'formType=examResult' },
];

const roles: [string, Account][] = [
  ['admin', demo.admin],
  ['branch admin', demo.northAdmin],
  ['branch staff', demo.northStaff],
];

for (const [role, account] of roles) {
  test(`every page the ${role} may open has no serious accessibility violation`, async ({ page, request }) => {
    const { user, token } = await apiSignIn(request, account);
    const recordPaths = [];
    for (const { path, list, query } of recordPages) {
      const route = adminRoutes.find((one) => one.path === path)!;
      if (!canOpen(route, user) || !openableRoutes(user).some((open) => open.path === list)) continue;
      recordPaths.push(path.replace(/:\w+/, await firstRecordId(request, token, query)));
    }
    const paths = [...openableRoutes(user).map((route) => route.path), ...recordPaths];
    // axe takes a few seconds a page, many more on a busy machine.
    test.setTimeout(30_000 + paths.length * 20_000);

    await loginAs(page, account.email, account.password);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      found.push(...(await seriousViolations(page, path)));
    }
    expect(found).toEqual([]);
  });
}

test('the super admin’s panel has no serious accessibility violation', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login' });
  const found: string[] = [];
  for (const path of [
    '/admin/super-admin',
    '/admin/super-admin/users',
    '/admin/super-admin/permissions',
    '/admin/super-admin/forms/student',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
    found.push(...(await seriousViolations(page, path)));
  }
  expect(found).toEqual([]);
});

test('the sign-in pages have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const path of ['/admin/login', '/admin/super/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    found.push(...(await seriousViolations(page, path)));
  }
  expect(found).toEqual([]);
});

test('the skip link names a target on every kind of page, so it works before any script runs', async ({ page }) => {
  for (const path of ['/admin/login', '/admin/super/login']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    await expect(page.locator('main#main')).toHaveCount(1);
  }
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login' });
  await expect(page).toHaveURL(/\/admin\/super-admin\//);
  await expect(page.locator('main#main')).toHaveCount(1);
});

test('the first Tab reaches a skip link to the heading, and a move to another page starts at its heading', async ({ page }) => {
  test.slow();
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.goto('/admin/students/registered');
  await settled(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Registered Students' })).toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Students' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Students' })).toBeFocused();
});

test.describe('open states', () => {
  test.beforeEach(async ({ page }) => {
    test.slow();
    await loginAs(page, demo.admin.email, demo.admin.password);
    await hydrated(page);
  });

  test('the command palette, with results for a query', async ({ page }) => {
    await page.keyboard.press('ControlOrMeta+k');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.type('stu');
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    expect(await seriousViolations(page, 'palette')).toEqual([]);
  });

  test('a student’s details beside the list', async ({ page, request }) => {
    const { token } = await apiSignIn(request, demo.admin);
    const id = await firstRecordId(request, token, 'formType=student&registered=true');
    await page.goto(`/admin/students/registered?view=${id}`);
    await settled(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('status', { name: 'Loading details' })).toHaveCount(0);
    expect(await seriousViolations(page, 'details sheet')).toEqual([]);
  });

  test('a form showing its errors', async ({ page }) => {
    await page.goto('/admin/students/add');
    await settled(page);
    await page.locator('main form button[type="submit"]:not([hidden])').last().click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await seriousViolations(page, 'form with errors')).toEqual([]);
  });

  test('the sidebar on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    expect(await seriousViolations(page, 'phone sidebar')).toEqual([]);
  });
});
