import type { Locator, Page } from '@playwright/test';
import { demo, expect as baseExpect, hydrated, loginAs, palette, test, toast } from './fixtures';

/**
 * All Users (/admin/users): the super admin's user management in the admin area, for staff
 * holding USER_MANAGE_ALL or USERS_MANAGE, who manage only the users decision 011 puts below them.
 */

test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** The roles the Add User dialog suggests. */
const suggestedRoles = (dialog: Locator) =>
  dialog.locator('datalist option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** Searches the list for one user and waits for the search to land, as acting before it would race its navigation. */
async function findUser(page: Page, email: string) {
  await page.getByLabel('Search').fill(email);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === email);
  return userRow(page, email);
}

/** Deactivates a listed user, then deletes them after confirming, each answered by its toast. */
async function deactivateAndDelete(page: Page, row: Locator, name: string) {
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(toast(page, 'User status updated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
}

test('an institute admin adds, edits, deactivates and deletes a branch user, and cannot touch those above them', async ({ page }) => {
  const tag = Date.now().toString(36);
  const person = { name: `Kavya ${tag}`, email: `kavya.${tag}@institute.demo` };
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/users' });
  await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();

  // The super admin ranks above an institute admin: their row can be seen, not changed.
  await page.getByLabel('Search').fill(demo.superadmin.email);
  await expect(page).toHaveURL(/search=superadmin/);
  const superadmin = userRow(page, demo.superadmin.email);
  await expect(superadmin.getByRole('button', { name: /^Edit / })).toBeDisabled();
  await expect(superadmin.getByRole('button', { name: /^Edit / })).toHaveAttribute(
    'title',
    'Only a super admin can create or change a super admin',
  );
  await expect(superadmin.getByRole('button', { name: /^Delete / })).toBeDisabled();
  await expect(superadmin.getByRole('button', { name: /^Deactivate / })).toBeDisabled();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  // Only the roles an institute admin may give are suggested.
  const suggested = await dialog
    .locator('datalist option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(suggested).toEqual(['branch_admin', 'branch_user', 'branch_operator', 'user']);
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Phone').fill('9876543210');
  await dialog.getByLabel('Password').fill('Kavya@12345');
  await dialog.getByLabel('Role').fill('branch_user');
  await dialog.getByLabel('Branch').selectOption({ label: 'North Campus' });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page, 'User added successfully')).toBeVisible();

  const row = await findUser(page, person.email);
  await expect(row).toContainText('Branch User');
  await expect(row).toContainText('North Campus');

  await row.getByRole('button', { name: `Edit ${person.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Phone').fill('9123456780');
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(toast(page, 'User updated successfully')).toBeVisible();

  await deactivateAndDelete(page, row, person.name);
});

test('the palette finds a user for an institute admin and opens them in All Users', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('north.staff');
  const result = palette(page).locator('[cmdk-item]').filter({ hasText: demo.northStaff.email });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/users' && url.searchParams.get('search') === demo.northStaff.email);
  await expect(userRow(page, demo.northStaff.email)).toBeVisible();
});

test('the palette’s New user account opens All Users with its Add User dialog', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('add user');
  await palette(page).getByRole('option', { name: 'New user account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/users' && !url.searchParams.has('add'));
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
});

test('a branch admin without the permission is refused All Users', async ({ page }) => {
  await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: '/admin/users' });
  await expect(page).toHaveURL(/\/admin\/access-denied/);
});

test.describe('Branch Users', () => {
  test('a branch admin manages their own branch’s staff, and sees no other branch', async ({ page }) => {
    const tag = Date.now().toString(36);
    const person = { name: `Rohan ${tag}`, email: `rohan.${tag}@institute.demo` };
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: '/admin/users/branch-management' });
    await expect(page.getByRole('heading', { name: 'Branch Users', level: 1 })).toBeVisible();
    // One branch, theirs: nothing to pick, and nobody of another branch in the list.
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveCount(0);
    await expect(userRow(page, demo.northStaff.email)).toBeVisible();
    await expect(userRow(page, demo.southAdmin.email)).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'South Campus' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    expect(await suggestedRoles(dialog)).toEqual(['branch_user', 'branch_operator']);
    await expect(dialog.getByLabel('Branch').locator('option')).toHaveText(['North Campus']);
    await dialog.getByLabel('Name').fill(person.name);
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('Password').fill('Rohan@12345');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'User added successfully')).toBeVisible();

    const row = await findUser(page, person.email);
    await expect(row).toContainText('Branch Operator');
    await expect(row).toContainText('North Campus');
    await deactivateAndDelete(page, row, person.name);
  });

  test('institute staff pick a branch, whose staff the list shows and new staff join', async ({ page }) => {
    const tag = Date.now().toString(36);
    const person = { name: `Leela ${tag}`, email: `leela.${tag}@institute.demo` };
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/users/branch-management' });
    // With scripts running, a choice of branch applies at once.
    await hydrated(page);
    const branch = page.getByRole('combobox', { name: 'Branch' });
    await branch.selectOption({ label: 'South Campus' });
    await expect(page).toHaveURL(/[?&]branch=/);
    await expect(userRow(page, demo.southAdmin.email)).toBeVisible();
    await expect(userRow(page, demo.northStaff.email)).toHaveCount(0);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('Branch')).toHaveValue(await branch.inputValue());
    await dialog.getByLabel('Name').fill(person.name);
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('Password').fill('Leela@12345');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'User added successfully')).toBeVisible();
    await expect(page).toHaveURL(/[?&]branch=/);
    await expect(userRow(page, person.email)).toContainText('South Campus');
  });
});

test.describe('Permission Management in the admin area', () => {
  test('a permission manager grants what they hold to staff they manage, and sees nothing more', async ({ page, request }) => {
    const tag = Date.now().toString(36);
    const manager = { name: `Manager ${tag}`, email: `manager.${tag}@institute.demo`, password: 'Manager@123' };
    const staff = { name: `Staff ${tag}`, email: `staff.${tag}@institute.demo`, password: 'Staff@12345' };
    // The super admin sets the scene through the API: a manager holding three permissions, and a member of staff.
    const login = await request.post('/api/v1/auth/v2/login', { data: demo.superadmin });
    const headers = { Authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
    const created = await request.post('/api/v1/users', {
      headers,
      data: { ...manager, role: 'admin', permissions: ['PERMISSION_MANAGE', 'DASHBOARD_VIEW', 'STUDENT_ADD'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await request.post('/api/v1/users', { headers, data: { ...staff, role: 'branch_user' } })).status()).toBe(201);

    await loginAs(page, manager.email, manager.password, { to: '/admin/users/permission-management' });
    await expect(page.getByRole('heading', { name: 'Permission Management', level: 1 })).toBeVisible();
    const users = page.getByRole('list', { name: 'Users' });
    // Themselves and those ranked at or above them are not theirs to change.
    await expect(users.getByRole('link', { name: new RegExp(staff.name) })).toBeVisible();
    await expect(users.getByRole('link', { name: new RegExp(manager.name) })).toHaveCount(0);
    await expect(users.getByRole('link', { name: /Super Admin/ })).toHaveCount(0);
    await expect(users.getByRole('link', { name: /Institute Admin/ })).toHaveCount(0);

    await page.getByPlaceholder('Search by name, email or role').fill(staff.email);
    await users.getByRole('link', { name: new RegExp(staff.name) }).click();
    await expect(page.getByRole('form', { name: `Permissions of ${staff.name}` })).toBeVisible();
    // Only what the manager holds can be granted.
    await expect(page.getByRole('checkbox', { name: /\bSTUDENT_ADD\b/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /\bWALLET_VIEW\b/ })).toHaveCount(0);
    await page.getByRole('checkbox', { name: /\bSTUDENT_ADD\b/ }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, `Permissions updated for ${staff.name}`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /\bSTUDENT_ADD\b/ })).toBeChecked();
  });
});
