import type { APIRequestContext, Page } from '@playwright/test';
import { addNorthAdmin, addRecord, apiHeaders, demo, expect as baseExpect, hydrated, loginAs, test, toast } from './fixtures';
import { seriousViolations } from './axe';

/**
 * The course papers screen against the real server: a course's papers added, changed and deleted
 * through the dialogs, the refusals shown under their fields, a question paper uploaded, the exam
 * form filling its subjects from the papers, a reader who may not change them, and axe.
 */

const screen = '/admin/course/papers';

test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const rows = (page: Page) => page.locator('[data-slot="table-body"] tr');
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A course of its own for each test, active, with the subjects given in its description, added by the institute admin or `as`. */
async function addCourse(request: APIRequestContext, subjects = '', as: { email: string; password: string } = demo.admin) {
  const headers = await apiHeaders(request, as);
  const categories = await request.get('/api/v1/course/categories', { headers: await apiHeaders(request), params: { limit: '1' } });
  const category = ((await categories.json()) as { data: { categories: { _id: string }[] } }).data.categories[0]!._id;
  const name = unique('Course');
  const id = await addRecord(request, 'course', { courseName: name, category, isActive: true, description: subjects }, headers);
  return { id, name, headers };
}

/** A PDF stored as a course's question paper (address, PUT, confirm, as the browser does); its key. */
async function uploadQuestionPaper(request: APIRequestContext, headers: Record<string, string>, fileName: string) {
  const bytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const target = { fileName, fileType: 'application/pdf', fileSize: bytes.length, formType: 'course', fieldName: 'questionPaper' };
  const address = await request.post('/api/v1/s3-upload/presigned-url', { headers, data: target });
  expect(address.status(), await address.text()).toBe(200);
  const {
    presignedUrl,
    key,
    headers: putHeaders,
  } = (
    (await address.json()) as {
      data: { presignedUrl: string; key: string; headers: Record<string, string> };
    }
  ).data;
  expect((await request.put(presignedUrl, { headers: putHeaders, data: bytes })).status()).toBe(200);
  const confirmed = await request.post('/api/v1/s3-upload/confirm-upload', {
    headers,
    data: { key, originalFileName: fileName, fileSize: bytes.length, formType: 'course', fieldName: 'questionPaper' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return key;
}

/** A theory paper added to a course through the API; its id. */
async function addPaper(
  request: APIRequestContext,
  headers: Record<string, string>,
  paper: { courseId: string; code: string; name: string; questionPaperMarks: number; passingMarks: number; questionPaper?: string },
) {
  const added = await request.post('/api/v1/course/papers', { headers, data: { kind: 'theory', ...paper } });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { data: { _id: string } }).data._id;
}

async function fillPaper(
  dialog: ReturnType<Page['getByRole']>,
  paper: { code: string; name: string; kind?: string; marks: string; passing: string },
) {
  await dialog.getByLabel('Code').fill(paper.code);
  await dialog.getByLabel('Name').fill(paper.name);
  if (paper.kind) await dialog.getByLabel('Type').selectOption({ label: paper.kind });
  await dialog.getByLabel('Question paper marks').fill(paper.marks);
  await dialog.getByLabel('Passing marks').fill(paper.passing);
}

test.describe('as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password);
  });

  test('adds, changes and deletes a course’s papers, each with a toast, and an exam starts from them', async ({ page, request }) => {
    const course = await addCourse(request, 'Old Subject');
    await page.goto(`${screen}?course=${course.id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Course Papers', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This course has no papers yet' })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Add paper' }).last().click();
    const add = page.getByRole('dialog', { name: 'Add course paper' });
    await expect(add.getByLabel('Course')).toHaveValue(course.id);
    await fillPaper(add, { code: 'RB-01', name: 'Robotics Theory', marks: '80', passing: '32' });
    await add.getByRole('button', { name: 'Add paper' }).click();
    await expect(toast(page, `RB-01 Robotics Theory added to ${course.name}`)).toBeVisible();
    await expect(add).toHaveCount(0);

    await page.getByRole('link', { name: 'Add paper' }).first().click();
    await fillPaper(add, { code: 'RB-02', name: 'Robotics Lab', kind: 'Practical', marks: '40', passing: '16' });
    await add.getByLabel('Question paper (optional)').setInputFiles({
      name: 'lab-paper.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expect(add.getByText('Uploaded lab-paper.pdf')).toBeVisible();
    await add.getByRole('button', { name: 'Add paper' }).click();
    await expect(toast(page, 'RB-02 Robotics Lab added')).toBeVisible();

    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText('RB-01');
    await expect(rows(page).nth(1)).toContainText('Practical');
    await expect(page.getByRole('link', { name: /^Question paper of RB-02 Robotics Lab: .*lab-paper\.pdf$/ })).toBeVisible();

    await page.getByRole('link', { name: 'Edit RB-01 Robotics Theory' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit course paper' });
    await expect(edit.getByLabel('Question paper marks')).toHaveValue('80');
    await edit.getByLabel('Question paper marks').fill('100');
    await edit.getByLabel('Passing marks').fill('40');
    await edit.getByRole('button', { name: 'Save paper' }).click();
    await expect(toast(page, 'RB-01 Robotics Theory saved')).toBeVisible();
    await expect(rows(page).nth(0)).toContainText('100');

    // The course's page lists its papers and leads back here.
    await page.goto(`/admin/courses/${course.id}`);
    const subjects = page.getByRole('listitem').filter({ hasText: 'RB-01' });
    await expect(subjects).toContainText('Robotics Theory');
    await expect(subjects).toContainText('Theory · pass 40 of 100');
    await page.getByRole('link', { name: 'Manage papers' }).click();
    await expect(page).toHaveURL((url) => url.pathname === screen && url.searchParams.get('course') === course.id);

    // The exam form fills one row per paper, code and marks included.
    await page.goto('/admin/exam/create');
    await page.getByLabel('Selected Course').selectOption(course.id);
    const names = page.getByLabel(/^Subject Name, row \d+$/);
    await expect(names).toHaveCount(2);
    await expect(names.nth(0)).toHaveValue('Robotics Theory');
    await expect(page.getByLabel('Subject Code, row 1')).toHaveValue('RB-01');
    await expect(page.getByLabel('Question Paper Marks, row 1')).toHaveValue('100');
    await expect(page.getByLabel('Passing Marks, row 1')).toHaveValue('40');
    await expect(names.nth(1)).toHaveValue('Robotics Lab');
    await expect(page.getByLabel('Subject Code, row 2')).toHaveValue('RB-02');
    await expect(page.getByLabel('Passing Marks, row 2')).toHaveValue('16');

    await page.goto(`${screen}?course=${course.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete RB-02 Robotics Lab' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete paper?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Paper deleted successfully')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  });

  test('an exam for a course with no papers starts from its subjects’ names', async ({ page, request }) => {
    const course = await addCourse(request, 'Drawing, Painting');
    await page.goto('/admin/exam/create');
    await page.getByLabel('Selected Course').selectOption(course.id);
    const names = page.getByLabel(/^Subject Name, row \d+$/);
    await expect(names).toHaveCount(2);
    await expect(names.nth(1)).toHaveValue('Painting');
    await expect(page.getByLabel('Subject Code, row 2')).toHaveValue('');
  });

  test('opens the paper an edit address names, whatever the list shows, and says so when it is gone', async ({ page, request }) => {
    const course = await addCourse(request);
    const paperId = await addPaper(request, course.headers, {
      courseId: course.id,
      code: 'GEO-1',
      name: 'Maps',
      questionPaperMarks: 60,
      passingMarks: 24,
    });

    // The list shows practical papers only, so the theory paper is not among its rows.
    await page.goto(`${screen}?course=${course.id}&kind=practical&edit=${paperId}`);
    const edit = page.getByRole('dialog', { name: 'Edit course paper' });
    await expect(edit.getByLabel('Name')).toHaveValue('Maps');
    await expect(edit.getByLabel('Question paper marks')).toHaveValue('60');

    const removed = await request.delete(`/api/v1/course/papers/${paperId}`, { headers: course.headers });
    expect(removed.status()).toBe(200);
    await page.goto(`${screen}?course=${course.id}&edit=${paperId}`);
    await expect(toast(page, 'Course paper not found')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === screen && !url.searchParams.has('edit'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test.describe('refused forms', () => {
    // A refused form is answered 400 with its messages, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400 .*\/admin\/course\/papers/] });

    test('says why under the field: a code the course has, passing marks above the marks', async ({ page, request }) => {
      const course = await addCourse(request);
      await addPaper(request, course.headers, {
        courseId: course.id,
        code: 'ART-1',
        name: 'Sketching',
        questionPaperMarks: 50,
        passingMarks: 20,
      });

      await page.goto(`${screen}?course=${course.id}&add=1`);
      await hydrated(page);
      const add = page.getByRole('dialog', { name: 'Add course paper' });
      await fillPaper(add, { code: 'art-1', name: 'Colour', marks: '50', passing: '60' });
      await add.getByRole('button', { name: 'Add paper' }).click();
      await expect(add.getByText('Passing marks must not be more than the question paper marks')).toBeVisible();

      await add.getByLabel('Passing marks').fill('20');
      await add.getByRole('button', { name: 'Add paper' }).click();
      await expect(add.getByText('This course already has a paper with this code')).toBeVisible();
      await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    });
  });

  test('has no serious or critical accessibility violation, with a dialog open or not', async ({ page }) => {
    await page.goto(screen);
    await expect(rows(page).first()).toBeVisible();
    expect(await seriousViolations(page, 'course papers')).toEqual([]);

    await hydrated(page);
    await page.getByRole('link', { name: 'Add paper' }).first().click();
    await page.getByRole('dialog', { name: 'Add course paper' }).getByRole('button', { name: 'Add paper' }).click();
    await expect(page.getByText('Paper code is required')).toBeVisible();
    expect(await seriousViolations(page, 'course papers (2)')).toEqual([]);
  });
});

test('a branch admin reads the papers but is offered no change', async ({ page }) => {
  await loginAs(page, demo.northAdmin.email, demo.northAdmin.password, { to: screen });
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add paper' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // An edit address of an institute course's paper opens no form, and says why.
  await page.goto(`${screen}?edit=${await rows(page).first().getAttribute('data-row-id')}`);
  await expect(toast(page, 'You can read this paper but not change it')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a branch’s course editor changes its paper the institute gave a question paper, offered no link to a file they may not open', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const editor = { name: `Course Keeper ${tag}`, email: `courses.${tag}@institute.demo`, password: 'Keep@12345' };
  await addNorthAdmin(request, editor, ['DASHBOARD_VIEW', 'COURSE_VIEW_ALL', 'COURSE_ADD', 'COURSE_EDIT']);

  // The branch's course, whose paper the institute's office adds with a question paper of its own upload.
  const course = await addCourse(request, '', editor);
  const admin = await apiHeaders(request);
  const key = await uploadQuestionPaper(request, admin, 'office-paper.pdf');
  await addPaper(request, admin, {
    courseId: course.id,
    code: 'BR-1',
    name: 'Branch Theory',
    questionPaperMarks: 50,
    passingMarks: 20,
    questionPaper: key,
  });

  await loginAs(page, editor.email, editor.password, { to: `${screen}?course=${course.id}` });
  await hydrated(page);
  await expect(rows(page).first()).toContainText('Attached');
  await page.getByRole('link', { name: 'Edit BR-1 Branch Theory' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit course paper' });
  await expect(edit.getByText('Current file: office-paper.pdf')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Remove Question paper (optional)' })).toBeVisible();
  await expect(edit.getByRole('link', { name: /^View/ })).toHaveCount(0);

  await edit.getByLabel('Passing marks').fill('25');
  await edit.getByRole('button', { name: 'Save paper' }).click();
  await expect(toast(page, 'BR-1 Branch Theory saved')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('adds a paper with its question paper from the page, the file sent with the form', async ({ page, request }) => {
    const course = await addCourse(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `${screen}?course=${course.id}` });
    await page.getByRole('link', { name: 'Add paper' }).first().click();
    const add = page.getByRole('region', { name: 'Add course paper' });
    await fillPaper(add, { code: 'PL-1', name: 'Plain Paper', marks: '60', passing: '24' });
    await add.getByLabel('Question paper (optional)').setInputFiles({
      name: 'plain.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await add.getByRole('button', { name: 'Add paper' }).click();
    await expect(page).toHaveURL((url) => url.pathname === screen && !url.searchParams.has('add'));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('PL-1');
    await expect(page.getByRole('link', { name: /^Question paper of PL-1 Plain Paper: .*plain\.pdf$/ })).toBeVisible();
  });
});
