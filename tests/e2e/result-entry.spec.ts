import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { examWithStudents } from './exams';
import { demo, expect, holdBack, loginAs, test, toast } from './fixtures';

const cell = (page: Page, subject: string, student: string) => page.getByRole('textbox', { name: `${subject}, ${student}` });
const row = (page: Page, student: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: student }) });

test.describe('Result Entry', () => {
  test('marks entered from the keyboard are saved as typed, totalled and graded; the exam is then published and locked', async ({
    page,
    request,
  }) => {
    const { examId, examName, names } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/exam/result-entry' });
    await page.getByRole('searchbox').fill(examId);
    // Other tests' exams are named Term End too: the list is narrowed to this one first.
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === examId);
    await expect(page.getByRole('link', { name: /^Term End/ })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: examName })).toContainText('Awaiting entry');
    await page.getByRole('link', { name: examName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: examName })).toBeVisible();
    expect(await seriousViolations(page, 'result entry')).toEqual([]);

    const publish = page.getByRole('button', { name: 'Publish results' });
    await expect(page.getByText('6 marks missing')).toBeVisible();
    await expect(publish).toBeDisabled();

    // Down the first column with Enter, AB for the absent one.
    await cell(page, 'Accounting Basics', names[0]!).focus();
    for (const mark of ['92', 'AB', '35']) {
      await page.keyboard.type(mark);
      await page.keyboard.press('Enter');
    }
    await cell(page, 'GST Returns', names[0]!).focus();
    for (const mark of ['47', '30', '18']) {
      await page.keyboard.type(mark);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    // Every mark typed and saved: publishing is offered without a reload.
    await expect(page.getByText(/marks? missing/)).toHaveCount(0);
    await expect(publish).toBeEnabled();
    // A change still on its way holds publishing back: what would be published is not what is shown.
    const save = await holdBack(page, /\/resources\/exam-marks$/);
    await cell(page, 'GST Returns', names[0]!).fill('48');
    await save.requested;
    await expect(publish).toBeDisabled();
    save.release();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(publish).toBeEnabled();
    await cell(page, 'GST Returns', names[0]!).fill('47');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(row(page, names[0]!)).toContainText('139');
    await expect(row(page, names[0]!)).toContainText('92.67');
    await expect(row(page, names[0]!).getByRole('cell', { name: 'A+' })).toBeVisible();
    await expect(row(page, names[1]!)).toContainText('Fail');
    await expect(row(page, names[2]!)).toContainText('Fail');

    // A mark out of range says why and is not saved; Ctrl+Z takes back the last change.
    await cell(page, 'GST Returns', names[2]!).fill('51');
    await expect(page.getByText('GST Returns must be between 0 and 50')).toBeVisible();
    await expect(cell(page, 'GST Returns', names[2]!)).toHaveAttribute('aria-invalid', 'true');
    await cell(page, 'GST Returns', names[2]!).fill('25');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 'GST Returns', names[2]!)).toHaveValue('18');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

    await page.reload();
    await expect(cell(page, 'Accounting Basics', names[1]!)).toHaveValue('AB');
    await expect(cell(page, 'GST Returns', names[2]!)).toHaveValue('18');

    await page.getByRole('button', { name: 'Publish results' }).click();
    const confirm = page.getByRole('alertdialog', { name: /Publish the results of North Campus/ });
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Results published')).toBeVisible();
    await expect(page.getByText('These results are published: the marks are locked.')).toBeVisible();
    await expect(cell(page, 'Accounting Basics', names[0]!)).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Publish results' })).toHaveCount(0);
    await page.getByRole('link', { name: 'All exams' }).click();
    await page.getByRole('searchbox').fill(examId);
    await expect(page.getByRole('row').filter({ hasText: examName })).toContainText('Published');
  });

  test('a mark someone else changed meanwhile is shown beside the one typed, and the user chooses', async ({ page, browser, request }) => {
    const { exam, names } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}` });
    const other = await browser.newPage();
    await loginAs(other, demo.admin.email, demo.admin.password);
    await other.goto(`/admin/exam/result-entry/${exam}`);

    await cell(page, 'Accounting Basics', names[0]!).fill('60');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    // The other page still holds the cell as it was when it opened.
    await cell(other, 'Accounting Basics', names[0]!).fill('65');
    await expect(other.getByText('Someone else entered 60.')).toBeVisible();
    await expect(other.getByRole('status').filter({ hasText: '1 mark was changed by someone else' })).toBeVisible();
    await other.getByRole('button', { name: 'Keep 65' }).click();
    await expect(other.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.reload();
    await expect(cell(page, 'Accounting Basics', names[0]!)).toHaveValue('65');
    await other.close();
  });
});

test.describe('Who sits an exam, and revisions', () => {
  test('a student is excused and another added, each with a reason; a published result is revised and kept in the history', async ({
    page,
    request,
  }) => {
    const { exam, names, students, headers } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}` });
    await page.getByRole('link', { name: 'Students', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Who sits/ })).toBeVisible();
    expect(await seriousViolations(page, 'exam students')).toEqual([]);

    const sitting = page.getByRole('region', { name: /^Sitting in North Campus/ });
    await sitting.getByText(`Excuse… ${names[2]}`).click();
    await sitting.getByRole('textbox', { name: `Why ${names[2]} is excused` }).fill('Medical leave');
    await sitting.getByRole('button', { name: 'Excuse', exact: true }).click();
    await expect(toast(page, 'Student excused from the exam')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Excused' })).toContainText('Medical leave');
    await expect(sitting.getByRole('row')).toHaveCount(3);

    // Excused, they are a student of the branch outside the sitting: found, and added back with a reason.
    await page.getByRole('searchbox', { name: 'Find a student to add' }).fill(names[2]!);
    await page.getByRole('button', { name: 'Find' }).click();
    const found = page.getByRole('list', { name: 'Students found' });
    await found.getByRole('textbox', { name: `Why ${names[2]} is added` }).fill('Back from leave');
    await found.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Student added to the exam')).toBeVisible();
    await expect(sitting.getByRole('row').filter({ hasText: names[2]! })).toContainText('Added: Back from leave');

    const marks = students.flatMap((studentId, index) => [
      { studentId, subject: 'acc', value: [35, 60, 70][index], baseVersion: 0 },
      { studentId, subject: 'gst', value: 30, baseVersion: 0 },
    ]);
    expect((await request.put(`/api/v1/exams/${exam}/results/marks`, { headers, data: { cells: marks } })).status()).toBe(200);
    const north = (await (await request.get(`/api/v1/exams/${exam}/results`, { headers })).json()).data.branch._id as string;
    expect((await request.post(`/api/v1/exams/${exam}/results/publish`, { headers, data: { branchId: north } })).status()).toBe(200);

    await page.goto(`/admin/exam/result-entry/${exam}`);
    await expect(row(page, names[0]!)).toContainText('Fail');
    await row(page, names[0]!)
      .getByRole('link', { name: `Revise ${names[0]}’s result` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Revise ${names[0]}’s result` })).toBeVisible();
    expect(await seriousViolations(page, 'revise a result')).toEqual([]);
    await page.getByRole('textbox', { name: /^Accounting Basics/ }).fill('45');
    await expect(page.getByText('Now: total 75 of 150')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Re-totalling found 10 marks');
    await page.getByRole('button', { name: 'Revise result' }).click();
    await expect(toast(page, `Result revised: ${names[0]}`)).toBeVisible();
    await expect(row(page, names[0]!)).toContainText('Pass');
    await expect(cell(page, 'Accounting Basics', names[0]!)).toHaveValue('45');

    await page.getByRole('link', { name: 'History', exact: true }).click();
    const history = page.getByRole('listitem').filter({ hasText: `${names[0]}’s result revised` });
    await expect(history).toContainText('Accounting Basics: 35 → 45');
    await expect(history).toContainText('Reason: Re-totalling found 10 marks');
    await expect(page.getByRole('listitem').filter({ hasText: `${names[2]} excused from the exam` })).toContainText('Medical leave');
    expect(await seriousViolations(page, 'results history')).toEqual([]);
  });
});

test.describe('Result Entry without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Save marks sends the changed cells', async ({ page, request }) => {
    const { exam, names } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/result-entry/${exam}` });
    await cell(page, 'Accounting Basics', names[0]!).fill('71');
    await cell(page, 'GST Returns', names[1]!).fill('ab');
    await page.getByRole('button', { name: 'Save marks' }).click();
    await expect(cell(page, 'Accounting Basics', names[0]!)).toHaveValue('71');
    await expect(cell(page, 'GST Returns', names[1]!)).toHaveValue('AB');
  });
});
