import type { Page } from '@playwright/test';
import { addNorthAdmin, demo, expect as baseExpect, hydrated, loginAs, test, toast } from './fixtures';

/**
 * Access Changes (/admin/users/access-changes): who changed whose role, branch, permissions or
 * status. A branch admin sees their own branch's users only.
 */

test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const changeRow = (page: Page, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row'));

test('a branch admin adds a staff member and grants a permission, and the audit shows both, of their branch only', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const manager = { name: `Branch Head ${tag}`, email: `head.${tag}@institute.demo`, password: 'Head@12345' };
  const staff = { name: `Meera ${tag}`, email: `meera.${tag}@institute.demo` };

  // The super admin sets the scene: a North Campus admin who manages the branch's staff and their permissions.
  await addNorthAdmin(request, manager, [
    'BRANCH_USER_VIEW',
    'USERS_BRANCH_MANAGEMENT',
    'PERMISSION_MANAGE',
    'STUDENT_ADD',
    'DASHBOARD_VIEW',
  ]);

  await loginAs(page, manager.email, manager.password, { to: '/admin/users/branch-management' });
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(staff.name);
  await dialog.getByLabel('Email').fill(staff.email);
  await dialog.getByLabel('Password').fill('Meera@12345');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page, 'User added successfully')).toBeVisible();

  await page.goto('/admin/users/permission-management');
  await page.getByPlaceholder('Search by name, email or role').fill(staff.email);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('link', { name: new RegExp(staff.name) })
    .click();
  await page.getByRole('checkbox', { name: /\bSTUDENT_ADD\b/ }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, `Permissions updated for ${staff.name}`)).toBeVisible();
  // The editor leads to the user's history.
  await page.getByRole('link', { name: 'Access history' }).click();
  await expect(page.getByText(`Changes to ${staff.name}`)).toBeVisible();
  await expect(changeRow(page, 'Permissions changed')).toContainText('STUDENT_ADD');

  await page.goto('/admin/users/access-changes');
  await expect(page.getByRole('heading', { name: 'Access Changes', level: 1 })).toBeVisible();
  const granted = changeRow(page, staff.name, 'Permissions changed');
  await expect(granted).toContainText('STUDENT_ADD');
  await expect(granted).toContainText(manager.name);
  await expect(changeRow(page, staff.name, 'Account created')).toContainText('as Branch Operator');
  // South Campus's people are not this branch admin's to see.
  await expect(page.getByRole('row').filter({ hasText: demo.southAdmin.email })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Institute Admin' })).toHaveCount(0);

  // A user's history opens from their row in Branch Users, narrowed to them.
  await page.goto('/admin/users/branch-management');
  await page.getByLabel('Search').fill(staff.email);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === staff.email);
  await page.getByRole('link', { name: `Access history of ${staff.name}` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/access-changes\?user=/);
  await expect(page.getByText(`Changes to ${staff.name}`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);

  // Filters narrow on the server: only permission changes, then none in a year long past.
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Change' }).selectOption({ label: 'Permissions changed' });
  await expect(page).toHaveURL(/[?&]kind=permissions/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Show every user' }).click();
  await expect(page.getByText(`Changes to ${staff.name}`)).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]kind=permissions/);
});

test('an institute admin follows who made a change and finds an old change by its permission', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/users/access-changes?permission=WALLET_MANAGE_ALL' });
  // The seed granted the institute admin every permission.
  const seeded = changeRow(page, 'Institute Admin', 'Permissions changed');
  await expect(seeded).toHaveCount(1);
  await expect(seeded).toContainText('System');
  await seeded.getByText(/and \d+ more/).click();
  await expect(seeded.getByText('WALLET_MANAGE_ALL', { exact: false })).toBeVisible();
});

test('a member of staff without a user or permission right is refused the audit', async ({ page }) => {
  await loginAs(page, demo.northStaff.email, demo.northStaff.password, { to: '/admin/users/access-changes' });
  await expect(page).toHaveURL(/\/admin\/access-denied/);
});
