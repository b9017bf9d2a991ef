import { marksheetTemplateMessages } from '../../common/contracts/marksheet-templates';
import { tinyPng as logoPng } from '../support/images';
import { pdfImageCounts, pdfPages, unspaced } from '../support/pdf-text';
import { seriousViolations } from './axe';
import { unique } from './exams';
import { demo, expect, loginAs, test, toast } from './fixtures';

// The scale the API refuses comes back as a 400 the browser logs, as does a draft it cannot preview.
// One pattern: Playwright reads a list of two as a value and its options.
test.use({ allowedConsoleErrors: [/status of 400 .*\/(admin\/exam\/templates\/new|resources\/marksheet-template-preview)/] });

test('a marksheet template is made with its grading scale checked, previewed with a sample student, and every save kept', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = unique('Board');
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/exam/templates' });
  await expect(page.getByRole('heading', { level: 1, name: 'Marksheet Templates' })).toBeVisible();
  expect(await seriousViolations(page, 'marksheet templates')).toEqual([]);
  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Marksheet Template' })).toBeVisible();

  await page.getByLabel('Template name').fill(name);
  await page.getByLabel('Institute name').fill('Sunrise Institute of Technology');
  await page.getByLabel('Address').fill('12 Civil Lines, Kanpur 208001');
  // The scale starts as the institute's default: A+ from 90, A from 80 …; A is made to reach into A+.
  await page.getByLabel('To percentage of grade A', { exact: true }).fill('95');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('form', { name: 'Marksheet template' }).getByText('A+ and A overlap')).toBeVisible();
  // The live preview said so as the boundary was typed.
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('A+ and A overlap')).toBeVisible();
  await expect(page.getByLabel('Template name')).toHaveValue(name);
  expect(await seriousViolations(page, 'template editor with errors')).toEqual([]);

  await page.getByLabel('To percentage of grade A', { exact: true }).fill('90');
  await page.getByRole('button', { name: 'Remove grade D' }).click();
  await page.getByLabel('Footer').fill('Errors and omissions excepted.');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTitle('Marksheet preview with a sample student')).toBeVisible();
  expect(await seriousViolations(page, 'template editor')).toEqual([]);

  const previewBytes = async (revision: number) => {
    const answer = await page.request.get(`${new URL(page.url()).pathname}/preview?revision=${revision}`);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    return new Uint8Array(await answer.body());
  };
  const preview = async (revision: number) => (await pdfPages(await previewBytes(revision)))[0]!;
  const first = await preview(1);
  for (const expected of ['Sunrise Institute of Technology', 'STATEMENT OF MARKS', 'Aarav Sharma', 'Errors and omissions excepted.']) {
    expect(first).toContain(unspaced(expected));
  }
  expect(first).not.toContain('Dfrom40%');

  await page.getByLabel('Signature 2', { exact: true }).fill('Principal');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(toast(page, 'Template saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(2);
  expect(await preview(2)).toContain('Principal');
  expect(await preview(1)).not.toContain('Principal');

  // The preview follows the draft a moment after typing stops; a refused draft says why.
  const pane = page.getByRole('region', { name: 'Preview' });
  const frame = page.getByTitle('Marksheet preview with a sample student');
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await expect(page.getByRole('img', { name: 'Logo as uploaded' })).toBeVisible();
  const drafted = page.waitForResponse(
    (answer) =>
      answer.url().endsWith('/resources/marksheet-template-preview') &&
      Boolean(answer.request().postData()?.includes('PROVISIONAL MARKSHEET')),
  );
  await page.getByLabel('Title').fill('PROVISIONAL MARKSHEET');
  const draft = await drafted;
  expect([draft.status(), draft.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await expect(pane.getByRole('heading', { name: 'Preview · as edited, not saved' })).toBeVisible();
  await expect(frame).toHaveAttribute('data-state', 'ready');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await page.getByLabel('Institute name').fill('');
  await expect(pane.getByText(marksheetTemplateMessages.required('Institute name'))).toBeVisible();
  expect(await seriousViolations(page, 'template editor with its draft refused')).toEqual([]);
  await page.getByLabel('Institute name').fill('Sunrise Institute of Technology');
  await expect(frame).toHaveAttribute('data-state', 'ready');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(toast(page, 'Template saved')).toBeVisible();
  expect(await pdfImageCounts(await previewBytes(3))).toEqual([2]);

  await page.goto('/admin/exam/templates');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});
