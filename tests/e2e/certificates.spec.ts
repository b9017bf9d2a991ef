import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CertificateFormatView } from '../../common/contracts/certificate-formats';
import { certificateMessages, type EligibleStudent, type IssuedDocumentView } from '../../common/contracts/certificates';
import { pdfPageSizes, pdfPages, unspaced } from '../support/pdf-text';
import { seriousViolations } from './axe';
import { unique } from './exams';
import { addAdminWith, apiHeaders, demo, expect, hydrated, loginAs, palette, test, toast } from './fixtures';

async function createFormat(request: APIRequestContext, kind: 'certificate' | 'idcard') {
  const layout = {
    kind,
    pageSize: kind === 'certificate' ? 'A4' : 'CR80',
    orientation: kind === 'certificate' ? 'landscape' : 'portrait',
    background: { front: null, back: null },
    // The holder's name and the document's number, so the PDF read back shows whose and which it is.
    fields: (['studentName', 'documentNumber'] as const).map((type, index) => ({
      id: type,
      type,
      side: 'front',
      x: 4,
      y: 6 + index * 10,
      width: 46,
      height: 8,
      fontFamily: 'Noto Serif',
      fontSize: 10,
      fontWeight: 'normal',
      colour: '#111827',
      align: 'left',
      text: '',
    })),
  };
  const name = unique(kind === 'certificate' ? 'Completion' : 'Student card');
  const created = await request.post('/api/v1/certificate-formats', { headers: await apiHeaders(request), data: { name, layout } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: CertificateFormatView }).data;
}

/** Students a document of the kind can be issued to now, as the API lists them. */
async function eligible(request: APIRequestContext, kind: 'certificate' | 'idcard', query: Record<string, string> = {}) {
  const answer = await request.get(
    `/api/v1/certificates/students?${new URLSearchParams({ kind, eligible: 'true', limit: '100', ...query })}`,
    {
      headers: await apiHeaders(request),
    },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { students: EligibleStudent[] } }).data.students;
}

async function issued(request: APIRequestContext, search: string) {
  const answer = await request.get(`/api/v1/certificates?${new URLSearchParams({ search })}`, { headers: await apiHeaders(request) });
  return ((await answer.json()) as { data: { documents: IssuedDocumentView[] } }).data.documents;
}

const generated = '/admin/certificates/generated';
const row = (page: Page, number: string) => page.getByRole('row').filter({ hasText: number });

test('a certificate is issued to a student, downloaded, verified, reissued, revoked with a reason and verified again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const format = await createFormat(request, 'certificate');
  // A student late in the list, so the other cases' students are not this one.
  const students = await eligible(request, 'certificate');
  const student = students[students.length - 1]!;
  await loginAs(page, demo.admin.email, demo.admin.password, { to: generated });
  await expect(page.getByRole('heading', { level: 1, name: 'Generated Certificates' })).toBeVisible();
  await hydrated(page);

  await page.getByRole('link', { name: 'Issue', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue to a student' });
  await dialog.getByLabel('Student').fill(student.registrationNo!);
  await dialog.getByRole('link', { name: new RegExp(student.name) }).click();
  await expect(dialog.getByTestId('issue-student')).toContainText(student.name);
  expect(await seriousViolations(page, 'issue dialog')).toEqual([]);
  await dialog.getByLabel('Format').selectOption(format._id);
  await dialog.getByRole('button', { name: 'Issue certificate' }).click();
  await expect(toast(page, /^Certificate issued CERT\//)).toBeVisible();
  const [first] = await issued(request, student.registrationNo!);
  expect(first).toMatchObject({ kind: 'certificate', studentId: student._id, status: 'issued', formatId: format._id });
  await expect(row(page, first!.number)).toContainText(student.name);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `PDF of ${first!.number}` }).click();
  const pdf = new Uint8Array(await readFile((await (await download).path())!));
  const text = unspaced((await pdfPages(pdf)).join(' '));
  expect(text).toContain(unspaced(first!.number));
  expect(text).toContain(unspaced(student.name));

  await page.goto(`/verify/${first!.verificationCode}`);
  await expect(page.getByText('This document is genuine and stands')).toBeVisible();
  await expect(page.getByText(student.name).first()).toBeVisible();

  await page.goto(`${generated}?${new URLSearchParams({ search: first!.number })}`);
  await hydrated(page);
  await page.getByRole('link', { name: `Reissue ${first!.number}` }).click();
  await page
    .getByRole('alertdialog', { name: `Reissue ${first!.number}?` })
    .getByRole('button', { name: 'Reissue' })
    .click();
  await expect(toast(page, /^Certificate reissued as CERT\//)).toBeVisible();
  const second = (await issued(request, student.registrationNo!)).find((document) => document.status === 'issued')!;
  expect(second.supersedes?.number).toBe(first!.number);
  await page.goto(`/verify/${first!.verificationCode}`);
  await expect(page.getByText('This document was replaced by a later one')).toBeVisible();

  await page.goto(`${generated}?${new URLSearchParams({ search: second.number })}`);
  await hydrated(page);
  await page.getByRole('link', { name: `Revoke ${second.number}` }).click();
  const revoke = page.getByRole('alertdialog', { name: `Revoke ${second.number}?` });
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(revoke.getByLabel('Reason')).toBeFocused();
  await revoke.getByLabel('Reason').fill('Issued with a misspelt name');
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(toast(page, certificateMessages.revoked('certificate'))).toBeVisible();
  await expect(row(page, second.number)).toContainText('Revoked');
  await expect(page.getByRole('link', { name: `Revoke ${second.number}` })).toHaveCount(0);

  await page.goto(`/verify/${second.verificationCode}`);
  await expect(page.getByText('This document was revoked')).toBeVisible();
  await expect(page.getByText('Issued with a misspelt name')).toBeVisible();
});

test('ID cards are issued to a whole course as a job that is found again, then printed ten to a sheet', async ({ page, request }) => {
  test.setTimeout(90_000);
  const format = await createFormat(request, 'idcard');
  const students = await eligible(request, 'idcard');
  // The course with the most students waiting for a card: enough of them to fill a sheet.
  const counts = new Map<string, number>();
  for (const student of students) counts.set(student.courseId!, (counts.get(student.courseId!) ?? 0) + 1);
  const [courseId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const waiting = await eligible(request, 'idcard', { courseId });
  await loginAs(page, demo.admin.email, demo.admin.password, { to: generated });
  await hydrated(page);

  await page.getByRole('link', { name: 'Issue for a course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue for a course' });
  await dialog.getByRole('link', { name: 'ID card' }).click();
  await expect(dialog.getByRole('link', { name: 'ID card' })).toHaveAttribute('aria-current', 'page');
  await dialog.getByLabel('Course').selectOption(courseId);
  await dialog.getByLabel('Format').selectOption(format._id);
  await dialog.getByRole('button', { name: 'Start issuing' }).click();
  await expect(toast(page, certificateMessages.bulkStarted)).toBeVisible();
  const job = page.getByTestId('bulk-job');
  await expect(job.getByRole('progressbar', { name: 'Students done' })).toBeVisible();
  await expect(job).toContainText(`Done: ${waiting.length} issued`, { timeout: 30_000 });

  // Left and come back to: the job is still there until it is put away.
  await page.goto('/admin/certificates');
  await expect(page.getByTestId('issued-idcard').locator('[data-count="total"]')).not.toHaveText('0');
  expect(await seriousViolations(page, 'certificates overview')).toEqual([]);
  await page.goto(`${generated}?${new URLSearchParams({ kind: 'idcard', courseId })}`);
  await expect(page.getByTestId('bulk-job')).toContainText(`Done: ${waiting.length} issued`);
  expect(await seriousViolations(page, 'generated certificates')).toEqual([]);
  await page.getByTestId('bulk-job').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('bulk-job')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('bulk-job')).toHaveCount(0);

  await expect(page.getByText(`${waiting.length} documents`).first()).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /^Select ID\// });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print ID card sheets' }).click();
  const sheet = new Uint8Array(await readFile((await (await download).path())!));
  const sizes = await pdfPageSizes(sheet);
  // One A4 sheet, turned as the cards' own orientation fits ten of them best.
  expect(sizes.map((size) => size.map(Math.round).sort((a, b) => a - b))).toEqual([[595, 842]]);
});

test('the palette offers to issue a certificate for a student and to print a course’s ID cards', async ({ page, request }) => {
  const [student] = await eligible(request, 'certificate');
  await loginAs(page, demo.admin.email, demo.admin.password);
  await hydrated(page);
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill(student!.registrationNo!);
  await palette(page)
    .getByRole('option', { name: new RegExp(`^Issue certificate for ${student!.name}`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Issue to a student' });
  await expect(dialog.getByTestId('issue-student')).toContainText(student!.name);
  await expect(dialog.getByRole('button', { name: 'Issue certificate' })).toBeVisible();

  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill(student!.courseName!);
  await palette(page)
    .getByRole('option', { name: new RegExp(`^Print ID cards for ${student!.courseName}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`kind=idcard.*courseId=${student!.courseId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Generated Certificates' })).toBeVisible();
});

test('whoever only opens issued documents downloads them, with nothing to issue, revoke or reissue', async ({ page, request }) => {
  const format = await createFormat(request, 'idcard');
  const student = (await eligible(request, 'idcard')).at(-1)!;
  const made = await request.post('/api/v1/certificates', {
    headers: await apiHeaders(request),
    data: { kind: 'idcard', formatId: format._id, studentId: student._id, courseId: student.courseId },
  });
  expect([200, 201], await made.text()).toContain(made.status());
  const { number } = ((await made.json()) as { data: IssuedDocumentView }).data;
  const account = await addAdminWith(request, 'Document Reader', ['CERTIFICATE_GENERATED']);

  await loginAs(page, account.email, account.password, { to: `${generated}?search=${encodeURIComponent(number)}` });
  await expect(row(page, number).getByRole('link', { name: `PDF of ${number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Revoke ${number}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Reissue ${number}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Issue', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Issue for a course' })).toHaveCount(0);

  // An address that opens the issue form opens nothing for them.
  await page.goto(`${generated}?issue=idcard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Generated Certificates' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a certificate is issued through the page’s own forms', async ({ page, request }) => {
    const format = await createFormat(request, 'certificate');
    const students = await eligible(request, 'certificate');
    const student = students[Math.floor(students.length / 2)]!;
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `${generated}?issue=certificate` });
    const form = page.getByRole('region', { name: 'Issue to a student' });
    await form.getByLabel('Student').fill(student.registrationNo!);
    await form.getByRole('button', { name: 'Find' }).click();
    await form.getByRole('link', { name: new RegExp(student.name) }).click();
    await form.getByLabel('Format').selectOption(format._id);
    await form.getByRole('button', { name: 'Issue certificate' }).click();
    const [document] = await issued(request, student.registrationNo!);
    expect(document).toMatchObject({ studentId: student._id, status: 'issued' });
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(document!.number)}`));
    await expect(row(page, document!.number)).toContainText(student.name);
  });

  test('the student in the address is the one picked, whatever the search beside it finds', async ({ page, request }) => {
    const [student] = await eligible(request, 'idcard');
    await loginAs(page, demo.admin.email, demo.admin.password, {
      to: `${generated}?${new URLSearchParams({ issue: 'idcard', q: 'no one is called this', student: student!._id })}`,
    });
    const form = page.getByRole('region', { name: 'Issue to a student' });
    await expect(form.getByTestId('issue-student')).toContainText(student!.name);
    await expect(form.getByRole('button', { name: 'Issue ID card' })).toBeVisible();
  });
});
