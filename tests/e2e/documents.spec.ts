import { readFile } from 'node:fs/promises';
import type { APIRequestContext as APIRequest, Download, Page } from '@playwright/test';
import { pdfPages, unspaced } from '../support/pdf-text';
import { seriousViolations } from './axe';
import { examWithStudents } from './exams';
import { demo, expect, hydrated, loginAs, palette, test, toast } from './fixtures';

async function pagesOf(download: Download) {
  return pdfPages(new Uint8Array(await readFile((await download.path())!)));
}

/** Opens an exam from a picker's list, narrowed to it first: other tests' exams are named alike. */
async function openExam(page: Page, picker: string, examId: string, examName: string) {
  await page.goto(picker);
  await page.getByRole('searchbox').fill(examId);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === examId);
  await expect(page.getByRole('link', { name: /^Term End/ })).toHaveCount(1);
  await page.getByRole('link', { name: examName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: examName })).toBeVisible();
}

test.describe('Exam documents', () => {
  test('admit cards are issued, found as a name is typed, downloaded two to a page, and a card’s code verifies in public', async ({
    page,
    browser,
    request,
  }) => {
    const { examId, examName, names } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password);
    await openExam(page, '/admin/exam/admit-card', examId, examName);
    await expect(page.getByRole('row').filter({ hasText: names[0]! })).toContainText('Not issued');
    expect(await seriousViolations(page, 'admit cards')).toEqual([]);

    await page.getByRole('button', { name: 'Issue 3 admit cards' }).click();
    await expect(toast(page, '3 admit cards issued')).toBeVisible();
    const codeOf = (name: string) => page.getByRole('row').filter({ hasText: name }).locator('code');
    await expect(codeOf(names[0]!)).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    await expect(page.getByRole('button', { name: /^Issue/ })).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Find a student' }).fill(names[1]!.split(' ')[0]!);
    await expect(page.getByText('1 of 3 students')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: names[1]! })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: names[0]! })).toHaveCount(0);

    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all (3)' }).click()]);
    const pages = await pagesOf(all);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(unspaced(names[0]!));
    expect(pages[0]).toContain(unspaced('05/12/2026 10:00 AM ACC Accounting Basics'));
    expect(pages[1]).toContain(unspaced(names[2]!));

    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download admit card of ${names[1]}` }).click(),
    ]);
    const card = await pagesOf(one);
    expect(card).toHaveLength(1);
    const code = await codeOf(names[1]!).innerText();
    expect(card[0]).toContain(code);

    // Anyone holding the card checks it, signed in or not, typing the code as it comes.
    const visitor = await browser.newPage();
    await visitor.goto('/verify');
    await visitor.getByLabel('Verification code').fill(code.toLowerCase().replace(/-/g, ''));
    await visitor.getByRole('button', { name: 'Verify' }).click();
    await expect(visitor).toHaveURL(`/verify/${code}`);
    await expect(visitor.getByText('This document is genuine and stands')).toBeVisible();
    await expect(visitor.getByText(names[1]!)).toBeVisible();
    await expect(visitor.getByText('Admit card', { exact: true })).toBeVisible();
    expect(await seriousViolations(visitor, 'verification')).toEqual([]);
    await visitor.goto('/verify/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
    await expect(visitor.getByRole('alert')).toHaveText('No document carries this code. Check it against the paper and try again.');
    await visitor.close();
  });

  test('marksheets wait for published results, then each student’s downloads with its marks and a code', async ({ page, request }) => {
    const { exam, examId, examName, names, students, north, headers } = await examWithStudents(request);
    await loginAs(page, demo.admin.email, demo.admin.password);
    // The palette finds the exam by its ID and offers it on each exam screen.
    await hydrated(page);
    await page.keyboard.press('ControlOrMeta+k');
    await page.keyboard.type(examId);
    for (const label of [
      `Enter results for ${examName}`,
      `Import marks for ${examName}`,
      `Admit cards for ${examName}`,
      `Marksheets of ${examName}`,
    ]) {
      await expect(palette(page).getByRole('option', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    await palette(page)
      .getByRole('option', { name: new RegExp(`^Marksheets of ${examName}`) })
      .click();
    await expect(page).toHaveURL(`/admin/exam/student-marksheet/${exam}`);
    await expect(page.getByText('these results are not published yet')).toBeVisible();

    const cells = students.flatMap((studentId, index) => [
      { studentId, subject: 'acc', value: 60 + index, baseVersion: 0 },
      { studentId, subject: 'gst', value: 30, baseVersion: 0 },
    ]);
    expect((await request.put(`/api/v1/exams/${exam}/results/marks`, { headers, data: { cells } })).ok()).toBe(true);
    expect((await request.post(`/api/v1/exams/${exam}/results/publish`, { headers, data: { branchId: north } })).ok()).toBe(true);

    await page.reload();
    await expect(page.getByText('Results published')).toBeVisible();
    expect(await seriousViolations(page, 'marksheets')).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download marksheet of ${names[2]}` }).click(),
    ]);
    const sheet = await pagesOf(download);
    expect(sheet).toHaveLength(1);
    for (const expected of [
      'STATEMENT OF MARKS',
      names[2]!,
      'Accounting Basics 100 40 62 Pass',
      'Total 150 92',
      'Percentage 61.33%',
      'Grade B',
    ]) {
      expect(sheet[0]).toContain(unspaced(expected));
    }
    const code = await page.getByRole('row').filter({ hasText: names[2]! }).locator('code').innerText();
    expect(sheet[0]).toContain(code);

    // The student's details show the exam, their marks and outcome, and offer the same marksheet.
    await page.goto(`/admin/students/registered?${new URLSearchParams({ search: names[2]!, view: students[2]! })}`);
    const results = page.getByRole('region', { name: 'Exams and results' });
    await expect(results.getByRole('listitem').filter({ hasText: examName })).toContainText('Published');
    await expect(results).toContainText('Total 92 of 150 · 61.33% · Pass · Grade B');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      results.getByRole('link', { name: `Download marksheet of ${examName}` }).click(),
    ]);
    expect((await pagesOf(again))[0]).toContain(code);
  });
  /** A sitting of three students with every mark in and its results published. */
  async function publishedSitting(request: APIRequest) {
    const sitting = await examWithStudents(request);
    const { exam, students, north, headers } = sitting;
    const cells = students.flatMap((studentId, index) => [
      { studentId, subject: 'acc', value: 55 + index, baseVersion: 0 },
      { studentId, subject: 'gst', value: 25, baseVersion: 0 },
    ]);
    expect((await request.put(`/api/v1/exams/${exam}/results/marks`, { headers, data: { cells } })).ok()).toBe(true);
    expect((await request.post(`/api/v1/exams/${exam}/results/publish`, { headers, data: { branchId: north } })).ok()).toBe(true);
    return sitting;
  }

  test('the whole sitting’s marksheets are made by a job the page follows, then download as one PDF', async ({ page, request }) => {
    const { exam, names } = await publishedSitting(request);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/student-marksheet/${exam}` });
    await hydrated(page);
    await page.getByRole('button', { name: 'Download all marksheets (3)' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.has('job'));
    const job = page.getByRole('region', { name: 'All marksheets in one PDF' });
    await expect(job.getByRole('progressbar', { name: 'Marksheets made' })).toBeVisible();
    // The page follows the job by itself until its file is ready.
    const link = job.getByRole('link', { name: 'Download the PDF (3 marksheets)' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(job).toContainText('All 3 marksheets are ready.');
    expect(await seriousViolations(page, 'marksheets job')).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^marksheets-Term-End-.+-North-Campus\.pdf$/);
    const pages = await pagesOf(download);
    expect(pages).toHaveLength(3);
    names.forEach((name, index) => expect(pages[index], `page ${index + 1}`).toContain(unspaced(name)));
  });

  test('without JavaScript the form starts the job and the page refreshes itself until the PDF is ready', async ({ browser, request }) => {
    const { exam, names } = await publishedSitting(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await loginAs(page, demo.admin.email, demo.admin.password, { to: `/admin/exam/student-marksheet/${exam}` });
      await page.getByRole('button', { name: 'Download all marksheets (3)' }).click();
      await expect(page).toHaveURL((url) => url.searchParams.has('job'));
      const link = page.getByRole('link', { name: 'Download the PDF (3 marksheets)' });
      await expect(link).toBeVisible({ timeout: 30_000 });
      const answer = await page.request.get((await link.getAttribute('href'))!);
      expect(answer.headers()['content-disposition']).toMatch(/^attachment; /);
      const pages = await pdfPages(new Uint8Array(await answer.body()));
      expect(pages.map((text, index) => text.includes(unspaced(names[index]!)))).toEqual([true, true, true]);
    } finally {
      await context.close();
    }
  });
});
