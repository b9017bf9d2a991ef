import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminRoutes } from '../../app/lib/route-registry';
import { KNOWN_ROLES } from '../../common/roles';
import { demo, expect as baseExpect, hydrated, loginAs, test, toast } from './fixtures';

/**
 * The super-admin panel (SPEC.md section 2.5): user management, permission management, and the
 * effect of both on the admin area of the user they manage.
 */

// Each test walks several pages with a sign-in or two, and a save reloads the page's lists:
// generous limits keep a busy machine from failing them.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const PANEL = '/admin/super-admin';
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const titleOf = (path: string) => adminRoutes.find((route) => route.path === path)!.title;

let sequence = 0;
/** A person nobody else in the run uses. */
function newPerson(first: string) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return { name: `${first} ${tag}`, email: `${first.toLowerCase()}.${tag}@institute.demo`, password: `${first}@12345` };
}

async function signInAsSuperAdmin(page: Page) {
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login' });
  await expect(page).toHaveURL(/\/admin\/super-admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
}

async function addUser(page: Page, person: { name: string; email: string; password: string }, branch?: string) {
  await page.goto(`${PANEL}/users`);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Phone').fill('9876543210');
  await dialog.getByLabel('Password').fill(person.password);
  if (branch) await dialog.getByLabel('Branch').selectOption({ label: branch });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(toast(page, 'User added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** Runs one of Permission Management's data actions from its menu. */
async function runDataAction(page: Page, name: 'Refresh' | 'Reload Users' | 'Reload Permissions' | 'Sync Permissions') {
  await page.getByRole('button', { name: 'Reload & sync' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** Opens Permission Management on a user, found through the list's search. */
async function openPermissionsOf(page: Page, person: { name: string; email: string }) {
  await page.goto(`${PANEL}/permissions`);
  await page.getByPlaceholder('Search by name, email or role').fill(person.email);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('link', { name: new RegExp(person.name) })
    .click();
  await expect(page.getByRole('form', { name: `Permissions of ${person.name}` })).toBeVisible();
  await expect(page).toHaveURL(/[?&]user=/);
}

async function grant(page: Page, person: { name: string }, names: string[]) {
  for (const name of names) await page.getByRole('checkbox', { name: new RegExp(`\\b${name}\\b`) }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  // The toast of an earlier save for this person says the same: let it go first, so the one
  // below can only be this save's.
  const saved = toast(page, `Permissions updated for ${person.name}`);
  await expect(saved).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(saved).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  for (const name of names) await expect(page.getByRole('checkbox', { name: new RegExp(`\\b${name}\\b`) })).toBeChecked();
}

async function superAdminToken(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/v2/login', { data: demo.superadmin });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Adds a user through the API (for tests that drive the screen without JavaScript, or change it behind its back). */
async function createUserOnApi(request: APIRequestContext, person: { name: string; email: string; password: string }) {
  const created = await request.post('/api/v1/users', {
    data: { ...person, role: 'user', status: 'active' },
    headers: { Authorization: `Bearer ${await superAdminToken(request)}` },
  });
  expect(created.status()).toBe(201);
}

/** A second browser, signed in as the managed user at the admin login. */
async function signInElsewhere(browser: Browser, baseURL: string, person: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAs(page, person.email, person.password);
  return { context, page };
}

test.describe('the super-admin panel', () => {
  test('a user created here signs in with the permissions granted here, and loses access when deactivated', async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = newPerson('Priya');
    await signInAsSuperAdmin(page);
    await addUser(page, person, 'North Campus');
    await page.getByLabel('Search').fill(person.email);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(person.email).replace(/\./g, '\\.')}`));
    await expect(userRow(page, person.email)).toContainText('North Campus');
    await expect(userRow(page, person.email)).toContainText('Active');

    await openPermissionsOf(page, person);
    await grant(page, person, ['STUDENT_VIEW_ALL', 'DASHBOARD_VIEW']);

    const staff = await signInElsewhere(browser, baseURL!, person);
    try {
      await expect(staff.page).toHaveURL(/\/admin\/?$/);
      const nav = mainNav(staff.page);
      await expect(nav.getByRole('link', { name: titleOf('/admin') })).toBeVisible();
      await expect(nav.getByRole('link', { name: titleOf('/admin/students/registered') })).toBeVisible();
      await expect(nav.getByRole('link', { name: titleOf('/admin/courses') })).toHaveCount(0);

      // One more grant; the user sees it after refreshing their permissions.
      await grant(page, person, ['COURSE_VIEW_ALL']);
      // Nothing but the footer menu's Refresh Permissions tells this page about the grant.
      await expect(nav.getByRole('link', { name: titleOf('/admin/courses') })).toHaveCount(0);
      const account = staff.page.getByRole('button', { name: `Account menu for ${person.name}` });
      await expect(account).toBeVisible();
      await account.click();
      const refresh = staff.page.getByRole('menuitem', { name: /Refresh Permissions/ });
      await expect(refresh).toContainText('2');
      await refresh.click();
      await expect(toast(staff.page, /Permissions refreshed/)).toBeVisible();
      await expect(toast(staff.page, '1 added')).toBeVisible();
      await staff.page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: titleOf('/admin/courses') })).toBeVisible();

      // Deactivated: the next page the user asks for is the login.
      await page.goto(`${PANEL}/users?${new URLSearchParams({ search: person.email })}`);
      await userRow(page, person.email)
        .getByRole('button', { name: `Deactivate ${person.name}` })
        .click();
      await expect(toast(page, 'User status updated')).toBeVisible();
      await expect(userRow(page, person.email)).toContainText('Inactive');
      await expect(userRow(page, person.email).getByRole('button', { name: `Activate ${person.name}` })).toBeVisible();

      await nav.getByRole('link', { name: titleOf('/admin/students/registered') }).click();
      await expect(staff.page).toHaveURL(/\/admin\/login/);
    } finally {
      await staff.context.close();
    }
  });

  test('search, role and status filters live in the address, with a count and an empty state', async ({ page }) => {
    await signInAsSuperAdmin(page);
    await page.getByLabel('Role').selectOption({ label: 'Super Admin' });
    await expect(page).toHaveURL(/role=superadmin/);
    await expect(page.getByText(/^1 user found$/)).toBeVisible();
    await expect(userRow(page, demo.superadmin.email)).toBeVisible();
    await expect(userRow(page, demo.superadmin.email).locator('[data-slot="badge"]').first()).toHaveText('Super Admin');

    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await expect(page).toHaveURL(/status=inactive/);
    await expect(page.getByText('No users found')).toBeVisible();

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await page.getByLabel('Search').fill('north');
    await expect(page).toHaveURL(/search=north/);
    await expect(userRow(page, demo.northAdmin.email)).toBeVisible();
    await expect(userRow(page, demo.northStaff.email)).toBeVisible();
    await expect(userRow(page, demo.southAdmin.email)).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue('north');
    await expect(userRow(page, demo.northAdmin.email)).toBeVisible();
  });

  test('deleting asks first', async ({ page }) => {
    const person = newPerson('Meera');
    await signInAsSuperAdmin(page);
    await addUser(page, person);
    await page.getByLabel('Search').fill(person.email);
    await userRow(page, person.email)
      .getByRole('button', { name: `Delete ${person.name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
    await expect(confirm).toContainText(person.email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(userRow(page, person.email)).toBeVisible();

    await userRow(page, person.email)
      .getByRole('button', { name: `Delete ${person.name}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('the permission editor counts, resets, and asks before switching users with unsaved changes', async ({ page }) => {
    const person = newPerson('Kabir');
    await signInAsSuperAdmin(page);
    await addUser(page, person);
    await openPermissionsOf(page, person);

    for (const label of ['Total Users', 'Active Users', 'Users with Permissions', 'Total Permissions']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    const students = page.getByRole('checkbox', { name: 'All Students permissions' });
    await expect(students).toHaveAttribute('data-state', 'unchecked');
    await page.getByRole('checkbox', { name: /\bSTUDENT_ADD\b/ }).check();
    await expect(students).toHaveAttribute('data-state', 'indeterminate');
    await students.click();
    await expect(students).toHaveAttribute('data-state', 'checked');
    await expect(page.getByRole('checkbox', { name: /\bSTUDENT_DELETE\b/ })).toBeChecked();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(students).toHaveAttribute('data-state', 'unchecked');
    await expect(page.getByText('Unsaved changes')).toBeHidden();

    await page.getByRole('button', { name: 'Select All', exact: true }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Deselect All' }).click();
    await expect(page.getByText('Unsaved changes')).toBeHidden();

    await page.getByRole('checkbox', { name: /\bEXAM_CREATE\b/ }).check();
    await page.getByPlaceholder('Search by name, email or role').fill(demo.admin.email);
    await page
      .getByRole('list', { name: 'Users' })
      .getByRole('link', { name: /Institute Admin/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByRole('form', { name: `Permissions of ${person.name}` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /\bEXAM_CREATE\b/ })).toBeChecked();

    // Another page of the panel asks too, and staying keeps the ticks.
    await page.getByRole('navigation', { name: 'Super admin' }).getByRole('link', { name: 'User Management' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText(`The changes to the permissions of ${person.name} are not saved yet.`);
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page).toHaveURL(/\/admin\/super-admin\/permissions/);
    await expect(page.getByRole('checkbox', { name: /\bEXAM_CREATE\b/ })).toBeChecked();

    await page
      .getByRole('list', { name: 'Users' })
      .getByRole('link', { name: /Institute Admin/ })
      .click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('form', { name: 'Permissions of Institute Admin' })).toBeVisible();

    await runDataAction(page, 'Sync Permissions');
    await expect(toast(page, 'Permissions synchronized successfully')).toContainText(/0 added, 0 updated, 0 removed, \d+ unchanged/);
    await expect(page.getByRole('form', { name: 'Permissions of Institute Admin' })).toBeVisible();
  });

  test('Reload Users, Reload Permissions and Refresh each read their own part again, keeping unsaved changes', async ({ page }) => {
    // Three reads and a reset on top of a sign-in and an added user.
    test.slow();
    const person = newPerson('Tara');
    await signInAsSuperAdmin(page);
    await addUser(page, person);
    await openPermissionsOf(page, person);
    const personId = new URL(page.url()).searchParams.get('user')!;
    const box = (name: string) => page.getByRole('checkbox', { name: new RegExp(`\\b${name}\\b`) });
    const unsaved = page.getByRole('status').filter({ hasText: 'Unsaved changes' });
    await box('EXAM_CREATE').check();
    await expect(unsaved).toBeVisible();

    // Behind the screen's back: a new user, and a grant to the one being edited.
    const newcomer = newPerson('Uma');
    await createUserOnApi(page.request, newcomer);
    const granted = await page.request.put(`/api/v1/users/${personId}/permissions`, {
      data: { permissions: ['STUDENT_ADD'] },
      headers: { Authorization: `Bearer ${await superAdminToken(page.request)}` },
    });
    expect(granted.ok()).toBe(true);
    const users = page.getByRole('list', { name: 'Users' });
    await page.getByPlaceholder('Search by name, email or role').fill(newcomer.email);
    await expect(users.getByRole('link', { name: new RegExp(newcomer.name) })).toHaveCount(0);

    // Reload Users reads the users only: the newcomer is listed, the checklist is untouched.
    const usersRead = page.waitForRequest((request) => new URL(request.url()).searchParams.get('part') === 'users');
    await runDataAction(page, 'Reload Users');
    await usersRead;
    await expect(toast(page, 'Users reloaded')).toBeVisible();
    await expect(users.getByRole('link', { name: new RegExp(newcomer.name) })).toBeVisible();
    await expect(box('EXAM_CREATE')).toBeChecked();
    await expect(unsaved).toBeVisible();

    // Reload Permissions reads the catalogue only.
    const catalogueRead = page.waitForRequest((request) => new URL(request.url()).searchParams.get('part') === 'catalogue');
    await runDataAction(page, 'Reload Permissions');
    await catalogueRead;
    const total = await page.getByText('Total Permissions', { exact: true }).locator('xpath=following-sibling::p').textContent();
    await expect(toast(page, 'Permissions reloaded')).toContainText(`${total} permissions`);
    await expect(box('EXAM_CREATE')).toBeChecked();

    // Neither read the edited user's grants: resetting still goes back to none.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(box('STUDENT_ADD')).not.toBeChecked();
    await box('EXAM_CREATE').check();

    // Refresh reads everything, the grants included; the unsaved tick stays, and Reset now goes
    // back to the grant made elsewhere.
    await runDataAction(page, 'Refresh');
    await expect(toast(page, 'Refreshed')).toContainText(`the grants of ${person.name}`);
    await expect(box('EXAM_CREATE')).toBeChecked();
    await expect(unsaved).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(box('STUDENT_ADD')).toBeChecked();
    await expect(box('EXAM_CREATE')).not.toBeChecked();
    await expect(unsaved).toBeHidden();
  });

  test('Permission Management groups its four data actions in one menu that names and describes each, by keyboard too', async ({
    page,
  }) => {
    await signInAsSuperAdmin(page);
    await page.goto(`${PANEL}/permissions`);
    // A key pressed while the page hydrates can open the menu without the focus on its first item.
    await hydrated(page);
    const trigger = page.getByRole('button', { name: 'Reload & sync' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    const reads = menu.getByRole('group', { name: 'Read again what is stored' });
    const changes = menu.getByRole('group', { name: 'Change the catalogue' });
    await expect(reads.getByRole('menuitem')).toHaveCount(3);
    const descriptions = {
      Refresh: /users, permissions and the open user's grants/,
      'Reload Users': /user list only/,
      'Reload Permissions': /permission catalogue only/,
    };
    for (const [name, description] of Object.entries(descriptions)) {
      await expect(reads.getByRole('menuitem', { name, exact: true })).toHaveAccessibleDescription(description);
    }
    await expect(changes.getByRole('menuitem')).toHaveCount(1);
    await expect(changes.getByRole('menuitem', { name: 'Sync Permissions', exact: true })).toHaveAccessibleDescription(/match the app/);

    // Opened by keyboard, the menu starts on its first item; the arrows move and Enter runs.
    await expect(reads.getByRole('menuitem', { name: 'Refresh', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(reads.getByRole('menuitem', { name: 'Reload Users', exact: true })).toBeFocused();
    const usersRead = page.waitForRequest((request) => new URL(request.url()).searchParams.get('part') === 'users');
    await page.keyboard.press('Enter');
    await usersRead;
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(toast(page, 'Users reloaded')).toBeVisible();

    // Escape closes the menu without running anything.
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the sidebar lists the panel, adds a custom form, and logs out', async ({ page }) => {
    await signInAsSuperAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Super admin' });
    for (const name of ['User Management', 'Permission Management', 'Student Form', 'Course Form', 'Branch Form', 'Exam & Result Form']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Exam & Result Form' })).toHaveAttribute('href', `${PANEL}/forms/examResult`);

    await nav.getByRole('button', { name: 'Add New Form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Form' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Form name').fill('   ');
    await expect(create).toBeDisabled();
    const label = `Alumni Survey ${Date.now().toString(36)}`;
    await dialog.getByLabel('Form name').fill(label);
    await expect(dialog.getByText(label.toLowerCase().replace(/\s+/g, '-'))).toBeVisible();
    await create.click();
    await expect(page).toHaveURL(`${PANEL}/forms/${label.toLowerCase().replace(/\s+/g, '-')}`);
    await page.goto(`${PANEL}/users`);
    await expect(nav.getByRole('link', { name: label })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/super\/login$/);
    await page.goto(`${PANEL}/users`);
    await expect(page).toHaveURL(/\/admin\/super\/login/);
  });

  test('on a phone the panel menu is a sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsSuperAdmin(page);
    await expect(page.getByRole('navigation', { name: 'Super admin' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'Permission Management' }).click();
    await expect(page.getByRole('heading', { name: 'Permission Management', level: 1 })).toBeVisible();
    await expect(sheet).toBeHidden();
  });
});

test.describe('refusals', () => {
  // The action answers a refused form with 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(.*\/admin\/super-admin\/users\.data\)/] });

  test('adding and editing check the required fields with the screen’s messages', async ({ page }) => {
    const person = newPerson('Arjun');
    await signInAsSuperAdmin(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Name').fill(person.name);
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert')).toHaveText('Please fill in required fields (name, email, password)');
    await expect(add.getByLabel('Email')).toHaveAttribute('type', 'email');
    // The role box suggests the roles that sign in, named as everywhere else, and starts at the lowest.
    const role = add.getByLabel('Role');
    await expect(role).toHaveValue('user');
    await expect(role).toHaveAccessibleDescription('Pick a suggested role or type another.');
    const suggestions = page.locator(`datalist#${await role.getAttribute('list')} option`);
    await expect(suggestions).toHaveCount(KNOWN_ROLES.length);
    expect(
      await suggestions.evaluateAll((options) =>
        options.map((option) => [(option as HTMLOptionElement).value, (option as HTMLOptionElement).label]),
      ),
    ).toEqual([
      ['superadmin', 'Super Admin'],
      ['admin', 'Admin'],
      ['branch_admin', 'Branch Admin'],
      ['branch_user', 'Branch User'],
      ['branch_operator', 'Branch Operator'],
      ['user', 'User'],
    ]);
    await add.getByLabel('Email').fill(person.email);
    await add.getByLabel('Password').fill(person.password);
    await add.getByLabel('Role').fill('teacher');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'User added successfully')).toBeVisible();

    // The same email again: the server's message.
    await page.getByRole('button', { name: 'Add User' }).click();
    await add.getByLabel('Name').fill(`${person.name} again`);
    await add.getByLabel('Email').fill(person.email.toUpperCase());
    await add.getByLabel('Password').fill(person.password);
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert')).toHaveText('A user with this email already exists');
    await expect(toast(page, 'A user with this email already exists')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByLabel('Search').fill(person.email);
    const row = userRow(page, person.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: `Edit ${person.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Role')).toHaveValue('teacher');
    await expect(edit.getByLabel('Password')).toHaveValue('');
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(edit.getByRole('alert')).toHaveText('Please fill in required fields');
    await edit.getByLabel('Name').fill(`${person.name} Rao`);
    // A blank password keeps the current one.
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(row).toContainText(`${person.name} Rao`);

    const check = await page.request.post('/api/v1/auth/v2/login', { data: { email: person.email, password: person.password } });
    expect(check.ok()).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the user list searches and filters through a plain form, and status changes post without scripts', async ({ page }) => {
    const person = newPerson('Nisha');
    await createUserOnApi(page.request, person);
    await signInAsSuperAdmin(page);
    await page.getByLabel('Search').fill(person.email);
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/search=.+&status=active/);
    await expect(page.getByText(/^1 user found$/)).toBeVisible();
    const row = userRow(page, person.email);
    await row.getByRole('button', { name: `Deactivate ${person.name}` }).click();
    await expect(page).toHaveURL(/search=.+&status=active/);
    // Inactive now, so the active-only list no longer holds them.
    await expect(page.getByText('No users found')).toBeVisible();
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `Activate ${person.name}` }).click();
    await expect(page.getByText('No users found')).toBeVisible();
  });
});
