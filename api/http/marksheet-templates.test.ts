import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBranch,
  addUser,
  asSystem,
  createAccountsApi,
  eventCount,
  syncCatalogue,
  tokenFor,
  type AccountsApi,
} from '../../tests/api/accounts';
import { pdfImageCounts, pdfPages, unspaced } from '../../tests/support/pdf-text';
import { notImageUploads, storeFile } from '../../tests/api/stored-files';
import { tinyPng } from '../../tests/support/images';
import { testClock } from '../../tests/support/test-database';
import {
  blankTemplate,
  marksheetTemplateMessages,
  templateImageUpload,
  type MarksheetTemplateContent,
  type MarksheetTemplateView,
} from '../../common/contracts/marksheet-templates';
import type { ExamSheet } from '../../common/contracts/exam-results';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { createRecord } from '../domain/records';
import { recordFileMessages } from '../domain/record-files';
import { uploadMessages, uploadRuleFor } from '../../common/uploads/rules';

const clock = testClock('2026-06-01T09:00:00.000Z');
let accounts: AccountsApi;
let north: string;
const tokens = {} as Record<'designer' | 'colleague' | 'results' | 'marker', string>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  north = await addBranch(db, 'North Campus', 'NC');
  const token = async (permissions: string[], name?: string) =>
    tokenFor(db, auth, await addUser(db, { role: 'admin', permissions, name }), clock.now());
  tokens.designer = await token(['EXAM_TEMPLATE_MANAGEMENT'], 'Meera Designer');
  tokens.colleague = await token(['MARKSHEET_TEMPLATE_MANAGE'], 'Arjun Colleague');
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
      template({ name: 'Own scale', gradingScale: ownScale, signatures: [{ role: 'Principal', image: null }], footer: 'Errors excepted.' }),
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

/** An image uploaded for templates, as the editor uploads it. */
const templateImage = (field: string = templateImageUpload.logo, token = tokens.designer) =>
  storeFile(accounts, token, {
    fileName: 'logo.png',
    fileType: 'image/png',
    bytes: tinyPng,
    formType: templateImageUpload.formType,
    fieldName: field,
  });

describe('a template’s logo and signature images', () => {
  it('are kept as the keys of images uploaded for templates, and drawn on its marksheets', async () => {
    const [logo, signature] = [await templateImage(), await templateImage(templateImageUpload.signature)];
    const content = template({
      name: 'With images',
      logo,
      signatures: [
        { role: 'Principal', image: signature },
        { role: 'Controller of Examinations', image: null },
      ],
    });
    const made = await create(content);
    expect(made.content).toMatchObject({ logo, signatures: content.signatures });
    const plain = await create(template({ name: 'Without images' }));

    const images = async (id: string) => pdfImageCounts((await call('GET', `/marksheet-templates/${id}/preview`)).bytes);
    // The plain one draws its QR code only; the other its logo and one signature besides.
    expect(await images(plain._id)).toEqual([1]);
    expect(await images(made._id)).toEqual([3]);

    // Whoever edits templates keeps the images a template holds, though another uploaded them.
    const kept = await call('PUT', `/marksheet-templates/${made._id}`, { ...content, title: 'MARKSHEET' }, tokens.colleague);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.content).toMatchObject({ logo, signatures: content.signatures });
  });

  it('refuses a key that is not an image uploaded for templates, saying which, and changes nothing', async () => {
    const made = await create(template({ name: 'Refusing images' }));
    const { photo, paper, neverUploaded } = await notImageUploads(accounts, tokens.designer, templateImageUpload.formType);
    const before = [await eventCount(accounts.db), (await call('GET', `/marksheet-templates/${made._id}`)).body.data];
    const cases: Array<[Partial<MarksheetTemplateContent>, Record<string, string[]>]> = [
      [{ logo: neverUploaded }, { logo: [recordFileMessages.notUploaded] }],
      [{ logo: photo }, { logo: [recordFileMessages.notUploaded] }],
      [{ logo: '../../secrets/storage-secret' }, { logo: [recordFileMessages.notUploaded] }],
      [
        { signatures: [{ role: 'Principal', image: paper }] },
        { 'signatures.0.image': [uploadMessages.unsupported(uploadRuleFor(templateImageUpload.signature))] },
      ],
    ];
    for (const [change, errors] of cases) {
      const saved = await call('PUT', `/marksheet-templates/${made._id}`, template({ name: 'Refusing images', ...change }));
      expect([saved.status, saved.body.message, saved.body.errors]).toEqual([400, marksheetTemplateMessages.imagesRefused, errors]);
      const created = await call('POST', '/marksheet-templates', template({ name: 'Never made', ...change }));
      expect([created.status, created.body.errors]).toEqual([400, errors]);
    }
    expect([await eventCount(accounts.db), (await call('GET', `/marksheet-templates/${made._id}`)).body.data]).toEqual(before);
  });
});

describe('POST /marksheet-templates/preview', () => {
  it('answers a sample marksheet of the draft, images included, and saves nothing', async () => {
    const before = [await eventCount(accounts.db), (await call('GET', '/marksheet-templates')).body.data.total];
    const logo = await templateImage();
    const afterUpload = await eventCount(accounts.db);
    const answer = await call('POST', '/marksheet-templates/preview', {
      ...template({ title: 'DRAFT OF A NEW TITLE', logo }),
      name: '',
    });
    expect([answer.status, answer.headers.get('Content-Type')]).toEqual([200, 'application/pdf']);
    const [page] = await pdfPages(answer.bytes);
    for (const expected of ['DRAFT OF A NEW TITLE', 'Sunrise Institute of Technology', 'Aarav Sharma'])
      expect(page).toContain(unspaced(expected));
    expect(await pdfImageCounts(answer.bytes)).toEqual([2]);
    // Only the upload was recorded; the preview, and a retry with a key, record nothing.
    expect(afterUpload).toBeGreaterThan(before[0] as number);
    const again = await call('POST', '/marksheet-templates/preview', template({ title: 'AGAIN' }), tokens.designer, {
      'Idempotency-Key': 'draft-1',
    });
    expect([again.status, again.headers.get('Idempotent-Replayed')]).toEqual([200, null]);
    expect([await eventCount(accounts.db), (await call('GET', '/marksheet-templates')).body.data.total]).toEqual([afterUpload, before[1]]);
  });

  it('refuses a draft that breaks a rule with its messages, and a caller who may not edit templates', async () => {
    const invalid = await call(
      'POST',
      '/marksheet-templates/preview',
      template({ instituteName: ' ', gradingScale: [{ grade: 'A', from: 50, to: 90 }] }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({
      instituteName: [marksheetTemplateMessages.required('Institute name')],
      'gradingScale.0': [marksheetTemplateMessages.topGrade],
    });
    const foreign = await call('POST', '/marksheet-templates/preview', template({ logo: `${templateImageUpload.formType}/2026/06/x.png` }));
    expect([foreign.status, foreign.body.errors]).toEqual([400, { logo: [recordFileMessages.notUploaded] }]);
    expect((await call('POST', '/marksheet-templates/preview', template(), tokens.marker)).status).toBe(403);
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
