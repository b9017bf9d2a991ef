import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { pdfPages, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import {
  blankTemplate,
  marksheetTemplateMessages,
  type MarksheetTemplateContent,
  type MarksheetTemplateView,
} from '../../common/contracts/marksheet-templates';
import type { ExamSheet } from '../../common/contracts/exam-results';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { createRecord } from '../domain/records';

const clock = testClock('2026-06-01T09:00:00.000Z');
let accounts: AccountsApi;
let north: string;
const tokens = {} as Record<'designer' | 'results' | 'marker', string>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  north = await addBranch(db, 'North Campus', 'NC');
  const token = async (permissions: string[], name?: string) =>
    tokenFor(db, auth, await addUser(db, { role: 'admin', permissions, name }), clock.now());
  tokens.designer = await token(['EXAM_TEMPLATE_MANAGEMENT'], 'Meera Designer');
  tokens.results = await token(['RESULT_MANAGE', 'MARKSHEET_GENERATE']);
  tokens.marker = await token(['EXAM_MARKS_ENTRY']);
});
afterAll(() => accounts?.cleanup());

const call = (method: string, path: string, body?: unknown, token = tokens.designer, headers: Record<string, string> = {}) =>
  accounts.call(method, path, { token, body, headers });

const template = (more: Partial<MarksheetTemplateContent> = {}): MarksheetTemplateContent => ({
  ...blankTemplate,
  name: 'Board style',
  instituteName: 'Sunrise Institute of Technology',
  address: '12 Civil Lines, Kanpur 208001',
  ...more,
});

async function create(content: MarksheetTemplateContent) {
  const answer = await call('POST', '/marksheet-templates', content);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as MarksheetTemplateView;
}

/** O from 75%, A from 60%, B from 40%: a scale of the institute's own. */
const ownScale = [
  { grade: 'O', from: 75, to: 100 },
  { grade: 'A', from: 60, to: 75 },
  { grade: 'B', from: 40, to: 60 },
];

describe('marksheet templates', () => {
  it('are created with the first as the default, names unique in any case, and every save kept as a revision', async () => {
    const first = await create(template());
    expect(first).toMatchObject({ isDefault: true, version: 2, content: { name: 'Board style' } });
    const second = await create(template({ name: 'Compact', signatures: [] }));
    expect(second.isDefault).toBe(false);
    const taken = await call('POST', '/marksheet-templates', template({ name: 'BOARD STYLE' }));
    expect([taken.status, taken.body.message]).toEqual([409, marksheetTemplateMessages.nameTaken]);

    const saved = await call(
      'PUT',
      `/marksheet-templates/${second._id}`,
      template({ name: 'Compact', title: 'MARKSHEET' }),
      tokens.designer,
      {
        'If-Match': `"${second.version}"`,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await call('PUT', `/marksheet-templates/${second._id}`, template({ name: 'Compact' }), tokens.designer, {
      'If-Match': `"${second.version}"`,
    });
    expect([stale.status, stale.body.message]).toEqual([412, marksheetTemplateMessages.stale]);
    const shown = await call('GET', `/marksheet-templates/${second._id}`);
    expect(shown.body.data.content.title).toBe('MARKSHEET');
    expect(
      (shown.body.data.versions as Array<{ revision: number; savedBy: string; content: { title: string } }>).map((one) => [
        one.revision,
        one.savedBy,
        one.content.title,
      ]),
    ).toEqual([
      [2, 'Meera Designer', 'MARKSHEET'],
      [1, 'Meera Designer', 'STATEMENT OF MARKS'],
    ]);

    const listed = await call('GET', '/marksheet-templates');
    expect((listed.body.data.templates as MarksheetTemplateView[]).map((one) => [one.content.name, one.isDefault])).toEqual([
      ['Board style', true],
      ['Compact', false],
    ]);
    const made = await call('POST', `/marksheet-templates/${second._id}/default`);
    expect([made.status, made.body.message]).toEqual([200, marksheetTemplateMessages.madeDefault('Compact')]);
    const after = await call('GET', '/marksheet-templates');
    expect((after.body.data.templates as MarksheetTemplateView[]).map((one) => [one.content.name, one.isDefault])).toEqual([
      ['Compact', true],
      ['Board style', false],
    ]);
    expect((await call('GET', '/marksheet-templates', undefined, tokens.marker)).status).toBe(403);
  });

  it('refuses a grading scale with a gap, an overlap or F in it, an unknown field and a missing name, and keeps nothing', async () => {
    const refusal = async (content: unknown) => {
      const answer = await call('POST', '/marksheet-templates', content);
      expect(answer.status).toBe(400);
      return Object.values(answer.body.errors as Record<string, string[]>).flat();
    };
    const before = (await call('GET', '/marksheet-templates')).body.data.total as number;
    expect(
      await refusal(
        template({
          name: 'Gap',
          gradingScale: [
            { grade: 'A', from: 80, to: 100 },
            { grade: 'B', from: 50, to: 70 },
          ],
        }),
      ),
    ).toEqual([marksheetTemplateMessages.gap(70, 80)]);
    expect(
      await refusal(
        template({
          name: 'Overlap',
          gradingScale: [
            { grade: 'A', from: 80, to: 100 },
            { grade: 'B', from: 50, to: 85 },
          ],
        }),
      ),
    ).toEqual([marksheetTemplateMessages.overlap('A', 'B')]);
    expect(await refusal(template({ name: 'Fail', gradingScale: [{ grade: 'F', from: 0, to: 100 }] }))).toEqual([
      marksheetTemplateMessages.failingGrade,
    ]);
    expect(await refusal({ ...template({ name: 'Extra' }), watermark: 'DRAFT' })).toEqual([expect.stringContaining('watermark')]);
    expect(await refusal(template({ name: 'Nameless', instituteName: ' ' }))).toEqual([
      marksheetTemplateMessages.required('Institute name'),
    ]);
    expect((await call('GET', '/marksheet-templates')).body.data.total).toBe(before);
  });

  it('previews a sample marksheet as the template lays it out, graded by its own scale', async () => {
    const own = await create(
      template({ name: 'Own scale', gradingScale: ownScale, signatures: ['Principal'], footer: 'Errors excepted.' }),
    );
    const answer = await call('GET', `/marksheet-templates/${own._id}/preview`);
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    const [page] = await pdfPages(answer.bytes);
    for (const expected of [
      'Sunrise Institute of Technology',
      'STATEMENT OF MARKS',
      'Aarav Sharma',
      'Total 250 199.5',
      'Grade O',
      'Principal',
      'Errors excepted.',
    ]) {
      expect(page).toContain(unspaced(expected));
    }
  });
});

describe('publishing with a default template', () => {
  it('grades by the template’s scale and prints its marksheets with the revision it was published with', async () => {
    const own = await create(template({ name: `Institute ${Date.now()}`, gradingScale: ownScale }));
    expect((await call('POST', `/marksheet-templates/${own._id}/default`)).status).toBe(200);
    const record = async (formType: string, fields: Record<string, unknown>, branchId: string | null = null) =>
      (await asSystem(accounts.db, (ctx) => createRecord(ctx, { formType, branchId, fields }))).id;
    const course = await record('course', { courseName: 'Tally with GST' });
    const exam = await record('examResult', {
      examId: 'EX-T1',
      examName: 'Annual',
      selectedCourse: course,
      examSubjectsTable: [{ subjectName: 'Accounting', subjectCode: 'ACC', questionPaperMarks: 100, passingMarks: 40 }],
    });
    const student = await record(
      'student',
      { centerName: north, studentName: 'Kavya Iyer', selectedCourse: course, isRegistered: true, isActive: true },
      north,
    );
    await call(
      'PUT',
      `/exams/${exam}/results/marks`,
      { cells: [{ studentId: student, subject: 'acc', value: 78, baseVersion: 0 }] },
      tokens.results,
    );
    const draft = (await call('GET', `/exams/${exam}/results`, undefined, tokens.results)).body.data as ExamSheet;
    expect(draft.gradingScale).toEqual(ownScale.map(({ grade, from }) => ({ grade, from })));
    expect(draft.students[0]!.outcome.grade).toBe('O');
    expect((await call('POST', `/exams/${exam}/results/publish`, { branchId: north }, tokens.results)).status).toBe(200);

    // The template changes after publishing: the marksheet stays as it was published.
    const current = (await call('GET', `/marksheet-templates/${own._id}`)).body.data as MarksheetTemplateView;
    await call('PUT', `/marksheet-templates/${own._id}`, {
      ...current.content,
      title: 'CHANGED TITLE',
      gradingScale: blankTemplate.gradingScale,
    });
    const [page] = await pdfPages((await call('GET', `/exams/${exam}/results/marksheets/${student}`, undefined, tokens.results)).bytes);
    for (const expected of ['Sunrise Institute of Technology', 'STATEMENT OF MARKS', 'Kavya Iyer', 'Grade O'])
      expect(page).toContain(unspaced(expected));
    expect(page).not.toContain('CHANGEDTITLE');
    expect(
      ((await call('GET', `/exams/${exam}/results`, undefined, tokens.results)).body.data as ExamSheet).students[0]!.outcome.grade,
    ).toBe('O');
  });

  it('leaves the read tables as a rebuild from the log makes them', async () => {
    const before = await projectionSnapshot(accounts.db);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
