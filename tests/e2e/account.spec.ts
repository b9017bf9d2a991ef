import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect as baseExpect, hydrated, loginAs, palette, test, toast } from './fixtures';
import { seriousViolations } from './axe';

/**
 * Change Password against the real server: reached from the user menu and the palette, the wrong
 * current password refused where it belongs, the change ending the other sessions and not this
 * one, the old password refused at sign-in and the new one taken; without JavaScript too; axe.
 */

const screen = '/admin/account/password';

test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// Refusals answer 400, which the browser logs.
const refused = [/status of 400 .*\/admin\/(account\/password|login)(\.data)?\)$/];
test.use({ allowedConsoleErrors: refused });

/** A fresh admin account, so that changing its password disturbs no other spec. */
async function newAdmin(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/v2/login', { data: demo.superadmin });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const person = { email: `account.${randomBytes(4).toString('hex')}@institute.demo`, password: 'Start@123' };
  const created = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: 'Priya Account', ...person, role: 'admin', status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return person;
}

async function fillPasswords(page: Page, values: { current: string; next: string; confirm?: string }) {
  await page.getByLabel('Current password').fill(values.current);
  await page.getByLabel('New password', { exact: true }).fill(values.next);
  await page.getByLabel('Confirm new password').fill(values.confirm ?? values.next);
  await page.getByRole('button', { name: 'Change password' }).click();
}

async function signInFails(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test('changes the password from the user menu: the old one no longer signs in, the new one does, other sessions end', async ({
  page,
  browser,
  request,
}) => {
  const person = await newAdmin(request);
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await loginAs(otherPage, person.email, person.password);

  await loginAs(page, person.email, person.password);
  await hydrated(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(screen);
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();

  await fillPasswords(page, { current: 'not-my-password', next: 'Changed@456' });
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await fillPasswords(page, { current: person.password, next: 'Changed@456', confirm: 'Changed@457' });
  await expect(page.getByText('The new passwords do not match')).toBeVisible();

  await fillPasswords(page, { current: person.password, next: 'Changed@456' });
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // This session stays; the one opened elsewhere before the change has ended.
  await page.goto('/admin/account/password');
  await expect(page).toHaveURL(screen);
  await otherPage.goto(screen);
  await expect(otherPage).toHaveURL(/\/admin\/login/);
  await elsewhere.close();

  await page.context().clearCookies();
  await signInFails(page, person.email, person.password);
  await loginAs(page, person.email, 'Changed@456');
  await expect(page).not.toHaveURL(/\/admin\/login/);
});

test('the palette opens Change Password', async ({ page }) => {
  await loginAs(page, demo.northStaff.email, demo.northStaff.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('Change Password');
  await expect(palette(page).locator('[cmdk-item][aria-selected="true"]')).toContainText('Change Password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(screen);
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
});

test('has no serious or critical accessibility violation, refused or not', async ({ page }) => {
  await loginAs(page, demo.northStaff.email, demo.northStaff.password, { to: screen });
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  expect(await seriousViolations(page, 'change password')).toEqual([]);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  expect(await seriousViolations(page, 'change password (2)')).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: refused });

  test('the form posts, refuses and changes the password', async ({ page, request }) => {
    const person = await newAdmin(request);
    await loginAs(page, person.email, person.password, { to: screen });
    await fillPasswords(page, { current: 'not-my-password', next: 'NoScript@789' });
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    await fillPasswords(page, { current: person.password, next: 'NoScript@789' });
    await expect(page).toHaveURL(screen);
    await expect(page.getByText('The new passwords do not match')).toHaveCount(0);
    await page.context().clearCookies();
    await signInFails(page, person.email, person.password);
    await loginAs(page, person.email, 'NoScript@789');
    await expect(page).not.toHaveURL(/\/admin\/login/);
  });
});
