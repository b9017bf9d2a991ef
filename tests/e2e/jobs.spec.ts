import type { APIRequestContext, Page } from '@playwright/test';
import { blankFormat } from '../../common/contracts/certificate-formats';
import { jobMessages } from '../../common/contracts/jobs';
import { seriousViolations } from './axe';
import { addExam, examWithStudents } from './exams';
import { addNorthAdmin, addRecord, demo, expect, hydrated, loginAs, palette, test, toast, unique } from './fixtures';

/**
 * A process does one job at a time, oldest first: the jobs this many sittings' marksheets make,
 * queued first, keep the runner busy while the test watches and cancels the jobs behind them.
 */
const SITTINGS = 20;
const STUDENTS = 40;

/** North's students of one course, SITTINGS published exams they sit, the course and the institute admin's API headers. */
async function publishedSittings(request: APIRequestContext) {
  const { exam, course, students, north, headers } = await examWithStudents(request);
  // Each admission is charged to North's wallet: it is topped up for them first.
  const quote = await request.get('/api/v1/wallet/operation-pricing/quote', {
    headers,
    params: { operationKey: 'ADD_STUDENT', branchId: north },
  });
  const { price } = ((await quote.json()) as { data: { price: number } }).data;
  if (price > 0) {
    const topUp = await request.post('/api/v1/wallet/add-balance', { headers, data: { branchId: north, amount: price * STUDENTS } });
    expect(topUp.ok(), await topUp.text()).toBe(true);
  }
  const tag = unique('J');
  const student = (index: number) =>
    addRecord(
      request,
      'student',
      {
        centerName: north,
        studentName: `Jobs Student ${index} ${tag}`,
        selectedCourse: course,
        studentEmail: `${tag.toLowerCase()}.${index}@students.example`,
        phoneNumber: `97${String(Date.now() + index).slice(-8)}`,
        isRegistered: true,
        isActive: true,
      },
      headers,
    );
  const [added, more] = await Promise.all([
    Promise.all(Array.from({ length: STUDENTS - students.length }, (_, index) => student(students.length + index))),
    Promise.all(
      Array.from({ length: SITTINGS - 1 }, async (_, index) => (await addExam(request, course, `${tag}-${index}`, headers)).exam),
    ),
  ]);
  const sitting = [...students, ...added];
  const exams = [exam, ...more];
  const cells = sitting.flatMap((studentId) => [
    { studentId, subject: 'acc', value: 60, baseVersion: 0 },
    { studentId, subject: 'gst', value: 30, baseVersion: 0 },
  ]);
  await Promise.all(
    exams.map(async (each) => {
      expect((await request.put(`/api/v1/exams/${each}/results/marks`, { headers, data: { cells } })).ok()).toBe(true);
      expect((await request.post(`/api/v1/exams/${each}/results/publish`, { headers, data: { branchId: north } })).ok()).toBe(true);
    }),
  );
  return { exams, course, north, headers };
}

/** Starts a job through the API as the institute admin; its id. */
async function startJob(request: APIRequestContext, path: string, body: unknown, headers: Record<string, string>) {
  const started = await request.post(`/api/v1${path}`, { headers, data: body });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { data: { _id: string } }).data._id;
}

const jobRow = (page: Page, jobId: string) => page.locator(`tr[data-row-id="${jobId}"]`);

test('jobs are seen in the Jobs panel as they go and cancelled there, with JavaScript and without', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { exams, course, north, headers } = await publishedSittings(request);
  const [ours, ...ahead] = exams.reverse() as [string, ...string[]];
  const format = await request.post('/api/v1/certificate-formats', {
    headers,
    data: { ...blankFormat('idcard'), name: unique('Jobs card') },
  });
  expect(format.status(), await format.text()).toBe(201);
  const formatId = ((await format.json()) as { data: { _id: string } }).data._id;
  // Both pages are open before the work starts: while the runner renders, the host answers slowly.
  await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/student-marksheet/${ours}` });
  await hydrated(page);
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const panel = await plain.newPage();
  await loginAs(panel, demo.admin.email, demo.admin.password, { to: '/admin/jobs' });

  // While its runner renders, the host answers each request between two chunks of marksheets.
  const underLoad = expect.configure({ timeout: 20_000 });
  const started: string[] = [];
  try {
    for (const exam of ahead) started.push(await startJob(request, `/exams/${exam}/results/marksheets/jobs`, { branchId: north }, headers));
    const cards = await startJob(request, '/certificates/bulk', { kind: 'idcard', formatId, courseId: course }, headers);
    started.push(cards);
    await page.getByRole('button', { name: `Download all marksheets (${STUDENTS})` }).click();
    await underLoad(page).toHaveURL((url) => url.searchParams.has('job'));
    const marksheets = new URL(page.url()).searchParams.get('job')!;
    started.push(marksheets);

    // The palette's entry opens the panel.
    await page.keyboard.press('ControlOrMeta+k');
    await palette(page).getByRole('combobox').fill('Jobs');
    await palette(page).getByRole('option', { name: /^Jobs/ }).first().click();
    await underLoad(page).toHaveURL('/admin/jobs');
    await underLoad(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const waiting = jobRow(page, marksheets);
    await underLoad(waiting.getByRole('link', { name: 'Marksheets of a sitting' })).toHaveAttribute(
      'href',
      `/admin/exam/student-marksheet/${ours}?branch=${north}&job=${marksheets}`,
    );
    await underLoad(waiting).toContainText('Waiting');
    await underLoad(waiting.getByRole('progressbar')).toBeVisible();
    await underLoad(jobRow(page, cards)).toContainText('Certificates issued to a course');
    expect(await seriousViolations(page, 'jobs panel')).toEqual([]);

    // Without JavaScript the panel refreshes by its link, and its Cancel button is a plain form.
    const refreshed = panel.waitForResponse((answer) => new URL(answer.url()).pathname === '/admin/jobs');
    await panel.getByRole('link', { name: 'Refresh' }).click();
    await refreshed;
    await panel.waitForLoadState();
    await jobRow(panel, cards)
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await underLoad(jobRow(panel, cards)).toContainText('Cancelled');
    await underLoad(jobRow(panel, cards).getByRole('button')).toHaveCount(0);

    // With JavaScript the panel looks again by itself while jobs on it are unfinished.
    await underLoad(jobRow(page, cards)).toContainText('Cancelled');
    await underLoad(jobRow(page, cards).getByRole('progressbar')).toHaveCount(0);

    await waiting.getByRole('button', { name: /^Cancel/ }).click();
    await underLoad(toast(page, jobMessages.cancelled)).toBeVisible();
    await underLoad(waiting).toContainText('Cancelled');
    await underLoad(waiting.getByRole('button')).toHaveCount(0);

    // The job's own screen says so too, and offers no file.
    await waiting.getByRole('link', { name: 'Marksheets of a sitting' }).click();
    const job = page.getByRole('region', { name: 'All marksheets in one PDF' });
    await underLoad(job).toContainText(`Cancelled after 0 of ${STUDENTS} marksheets`);
    await underLoad(job.getByRole('link', { name: /^Download the PDF/ })).toHaveCount(0);
  } finally {
    await plain.close();
    // The sittings still queued would keep the runner from the next tests' jobs. The host, busy
    // rendering, may have dropped this client's idle connection: each cancel is tried until answered.
    for (const jobId of started) {
      await expect(async () => {
        const answer = await request.post(`/api/v1/jobs/${jobId}/cancel`, { headers });
        expect([200, 409]).toContain(answer.status());
      }).toPass({ timeout: 30_000 });
    }
  }
});

test('someone who started no job finds the panel empty', async ({ page, request }) => {
  const person = { name: 'Jobs Newcomer', email: `${unique('jobs')}@institute.demo`.toLowerCase(), password: 'Newcomer@123' };
  await addNorthAdmin(request, person, ['CERTIFICATE_GENERATE']);
  await loginAs(page, person.email, person.password, { to: '/admin/jobs' });
  await expect(page.getByRole('heading', { level: 2, name: 'No jobs yet' })).toBeVisible();
  expect(await seriousViolations(page, 'empty jobs panel')).toEqual([]);
});
