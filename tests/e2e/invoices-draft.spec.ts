import type { APIRequestContext, Page } from '@playwright/test';
import { formatDate } from '../../app/utils/format';
import { formatDayFirst } from '../../common/india-time';
import { seriousViolations } from './axe';
import { addNorthAdmin, apiHeaders, demo, expect, hydrated, loginAs, palette, test, toast } from './fixtures';
import { dayFromToday, line, status } from './invoices';

/**
 * Editing a draft invoice against the real server: a draft saved in the browser is opened with
 * Edit draft, its rate and due date changed and saved, and its page shows the new total; once
 * issued, its edit address offers no form. Also: axe on the edit screen, a save without
 * JavaScript, a save refused because someone changed the draft meanwhile, and a draft of a kind
 * the user may not bill.
 */

test.describe.configure({ mode: 'serial' });

const totals = (page: Page) => page.getByRole('complementary', { name: 'Totals' });

/**
 * A draft of one exam-fee line for the first student the account sees, made through the API as the
 * institute's admin, dated `inDays` from today.
 */
async function draftFor(request: APIRequestContext, studentsOf: { email: string; password: string } = demo.admin, inDays = 0) {
  const students = await request.get('/api/v1/dynamic-data?formType=student&limit=1', { headers: await apiHeaders(request, studentsOf) });
  const studentId = ((await students.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const created = await request.post('/api/v1/invoices', {
    headers: await apiHeaders(request),
    data: {
      kind: 'student',
      partyId: studentId,
      date: dayFromToday(inDays),
      dueDate: dayFromToday(inDays + 15),
      lines: [{ kind: 'examFee', description: 'Exam fee', sac: '', quantity: 1, rate: 50_000, discount: 0, taxRate: 0 }],
      notes: '',
      issue: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { _id: string; version: number } }).data;
}

/** Someone else changes the draft through the API: its only line becomes a second paper's fee. */
async function changeMeanwhile(request: APIRequestContext, draft: { _id: string; version: number }) {
  const headers = await apiHeaders(request);
  const invoice = (await (await request.get(`/api/v1/invoices/${draft._id}`, { headers })).json()) as {
    data: { party: { _id: string }; date: string; dueDate: string };
  };
  const changed = await request.put(`/api/v1/invoices/${draft._id}`, {
    headers: { ...headers, 'If-Match': `"${draft.version}"` },
    data: {
      kind: 'student',
      partyId: invoice.data.party._id,
      date: invoice.data.date,
      dueDate: invoice.data.dueDate,
      lines: [{ kind: 'examFee', description: 'Exam fee, second paper', sac: '', quantity: 1, rate: 70_000, discount: 0, taxRate: 0 }],
      notes: '',
      issue: false,
    },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

test('a draft is edited, saved with its new total, issued, and then has no edit form', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/invoices/student/create' });
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Student' }).fill('Aarav Sharma');
  await page
    .getByRole('link', { name: /^Aarav Sharma/ })
    .first()
    .click();
  await expect(page.getByTestId('billed-party')).toHaveText('Aarav Sharma');
  await expect(line(page, 1).getByLabel('Description')).toHaveValue(/^Course fee: /);
  await line(page, 1).getByLabel(/^Rate/).fill('10,000');
  await page.getByLabel('Notes').fill('First term');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible();
  await expect(toast(page, 'Invoice saved as a draft')).toBeVisible();
  const invoicePage = new URL(page.url()).pathname;

  // Opened afresh, without the toast of its saving.
  await page.goto(invoicePage);
  await hydrated(page);
  await page.getByRole('link', { name: 'Edit draft' }).click();
  await expect(page).toHaveURL(`${invoicePage}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit draft invoice', level: 1 })).toBeVisible();
  await hydrated(page);

  // The form opens as the draft was saved.
  await expect(page.getByTestId('billed-party')).toHaveText('Aarav Sharma');
  await expect(line(page, 1).getByLabel('Description')).toHaveValue(/^Course fee: /);
  await expect(line(page, 1).getByLabel(/^Rate/)).toHaveValue('10,000');
  await expect(page.getByLabel('Notes')).toHaveValue('First term');
  await expect(totals(page)).toContainText('₹11,800.00');
  expect(await seriousViolations(page, 'the edit screen')).toEqual([]);

  const due = dayFromToday(40);
  await line(page, 1).getByLabel(/^Rate/).fill('12,500');
  await page.getByLabel('Due date').fill(formatDayFirst(due));
  await expect(totals(page)).toContainText('₹14,750.00');
  await page.getByRole('button', { name: 'Save draft' }).click();

  await expect(page).toHaveURL(invoicePage);
  await expect(toast(page, 'Invoice saved as a draft')).toBeVisible();
  await expect(status(page)).toHaveText('Draft');
  await expect(page.getByText('₹14,750.00').first()).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: formatDate(due) })).toBeVisible();

  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(status(page)).toHaveText('Issued');
  await expect(page.getByRole('link', { name: 'Edit draft' })).toHaveCount(0);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;

  await page.goto(`${invoicePage}/edit`);
  await expect(page).toHaveURL(invoicePage);
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  await expect(toast(page, 'Only a draft can be changed or issued')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
});

test('a draft is saved and issued at once from its edit screen', async ({ page }) => {
  const draft = await draftFor(page.request);
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}/edit` });
  await hydrated(page);
  await line(page, 1).getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Save and issue' }).click();
  await expect(page).toHaveURL(`/admin/invoices/${draft._id}`);
  await expect(toast(page, /Invoice issued .+\/\d{5}/)).toBeVisible();
  await expect(status(page)).toHaveText('Issued');
  await expect(page.getByText('₹1,500.00').first()).toBeVisible();
});

test('the palette finds a draft by whom it bills and opens it for editing', async ({ page }) => {
  // Dated after every other draft, so it comes first among the drafts of its student.
  const draft = await draftFor(page.request, demo.admin, 400);
  const invoice = (await (await page.request.get(`/api/v1/invoices/${draft._id}`, { headers: await apiHeaders(page.request) })).json()) as {
    data: { party: { name: string } };
  };
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill(invoice.data.party.name);
  await palette(page)
    .getByRole('option', { name: new RegExp(`^Edit draft for ${invoice.data.party.name}`) })
    .first()
    .click();
  await expect(page).toHaveURL(`/admin/invoices/${draft._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit draft invoice', level: 1 })).toBeVisible();
});

test.describe('a refused save', () => {
  // The form comes back with the refusal, answered 400.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(.*\/admin\/invoices\/[^/]+\/edit\.data\)/] });

  test('a draft changed by someone else meanwhile is not overwritten', async ({ page }) => {
    const draft = await draftFor(page.request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}/edit` });
    await hydrated(page);

    await changeMeanwhile(page.request, draft);

    await line(page, 1).getByLabel(/^Rate/).fill('900');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('This invoice was changed by someone else. Reload it and try again.')).toBeVisible();
    await page.goto(`/admin/invoices/${draft._id}`);
    await expect(page.getByRole('region', { name: 'Lines', exact: true })).toContainText('Exam fee, second paper');
  });
});

test('a draft of a kind the user may not bill has no Edit draft, and its edit address is refused', async ({ page }) => {
  const person = { name: 'Branch Biller', email: `branch.biller.${Date.now()}@institute.demo`, password: 'Biller@123' };
  await addNorthAdmin(page.request, person, ['INVOICE_VIEW_BRANCH', 'INVOICE_CREATE_BRANCH']);
  const draft = await draftFor(page.request, demo.northAdmin);
  await loginAs(page, person.email, person.password, { to: `/admin/invoices/${draft._id}` });
  await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit draft' })).toHaveCount(0);
  await page.goto(`/admin/invoices/${draft._id}/edit`);
  await expect(page).toHaveURL(/\/admin\/access-denied$/);
});

test.describe('a deleted draft', () => {
  // Its address answers 404 once it is gone, and the browser reports it.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is deleted from its page after a confirmation, leaves the list, and its address is not found', async ({ page }) => {
    // Dated after every other draft, so it heads the list of drafts, newest first.
    const draft = await draftFor(page.request, demo.admin, 300);
    const rowLink = page.locator(`a[href="/admin/invoices/${draft._id}"]`);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/invoices?status=draft' });
    await expect(rowLink.first()).toBeVisible();

    await page.goto(`/admin/invoices/${draft._id}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Delete draft' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this draft?' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`/admin/invoices/${draft._id}?delete=1`);
    await dialog.getByRole('button', { name: 'Delete draft' }).click();

    await expect(page).toHaveURL('/admin/invoices');
    await expect(toast(page, 'Draft deleted')).toBeVisible();
    await page.goto('/admin/invoices?status=draft');
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(rowLink).toHaveCount(0);

    const gone = await page.goto(`/admin/invoices/${draft._id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByText('Invoice not found')).toBeVisible();
  });

  test('an issued invoice offers no Delete draft', async ({ page }) => {
    const draft = await draftFor(page.request);
    const issued = await page.request.post(`/api/v1/invoices/${draft._id}/issue`, { headers: await apiHeaders(page.request) });
    expect(issued.ok(), await issued.text()).toBe(true);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}?delete=1` });
    await expect(status(page)).toHaveText('Issued');
    await expect(page.getByRole('link', { name: 'Delete draft' })).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a draft is changed and saved with plain forms', async ({ page }) => {
    const draft = await draftFor(page.request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}` });
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await expect(page.getByRole('heading', { name: 'Edit draft invoice', level: 1 })).toBeVisible();
    await expect(line(page, 1).getByLabel('Description')).toHaveValue('Exam fee');

    await page.getByRole('button', { name: 'Add line' }).click();
    await line(page, 2).getByLabel('Description').fill('Practical exam fee');
    await line(page, 2).getByLabel(/^Rate/).fill('250');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await expect(page).toHaveURL(`/admin/invoices/${draft._id}`);
    await expect(status(page)).toHaveText('Draft');
    await expect(page.getByRole('region', { name: 'Lines', exact: true })).toContainText('Practical exam fee');
    await expect(page.getByText('₹795.00').first()).toBeVisible();
  });

  test.describe('a refused save', () => {
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('a draft changed by someone else is not overwritten, even when the form has come back from the server since', async ({ page }) => {
      const draft = await draftFor(page.request);
      await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}/edit` });
      await changeMeanwhile(page.request, draft);

      // Adding a line without JavaScript is a round trip: the form comes back from a page loaded after the change.
      await page.getByRole('button', { name: 'Add line' }).click();
      await line(page, 2).getByLabel('Description').fill('Practical exam fee');
      await line(page, 2).getByLabel(/^Rate/).fill('250');
      for (const attempt of [1, 2]) {
        await page.getByRole('button', { name: 'Save draft' }).click();
        await expect(page.getByText('This invoice was changed by someone else. Reload it and try again.'), `save ${attempt}`).toBeVisible();
      }
      await page.goto(`/admin/invoices/${draft._id}`);
      await expect(page.getByRole('region', { name: 'Lines', exact: true })).toContainText('Exam fee, second paper');
      await expect(page.getByRole('region', { name: 'Lines', exact: true })).not.toContainText('Practical exam fee');
    });
  });

  test.describe('a deleted draft', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('is deleted with plain forms', async ({ page }) => {
      const draft = await draftFor(page.request);
      await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/invoices/${draft._id}` });
      await page.getByRole('link', { name: 'Delete draft' }).click();
      await page.getByRole('region', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete draft' }).click();
      await expect(page).toHaveURL('/admin/invoices');
      expect((await page.goto(`/admin/invoices/${draft._id}`))?.status()).toBe(404);
    });
  });
});
