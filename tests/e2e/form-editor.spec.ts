import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { indianStates, maritalStatuses } from '../../common/forms/defaults';
import { photoFile, png } from './files';
import { apiHeaders, demo, expect as baseExpect, loginAs, test, toast } from './fixtures';

/**
 * The super-admin form editor (SPEC.md sections 2.5 and 4): switches, keyboard reordering, the
 * progress, Reset and Save in the panel's sidebar (an overlay on phones), save with the API's
 * message, the changes kept after a reload and followed by the student form; option lists cut at
 * 10; the plain form that saves without JavaScript; the page of an unknown form. Other specs use
 * the student form, so each test puts its configuration back as it found it.
 */

const EDITOR = '/admin/super-admin/forms/student';

// Each test signs in and loads the editor more than once; the long one also opens a second browser.
test.describe.configure({ timeout: 90_000 });
// Saves, uploads and page loads on a busy machine take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

interface StudentConfig {
  _id: string;
  fields: unknown[];
}

/** The student form's configuration as stored now, and a way to put it back at the end. */
async function keepStudentConfiguration(request: APIRequestContext) {
  const read = await request.get('/api/v1/dynamic-forms/type/student');
  expect(read.ok()).toBe(true);
  const original = ((await read.json()) as { data: StudentConfig }).data;
  return async () => {
    const restored = await request.put(`/api/v1/dynamic-forms/${original._id}`, {
      headers: await apiHeaders(request, demo.superadmin),
      data: { formType: 'student', fields: original.fields },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  };
}

/** The editor's part of the panel's sidebar: progress of enabled fields, Reset and Save. */
function sidebarTools(page: Page): Locator {
  return page.getByRole('region', { name: 'Form configuration' });
}

function orderSummary(page: Page): Locator {
  return page.getByRole('region', { name: 'Order summary' });
}

async function order(page: Page): Promise<string[]> {
  return orderSummary(page)
    .locator('[data-slot=order-row]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field') ?? ''));
}

/** A second browser signed in as the admin. */
async function adminBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, demo.admin.email, demo.admin.password);
  return { page, close: () => context.close() };
}

/** The labels of the form's inputs, in the order the form shows them. */
async function formLabels(page: Page): Promise<string[]> {
  const texts = await page.locator('form label[data-slot=label]').allInnerTexts();
  return texts.map((text) => text.replace(/\s*\*$/, '').trim());
}

/**
 * The scenario in one flow (SPEC.md sections 2.4, 2.5 and 4): a super admin disables a
 * field, makes another required and reorders two; an admin then adds a student under that
 * configuration with a photo (a real upload, its progress shown), sees the toast with the
 * generated numbers and the student in Registered Students, edits the student and reads the
 * history. The configuration is put back at the end.
 */
test('a super admin reshapes the student form; an admin adds a student with a photo under it, edits it and sees its history', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const restore = await keepStudentConfiguration(request);
  let restored = false;
  try {
    await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
    await expect(page.getByRole('heading', { name: 'Student Form', level: 1 })).toBeVisible();
    await expect(sidebarTools(page).getByText('22 of 22 fields enabled')).toBeVisible();

    // The switches appear once the page is interactive.
    const motherEnabled = page.getByRole('switch', { name: "Enable Mother's Name" });
    await expect(motherEnabled).toBeChecked();
    await motherEnabled.click();
    await expect(motherEnabled).not.toBeChecked();
    await expect(page.getByRole('switch', { name: "Require Mother's Name" })).toHaveCount(0);
    await expect(sidebarTools(page).getByText('21 of 22 fields enabled')).toBeVisible();
    await expect(sidebarTools(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '21');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    expect(await order(page)).not.toContain('motherName');

    const cityRequired = page.getByRole('switch', { name: 'Require City' });
    await expect(cityRequired).not.toBeChecked();
    await cityRequired.click();
    await expect(cityRequired).toBeChecked();
    await expect(page.getByText('City is now required')).toBeVisible();

    // Father's Name above Aadhaar Number: pick up with Space, one step up, drop with Space.
    const before = await order(page);
    const aadhaar = before.indexOf('aadhaarNumber');
    expect(before[aadhaar + 1]).toBe('fatherName');
    // Each key waits for what dnd-kit announces, as a screen reader user would hear it.
    const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    const count = before.length;
    await orderSummary(page).getByRole('button', { name: "Reorder Father's Name" }).focus();
    await page.keyboard.press('Space');
    await announced(`Father's Name is over position ${aadhaar + 2} of ${count}.`);
    await page.keyboard.press('ArrowUp');
    await announced(`Father's Name is over position ${aadhaar + 1} of ${count}.`);
    await page.keyboard.press('Space');
    await announced(`Father's Name dropped at position ${aadhaar + 1} of ${count}.`);
    await expect(page.getByText('Moved field to new position')).toBeVisible();
    const after = await order(page);
    expect(after.slice(aadhaar, aadhaar + 2)).toEqual(['fatherName', 'aadhaarNumber']);
    await expect(orderSummary(page).locator('[data-field=fatherName]')).toContainText(String(aadhaar + 1));

    await sidebarTools(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Student Form updated successfully! 21 fields enabled.')).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: "Enable Mother's Name" })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Require City' })).toBeChecked();
    expect(await order(page)).toEqual(after);

    // The admin's student form follows the configuration.
    const admin = await adminBrowser(browser);
    try {
      const form = admin.page;
      await form.goto('/admin/students/add');
      await expect(form.getByRole('heading', { name: 'Add Student', level: 1 })).toBeVisible();
      await expect(form.getByRole('textbox', { name: "Mother's Name", exact: true })).toHaveCount(0);
      const labels = await formLabels(form);
      expect(labels.indexOf("Father's Name")).toBeGreaterThanOrEqual(0);
      expect(labels.indexOf("Father's Name")).toBeLessThan(labels.indexOf('Aadhaar Number'));
      const city = form.getByRole('textbox', { name: 'City', exact: true });
      await expect(city).toHaveAttribute('aria-required', 'true');
      await expect(form.locator('label[data-slot=label]', { hasText: /^City/ }).locator('[data-slot=label-required]')).toHaveText('*');

      const name = `Asha Verma ${Date.now().toString(36)}`;
      await form.getByLabel('Center Name').selectOption({ label: 'North Campus' });
      await form.getByLabel('Student Name').fill(name);
      await form.getByLabel('Selected Course').selectOption({ label: 'Tally with GST' });
      await form.getByLabel('Student Email').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.in`);
      await form.getByLabel('Phone Number').fill('9876543210');
      await form.getByLabel('Registered', { exact: true }).check();
      await form.getByLabel('Active', { exact: true }).check();
      // City is now required: the form refuses without it, with the product's words.
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(form.getByText('City is required', { exact: true })).toBeVisible();
      await city.fill('Delhi');

      // A real upload: presign, PUT straight to storage, confirm. The PUT is held a moment so its
      // progress can be seen, and the submit button waits for it.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await form.route('**/api/v1/storage/objects/**', async (route) => {
        await held;
        await route.continue();
      });
      await form.getByLabel('Student Photo').setInputFiles(await photoFile());
      const progress = form.getByRole('progressbar', { name: 'Student Photo upload progress' });
      await expect(progress).toBeVisible();
      await expect(form.getByText(/^Uploading photo\.png · /)).toBeVisible();
      await expect(form.getByRole('button', { name: 'Wait for Upload...' })).toBeVisible();
      release();
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      await expect(form.getByText(/^Uploaded photo\.png$/)).toBeVisible();
      await expect(toast(form, 'File uploaded successfully')).toBeVisible();

      await form.getByRole('button', { name: 'Add', exact: true }).click();
      // The demo branches pay for admissions from their wallets: the admission is confirmed first.
      const charge = form.getByRole('alertdialog', { name: 'Confirm wallet charge' });
      await expect(charge).toContainText('Continue with Add Student?');
      await charge.getByRole('button', { name: 'Continue' }).click();
      const registeredToast = toast(form, 'Student Registered Successfully!');
      await expect(registeredToast).toBeVisible();
      const numbers = (await registeredToast.innerText()).match(/Registration No: (\S+) · Roll No: (\S+)/);
      expect(numbers, 'the toast names the generated numbers').not.toBeNull();
      const [, registrationNo, rollNo] = numbers!;
      // Other specs may fill in the student form meanwhile: the configuration goes back now.
      await restore();
      restored = true;

      // Registered Students opens after 3 s, newest first, with the new student in it.
      await form.waitForURL('**/admin/students/registered', { timeout: 10_000 });
      const row = form.locator('[data-slot="table-body"] tr').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(row).toContainText(registrationNo!);
      await expect(registeredToast).toContainText(rollNo!);

      // Edit from the row's menu: the form opens filled in, the photo kept.
      await form.getByRole('button', { name: `Actions for ${name}` }).click();
      await form.getByRole('menuitem', { name: 'Edit' }).click();
      await expect(form.getByRole('heading', { name: 'Edit Student', level: 1 })).toBeVisible();
      await expect(form.getByLabel('Student Name')).toHaveValue(name);
      await expect(form.getByLabel('City')).toHaveValue('Delhi');
      await expect(form.getByText('Current file: photo.png')).toBeVisible();
      await form.getByLabel('City').fill('New Delhi');
      await form.getByRole('button', { name: 'Update', exact: true }).click();
      await form.waitForURL('**/admin/students/registered');
      await expect(toast(form, 'Student updated successfully')).toBeVisible();

      // The history from the event log: created, then the city changed.
      await form.getByRole('link', { name }).click();
      const sheet = form.getByRole('dialog', { name });
      const history = sheet.getByRole('list', { name: 'History' });
      await expect(history.getByText('Created')).toBeVisible();
      const update = history.locator('li', { hasText: 'Updated' }).first();
      await expect(update).toContainText('City');
      await expect(update.locator('del')).toHaveText('Delhi');
      await expect(update.locator('ins')).toHaveText('New Delhi');

      // The photo downloads from the details under its own name, byte for byte what was uploaded.
      const download = sheet.getByRole('link', { name: 'photo.png (download Student Photo)' });
      const href = await download.getAttribute('href');
      expect(href).toContain('download=true');
      const file = await form.request.get(href!);
      expect(file.ok()).toBe(true);
      expect(file.headers()['content-disposition']).toContain('photo.png');
      expect(Buffer.compare(await file.body(), png(200))).toBe(0);
    } finally {
      await admin.close();
    }
  } finally {
    if (!restored) await restore();
  }
});

test('Move buttons and Reset change the form, Discard changes puts everything back, and leaving with unsaved changes asks first', async ({
  page,
}) => {
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
  await expect(page.getByRole('switch', { name: 'Enable City' })).toBeChecked();
  const before = await order(page);

  await orderSummary(page).getByRole('button', { name: 'Move City up' }).click();
  await expect(page.getByText('Moved field to new position')).toBeVisible();
  const city = before.indexOf('city');
  expect((await order(page)).slice(city - 1, city + 1)).toEqual(['city', before[city - 1]]);

  await page.getByRole('link', { name: 'Course Form' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));

  // Reset (SPEC.md section 4) keeps the fields named name, email, contactNumber, address or
  // isActive, or whose names contain Name or Code: 7 of the student form's 22.
  await sidebarTools(page).getByRole('button', { name: 'Reset' }).click();
  await expect(sidebarTools(page).getByText('7 of 22 fields enabled')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Enable City' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Enable Student Name' })).toBeChecked();

  await sidebarTools(page).getByRole('button', { name: 'Discard changes' }).click();
  expect(await order(page)).toEqual(before);
  await expect(sidebarTools(page).getByText('22 of 22 fields enabled')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('link', { name: 'Course Form' }).click();
  await expect(page.getByRole('heading', { name: 'Course Form', level: 1 })).toBeVisible();
});

test('Add New Field asks for a name and a label and refuses a name the form has', async ({ page }) => {
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
  await expect(page.getByRole('switch', { name: 'Enable City' })).toBeChecked();

  await page.getByRole('button', { name: 'Add New Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Field' });
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog.getByText('Please fill in field name and label')).toBeVisible();

  await dialog.getByLabel('Field name').fill('city');
  await dialog.getByLabel('Label').fill('Town');
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog.getByText('A field named "city" already exists in this form. Choose another name.')).toBeVisible();

  await dialog.getByLabel('Field name').fill('bloodGroup');
  await dialog.getByLabel('Label').fill('Blood Group');
  await dialog.getByLabel('Type').selectOption('select');
  await dialog.getByLabel('Options').fill(' A+, B+ ,, O+ ');
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Blood Group added')).toBeVisible();
  const row = page.locator('[data-slot=field-row][data-field=bloodGroup]');
  await expect(row.getByRole('list', { name: 'Options of Blood Group' }).getByRole('listitem')).toHaveText(['A+', 'B+', 'O+']);
  // Built-in forms keep their fields: no delete buttons.
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(sidebarTools(page).getByText('23 of 23 fields enabled')).toBeVisible();
  // Nothing saved: leave without saving.
  await sidebarTools(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(sidebarTools(page).getByText('22 of 22 fields enabled')).toBeVisible();
});

test('an option list shows its first 10 options and counts the rest', async ({ page }) => {
  await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
  const options = (label: string) => page.getByRole('list', { name: `Options of ${label}` }).getByRole('listitem');
  // The 36 states and union territories.
  await expect(options('State')).toHaveText([...indianStates.slice(0, 10), '+26 more']);
  await expect(options('Marital Status')).toHaveText([...maritalStatuses]);
});

test.describe('the sidebar on a wide screen and on a phone', () => {
  test('holds the progress, Reset and Save; on a phone in the menu overlay', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByRole('region', { name: 'Form configuration' })).toBeVisible();
    await expect(sidebarTools(page).getByRole('button', { name: 'Reset' })).toBeEnabled();
    await expect(sidebarTools(page).getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('form-editor-1280x800.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sidebar).toBeHidden();
    await expect(sidebarTools(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('region', { name: 'Form configuration' })).toBeVisible();
    await menu.getByRole('button', { name: 'Reset' }).click();
    await expect(menu.getByText('7 of 22 fields enabled')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('form-editor-390x844.png') });
    await menu.getByRole('button', { name: 'Discard changes' }).click();
    await expect(menu.getByText('22 of 22 fields enabled')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form saves the checkboxes and the positions', async ({ page, request }) => {
    const restore = await keepStudentConfiguration(request);
    try {
      await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login', to: EDITOR });
      await expect(page.getByRole('switch')).toHaveCount(0);
      await page.getByRole('checkbox', { name: 'Enable Signature' }).uncheck();
      // Less checking, never more: other specs fill in the student form meanwhile.
      await page.getByRole('checkbox', { name: 'Require Phone Number' }).uncheck();
      await page.getByRole('spinbutton', { name: 'Position of PIN Code' }).fill('1');
      // The sidebar's Save submits the editor's plain form.
      await sidebarTools(page).getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => url.pathname === EDITOR);

      await expect(page.getByRole('checkbox', { name: 'Enable Signature' })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Require Phone Number' })).not.toBeChecked();
      await expect(page.getByRole('spinbutton', { name: 'Position of PIN Code' })).toHaveValue('1');
      await expect(page.getByRole('spinbutton', { name: 'Position of Center Name' })).toHaveValue('2');
      await expect(sidebarTools(page).getByText('21 of 22 fields enabled')).toBeVisible();
    } finally {
      await restore();
    }
  });
});

test.describe('an unknown form type', () => {
  // The browser reports the 404 of the page itself.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is a page that leads back to the panel', async ({ page }) => {
    await loginAs(page, demo.superadmin.email, demo.superadmin.password, { loginPath: '/admin/super/login' });
    const response = await page.goto('/admin/super-admin/forms/no-such-form');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Form not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the Super Admin panel' }).click();
    // The panel opens on one of its pages.
    await expect(page).toHaveURL(/\/admin\/super-admin(\/[a-z]+)?$/);
    await expect(page.getByRole('heading', { name: 'Form not found' })).toHaveCount(0);
  });
});
