import type { Browser, Page } from '@playwright/test';
import { demo, expect as baseExpect, loginAs, test, toast } from './fixtures';

/**
 * A custom form end to end: the super admin creates it and gives it fields; an admin (who keeps
 * custom forms' records with SETTINGS_EDIT) finds it in the sidebar, adds a record, lists it,
 * views it, edits it and reads its history, and deletes it. Also the form screen's states that a
 * custom form shows best: No Form Fields for a form without fields, Form Not Available for a form
 * type nobody configured.
 */

// Two browsers and many page loads on a busy machine: more than the default 30 s and 5 s.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, demo.admin.email, demo.admin.password);
  return { page, close: () => context.close() };
}

/** Adds a field through the editor's Add New Field dialog. */
async function addField(page: Page, field: { name: string; label: string; type?: string; options?: string }) {
  await page.getByRole('button', { name: 'Add New Field' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Field' });
  await dialog.getByLabel('Field name').fill(field.name);
  await dialog.getByLabel('Label').fill(field.label);
  if (field.type) await dialog.getByLabel('Type').selectOption(field.type);
  if (field.options) await dialog.getByLabel('Options').fill(field.options);
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${field.label} added`)).toBeVisible();
}

test('a super admin creates a custom form; an admin adds, lists, edits and deletes its records', async ({ page, browser }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const label = `Visitor Log ${suffix}`;
  const formType = `visitor-log-${suffix}`;

  // The super admin names the form: an empty custom form, opened in the editor.
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login' });
  await page.getByRole('button', { name: 'Add New Form' }).click();
  const create = page.getByRole('dialog', { name: 'Add New Form' });
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByLabel('Form name').fill(label);
  await expect(create.getByText(formType, { exact: true })).toBeVisible();
  await create.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(`**/admin/super-admin/forms/${formType}`);
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();

  // Before it has fields, the admin's screen says so and leads back to the dashboard.
  const admin = await adminPage(browser);
  try {
    await admin.page.goto(`/admin/forms/${formType}`);
    await expect(admin.page.getByRole('heading', { name: 'No Form Fields' })).toBeVisible();
    await expect(
      admin.page.getByText('This form has no fields configured. Please contact super admin to add fields to this form.', { exact: true }),
    ).toBeVisible();
    await admin.page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin');

    // The super admin adds three fields, makes the first required and saves.
    await addField(page, { name: 'visitorName', label: 'Visitor Name' });
    await addField(page, { name: 'purpose', label: 'Purpose', type: 'select', options: 'Admission enquiry, Fee payment, Other' });
    await addField(page, { name: 'visitDate', label: 'Visit Date', type: 'date' });
    await page.getByRole('switch', { name: 'Require Visitor Name' }).click();
    const tools = page.getByRole('region', { name: 'Form configuration' });
    await expect(tools.getByText('3 of 3 fields enabled')).toBeVisible();
    await tools.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, `${label} updated successfully! 3 fields enabled.`)).toBeVisible();

    // The admin finds the form in the sidebar (after a reload: the layout lists the forms).
    await admin.page.reload();
    const customNav = admin.page.getByRole('navigation', { name: 'Custom forms' });
    await customNav.getByRole('link', { name: `Add ${label}` }).click();
    await admin.page.waitForURL(`**/admin/forms/${formType}`);
    await expect(admin.page.getByRole('heading', { name: `Add ${label}`, level: 1 })).toBeVisible();

    // Required means required, with the product's message.
    await admin.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(admin.page.getByText('Visitor Name is required', { exact: true })).toBeVisible();

    await admin.page.getByLabel('Visitor Name').fill('Kavita Rao');
    await admin.page.getByLabel('Purpose').selectOption('Fee payment');
    await admin.page.getByLabel('Visit Date').fill('2026-11-20');
    await admin.page.screenshot({ path: test.info().outputPath('custom-form-add.png'), fullPage: true });
    await admin.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(admin.page, `${label} created successfully`)).toBeVisible();
    await expect(admin.page.getByLabel('Visitor Name')).toHaveValue('');

    // Its records list: the first field names the record, the others are columns.
    await customNav.getByRole('link', { name: `${label} Records` }).click();
    await admin.page.waitForURL(`**/admin/forms/${formType}/records`);
    await expect(admin.page.getByRole('heading', { name: `${label} Records`, level: 1 })).toBeVisible();
    const rows = admin.page.locator('[data-slot="table-body"] tr');
    await expect(rows).toHaveCount(1);
    await expect(admin.page.getByRole('columnheader', { name: 'Purpose' })).toBeVisible();
    await expect(rows.first()).toContainText('Kavita Rao');
    await expect(rows.first()).toContainText('Fee payment');
    await admin.page.screenshot({ path: test.info().outputPath('custom-form-records.png'), fullPage: true });

    // Edit from the row menu: the form opens filled in, and the update returns to the list.
    await admin.page.getByRole('button', { name: 'Actions for Kavita Rao' }).click();
    await admin.page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(admin.page.getByRole('heading', { name: `Edit ${label}`, level: 1 })).toBeVisible();
    await expect(admin.page.getByLabel('Visitor Name')).toHaveValue('Kavita Rao');
    await admin.page.getByLabel('Purpose').selectOption('Admission enquiry');
    await admin.page.getByRole('button', { name: 'Update', exact: true }).click();
    await admin.page.waitForURL(`**/admin/forms/${formType}/records`);
    await expect(toast(admin.page, `${label} updated successfully`)).toBeVisible();

    // The details and the history from the event log.
    await admin.page.getByRole('link', { name: 'Kavita Rao' }).click();
    const sheet = admin.page.getByRole('dialog', { name: 'Kavita Rao' });
    const details = sheet.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('term').filter({ hasText: /^Purpose$/ })).toBeVisible();
    await expect(details.getByRole('definition').filter({ hasText: /^Admission enquiry$/ })).toBeVisible();
    const history = sheet.getByRole('list', { name: 'History' });
    await expect(history.getByText('Created')).toBeVisible();
    const update = history.locator('li', { hasText: 'Updated' }).first();
    await expect(update).toContainText('Purpose');
    await expect(update.locator('del')).toHaveText('Fee payment');
    await expect(update.locator('ins')).toHaveText('Admission enquiry');
    await admin.page.screenshot({ path: test.info().outputPath('custom-form-history.png'), fullPage: true });
    await admin.page.keyboard.press('Escape');

    // And it can be deleted after confirmation.
    await admin.page.getByRole('button', { name: 'Actions for Kavita Rao' }).click();
    await admin.page.getByRole('menuitem', { name: 'Delete' }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(rows).toHaveCount(0);
    await expect(admin.page.getByRole('heading', { name: 'No records yet' })).toBeVisible();
  } finally {
    await admin.close();
  }
});

test('a form type nobody configured is not available, and Retry asks again', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/forms/no-such-form' });
  await expect(page.getByRole('heading', { name: 'Form Not Available' })).toBeVisible();
  await expect(
    page.getByText('Form configuration not found. Please contact super admin to set up this form.', { exact: true }),
  ).toBeVisible();
  const reload = page.waitForResponse((response) => response.url().includes('/admin/forms/no-such-form'));
  await page.getByRole('link', { name: 'Retry' }).click();
  await reload;
  await expect(page.getByRole('heading', { name: 'Form Not Available' })).toBeVisible();
});

test('a branch user without SETTINGS_EDIT sees no custom forms and may not open one', async ({ page }) => {
  await loginAs(page, demo.northStaff.email, demo.northStaff.password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Custom forms' })).toHaveCount(0);
  await page.goto('/admin/forms/no-such-form');
  await expect(page).toHaveURL(/\/admin\/access-denied$/);
});
