import type { APIRequestContext, Page } from '@playwright/test';
import { certificateFormatMessages, type CertificateFormatView } from '../../common/contracts/certificate-formats';
import { tinyPng as signaturePng } from '../support/images';
import { pdfImageCounts, pdfPageSizes, pdfPages, unspaced } from '../support/pdf-text';
import { seriousViolations } from './axe';
import { unique } from './exams';
import { addAdminWith, apiHeaders, demo, expect, hydrated, loginAs, test, toast } from './fixtures';

// A refused save (a layout's problem, a stale version) answers 400 or 412, which the browser logs as a failed request.
test.use({ allowedConsoleErrors: [/status of 4(00|12) .*\/admin\/certificates\/formats\//] });

/** The field on the page whose accessible name starts with its label: "Student name, 20 mm from the left, …". */
const pageField = (page: Page, label: string) =>
  page.locator('[data-slot="designer-page"]').getByRole('button', { name: new RegExp(`^${label}, `) });

/** Where the field is, in whole millimetres, read from its accessible name. */
async function position(page: Page, label: string) {
  const name = (await pageField(page, label).getAttribute('aria-label')) ?? '';
  const match = /, ([\d.]+) mm from the left, ([\d.]+) mm from the top/.exec(name);
  expect(match, name).not.toBeNull();
  return { x: Number(match![1]), y: Number(match![2]) };
}

async function createFormat(request: APIRequestContext, kind: 'certificate' | 'idcard', name: string, fields: object[] = []) {
  const headers = await apiHeaders(request);
  const layout = {
    kind,
    pageSize: kind === 'certificate' ? 'A4' : 'CR80',
    orientation: kind === 'certificate' ? 'landscape' : 'portrait',
    background: { front: null, back: null },
    fields,
  };
  const created = await request.post('/api/v1/certificate-formats', { headers, data: { name, layout } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: CertificateFormatView }).data;
}

test('a certificate format is designed with the mouse, saved, kept, refused when stale, and previewed for a student', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = unique('Completion');
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/certificates/formats' });
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate Formats' })).toBeVisible();
  expect(await seriousViolations(page, 'certificate formats')).toEqual([]);
  await hydrated(page);

  await page.getByRole('link', { name: 'New certificate format' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New certificate format' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Orientation').selectOption('portrait');
  await dialog.getByLabel('Start from').selectOption('empty');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(toast(page, certificateFormatMessages.created)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('A4, portrait · Revision 1')).toBeVisible();

  // A field added from the panel, dragged with the mouse, then nudged with the arrow keys.
  await page.getByLabel('Add field').selectOption('studentName');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const field = pageField(page, 'Student name');
  await expect(field).toBeFocused();
  const before = await position(page, 'Student name');
  const box = (await field.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width / 2 + step * 6, box.y + box.height / 2 + step * 12);
  await page.mouse.up();
  const dragged = await position(page, 'Student name');
  expect(dragged.x).toBeGreaterThan(before.x);
  expect(dragged.y).toBeGreaterThan(before.y);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await field.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const nudged = await position(page, 'Student name');
  expect([nudged.x - dragged.x, nudged.y - dragged.y].map((mm) => Math.round(mm))).toEqual([1, 5]);

  // A save the API refuses for a field's problem names the field, and leads to it.
  await page.getByLabel('Add field').selectOption('text');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('with {{nope}}');
  await page.getByRole('button', { name: 'Save format' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: /^Invalid request body/ });
  await expect(refusal.getByText(/^Text \(f2\): \{\{nope\}\} is not a placeholder/)).toBeVisible();
  await field.focus();
  await refusal.getByRole('button', { name: 'Show the field' }).click();
  await expect(pageField(page, 'Text')).toBeFocused();
  await page.keyboard.press('Delete');
  await field.focus();
  await page.getByLabel('Font').selectOption('Noto Serif');
  await page.getByLabel('Size (pt)').fill('24');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(toast(page, certificateFormatMessages.saved)).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page, 'certificate format designer')).toEqual([]);

  await page.reload();
  await expect(pageField(page, 'Student name')).toBeVisible();
  expect(await position(page, 'Student name')).toEqual(nudged);
  await pageField(page, 'Student name').focus();
  await expect(page.getByLabel('Font')).toHaveValue('Noto Serif');
  await expect(page.getByLabel('Size (pt)')).toHaveValue('24');

  // Someone else saves meanwhile: this page's save is refused, and says so.
  const headers = await apiHeaders(request);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const current = (await (await request.get(`/api/v1/certificate-formats/${id}`, { headers })).json()) as { data: CertificateFormatView };
  const elsewhere = await request.put(`/api/v1/certificate-formats/${id}`, {
    headers: { ...headers, 'If-Match': `"${current.data.version}"` },
    data: { name: current.data.content.name, layout: current.data.content.layout },
  });
  expect(elsewhere.status()).toBe(200);
  await pageField(page, 'Student name').focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByRole('alert').filter({ hasText: certificateFormatMessages.stale })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Reload the format' }).click();
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(3);
  expect(await position(page, 'Student name')).toEqual(nudged);

  // A real student, found as one types, fills the fields and the PDF of the saved revision.
  await page.getByRole('searchbox', { name: 'Student' }).fill('a');
  const match = page.getByRole('list', { name: 'Matching students' }).getByRole('link').first();
  const student = (await match.locator('span').first().textContent())!;
  await match.click();
  await expect(page.getByText(`The fields show ${student}’s details.`)).toBeVisible();
  await expect(pageField(page, 'Student name')).toContainText(student);
  const preview = page.getByRole('link', { name: `Preview revision 3 for ${student}` });
  const answer = await page.request.get((await preview.getAttribute('href'))!);
  expect([answer.status(), answer.headers()['content-type']]).toEqual([200, 'application/pdf']);
  const bytes = new Uint8Array(await answer.body());
  expect(await pdfPageSizes(bytes)).toEqual([[595.28, 841.89]]);
  expect((await pdfPages(bytes))[0]).toContain(unspaced(student));
});

test('a signature uploaded in the designer is kept with the format and printed by its signature field', async ({ page, request }) => {
  const made = await createFormat(request, 'certificate', unique('Signed'), [
    { id: 'sign', type: 'signature', x: 200, y: 160, width: 50, height: 20 },
  ]);
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/certificates/formats/${made._id}` });
  await expect(page.getByRole('heading', { level: 1, name: made.content.name })).toBeVisible();
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Student' }).fill('a');
  await page.getByRole('list', { name: 'Matching students' }).getByRole('link').first().click();
  const previewImages = async (revision: number) => {
    const link = page.getByRole('link', { name: new RegExp(`^Preview revision ${revision} for `) });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect([answer.status(), answer.headers()['content-type']]).toEqual([200, 'application/pdf']);
    return pdfImageCounts(new Uint8Array(await answer.body()));
  };
  expect(await previewImages(1)).toEqual([0]);

  await page.getByLabel('Signature', { exact: true }).setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng });
  await expect(page.getByRole('button', { name: 'Remove Signature' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(toast(page, certificateFormatMessages.saved)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(2);
  expect(await previewImages(2)).toEqual([1]);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove Signature' })).toBeVisible();
  expect(await seriousViolations(page, 'certificate format designer with a signature')).toEqual([]);
});

test('a new ID card format starts as a finished card, front and back, and the demo institute has one to issue from', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/certificates/idcard-formats' });
  await expect(page.getByRole('link', { name: 'Student ID card' })).toBeVisible();
  await page.getByRole('link', { name: 'New ID card format' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New ID card format' });
  await dialog.getByLabel('Name').fill(unique('Card'));
  await expect(dialog.getByLabel('Start from')).toHaveValue('finished');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(toast(page, certificateFormatMessages.created)).toBeVisible();
  await expect(pageField(page, 'Student name')).toBeVisible();
  await expect(pageField(page, 'Photo')).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(pageField(page, 'Barcode')).toBeVisible();
});

test('the designer is used with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(60_000);
  const made = await createFormat(request, 'idcard', unique('Card'));
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/certificates/idcard-formats/${made._id}` });
  await expect(page.getByRole('heading', { level: 1, name: made.content.name })).toBeVisible();
  await hydrated(page);

  // From the Add field choice, on: no pointer.
  await page.getByLabel('Add field').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Add field')).toHaveValue('fatherName');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const field = pageField(page, 'Father’s name');
  await expect(field).toBeFocused();
  const start = await position(page, 'Father’s name');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  expect(Math.round((await position(page, 'Father’s name')).y - start.y)).toBe(6);

  // The field's properties follow it in the tab order.
  const weight = page.getByLabel('Weight');
  for (let presses = 0; presses < 20 && !(await weight.evaluate((node) => node === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(weight).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(weight).toHaveValue('bold');

  // The back of the card, then Save, by keyboard.
  await page.getByRole('button', { name: 'Back', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Fields on the back' })).toBeVisible();
  await page.getByRole('button', { name: 'Save format' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, certificateFormatMessages.saved)).toBeVisible();
  expect(await seriousViolations(page, 'ID card format designer')).toEqual([]);

  await page.goto('/admin/certificates/idcard-formats');
  await expect(page.getByRole('heading', { level: 1, name: 'ID Card Formats' })).toBeVisible();
  expect(await seriousViolations(page, 'ID card formats')).toEqual([]);
});

test('whoever only opens certificate formats reads them, with nothing to create, save or archive', async ({ page, request }) => {
  const made = await createFormat(request, 'certificate', unique('Merit'));
  const account = await addAdminWith(request, 'Format Reader', ['CERTIFICATE_FORMATS']);

  await loginAs(page, account.email, account.password, { to: '/admin/certificates/formats' });
  await expect(page.getByRole('link', { name: made.content.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New certificate format' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Archive/ })).toHaveCount(0);

  await page.getByRole('link', { name: made.content.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: made.content.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Save format' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
});
