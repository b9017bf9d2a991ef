import { z } from 'zod';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

/**
 * The papers (subjects) of a course as the API speaks it: each with a code unique in its course,
 * a name, theory or practical, the marks of its question paper, the marks to pass and, if one
 * was uploaded, the question paper's stored key.
 */

export const COURSE_PAPER_CODE_MAX = 30;
export const COURSE_PAPER_NAME_MAX = 150;
export const COURSE_PAPER_MARKS_MAX = 10_000;

/** Said by the schemas below, which the API, the domain and the screen's form all validate with. */
export const coursePaperFieldMessages = {
  courseRequired: 'Course is required',
  codeRequired: 'Paper code is required',
  codeTooLong: `Paper code must be at most ${COURSE_PAPER_CODE_MAX} characters`,
  nameRequired: 'Paper name is required',
  nameTooLong: `Paper name must be at most ${COURSE_PAPER_NAME_MAX} characters`,
  kind: 'Paper type must be theory or practical',
  marksRequired: 'Question paper marks is required',
  marksWhole: (label: string) => `${label} must be a whole number`,
  marksRange: (label: string) => `${label} must be between 1 and ${COURSE_PAPER_MARKS_MAX}`,
  passingRequired: 'Passing marks is required',
  passingRange: `Passing marks must be between 0 and ${COURSE_PAPER_MARKS_MAX}`,
  passingAboveMarks: 'Passing marks must not be more than the question paper marks',
};

export const coursePaperKinds = ['theory', 'practical'] as const;
export const coursePaperKind = z.enum(coursePaperKinds, { message: coursePaperFieldMessages.kind });

/** A paper's type as the screens and the export say it. */
export const coursePaperKindLabels = { theory: 'Theory', practical: 'Practical' } as const satisfies Record<CoursePaperKind, string>;

export const coursePaperCode = z
  .string({ required_error: coursePaperFieldMessages.codeRequired, invalid_type_error: 'Paper code must be text' })
  .trim()
  .min(1, coursePaperFieldMessages.codeRequired)
  .max(COURSE_PAPER_CODE_MAX, coursePaperFieldMessages.codeTooLong)
  .describe(`Trimmed; 1 to ${COURSE_PAPER_CODE_MAX} characters; unique in its course, any case`);

export const coursePaperName = z
  .string({ required_error: coursePaperFieldMessages.nameRequired, invalid_type_error: 'Paper name must be text' })
  .trim()
  .min(1, coursePaperFieldMessages.nameRequired)
  .max(COURSE_PAPER_NAME_MAX, coursePaperFieldMessages.nameTooLong)
  .describe(`Trimmed; 1 to ${COURSE_PAPER_NAME_MAX} characters`);

/** Whole marks; a form's text is read as a number first. */
const wholeMarks = (label: string, required: string, min: number, rangeMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ required_error: required, invalid_type_error: coursePaperFieldMessages.marksWhole(label) })
      .int(coursePaperFieldMessages.marksWhole(label))
      .min(min, rangeMessage)
      .max(COURSE_PAPER_MARKS_MAX, rangeMessage),
  );

export const coursePaperMarks = wholeMarks(
  'Question paper marks',
  coursePaperFieldMessages.marksRequired,
  1,
  coursePaperFieldMessages.marksRange('Question paper marks'),
).describe(`Whole marks, 1 to ${COURSE_PAPER_MARKS_MAX}`);

export const coursePaperPassingMarks = wholeMarks(
  'Passing marks',
  coursePaperFieldMessages.passingRequired,
  0,
  coursePaperFieldMessages.passingRange,
).describe('Whole marks, at most the question paper marks');

/** Question papers are uploads of the course form, under their field's own upload rule. */
export const questionPaperUpload = { formType: 'course', fieldName: 'questionPaper' } as const;

export const coursePaperQuestionPaper = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((key) => key || null)
  .describe('The stored key of a confirmed upload of the course form (PDF, DOC or DOCX, 5 MB); null or absent for none');

/** A paper's fields, which the screen's form reuses. */
export const coursePaperFields = {
  code: coursePaperCode,
  name: coursePaperName,
  kind: coursePaperKind,
  questionPaperMarks: coursePaperMarks,
  passingMarks: coursePaperPassingMarks,
  questionPaper: coursePaperQuestionPaper,
};

/**
 * Passing marks above the paper's marks are refused under the passing marks. Compared only when
 * both marks are valid: one that is not is refused under its own field, and a comparison with it
 * would say nothing more.
 */
export function passingWithinMarks<T extends { questionPaperMarks: number; passingMarks: number }>(body: T, ctx: z.RefinementCtx) {
  const comparable =
    coursePaperMarks.safeParse(body.questionPaperMarks).success && coursePaperPassingMarks.safeParse(body.passingMarks).success;
  if (comparable && body.passingMarks > body.questionPaperMarks) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['passingMarks'], message: coursePaperFieldMessages.passingAboveMarks });
  }
}

export const coursePaperCourseId = z
  .string({ required_error: coursePaperFieldMessages.courseRequired })
  .trim()
  .min(1, coursePaperFieldMessages.courseRequired)
  .max(100);

export const addCoursePaperBody = z
  .object({ courseId: coursePaperCourseId.describe('The course record (form type course) the paper belongs to'), ...coursePaperFields })
  .superRefine(passingWithinMarks);

/** Everything but the course: a paper stays with the course it was added to. */
export const changeCoursePaperBody = z.object(coursePaperFields).superRefine(passingWithinMarks);

export const coursePaperSortFields = ['position', 'code', 'name', 'kind', 'questionPaperMarks', 'createdAt', 'updatedAt'] as const;

export const coursePaperListQuery = z.object({
  ...pagingQuery,
  courseId: z.string().trim().min(1).max(100).optional().describe('Only the papers of this course'),
  search: z.string().trim().max(100).optional().describe('Part of the code or the name, any case'),
  kind: coursePaperKind.optional().describe('Only theory or only practical papers'),
  sortBy: z.enum(coursePaperSortFields, { message: `Sort by one of ${coursePaperSortFields.join(', ')}` }).default('position'),
  order: z.enum(['asc', 'desc'], { message: 'Order is asc or desc' }).default('asc'),
});

export const coursePaperView = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseName: z.string().describe('The course’s name as its record has it now'),
  courseChangeable: z
    .boolean()
    .describe(
      'Whether the caller’s branch may change this course’s papers: the institute’s courses are changed by the institute’s staff only',
    ),
  code: z.string(),
  name: z.string(),
  kind: coursePaperKind,
  questionPaperMarks: z.number().int(),
  passingMarks: z.number().int(),
  questionPaper: z.string().nullable().describe('Stored key of the question paper; ask /s3-upload/download-url for an address'),
  questionPaperReadable: z
    .boolean()
    .describe('Whether the caller may open the question paper: branch staff open only the files their branch uploaded; false with none'),
  position: z.number().int().describe('Order within its course: the order papers were added in'),
  version: z.number().int().describe('Send as If-Match: "<version>" to refuse a change made since'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});

export const coursePaperList = z.object({
  papers: z.array(coursePaperView),
  ...pageFields('Papers matching the course, search and type'),
});

const tag = 'course-papers';
const idParams = z.object({ id: z.string().min(1).max(100) });

export const coursePaperContract = {
  list: defineContract({
    method: 'get',
    path: '/course/papers',
    summary: 'Course papers, of one course or all, searched by code or name, sorted and paged; papers of deleted courses are left out',
    tag,
    query: coursePaperListQuery,
    response: coursePaperList,
    example: { query: { search: 'comp', kind: 'theory', page: '1', limit: '20', sortBy: 'position', order: 'asc' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/course/papers/export',
    summary:
      'Every course paper the course, search and type match, in the list’s order, as CSV or Excel; a branch’s staff get the papers of the courses they may read',
    tag,
    produces: exportTypes,
    query: coursePaperListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  show: defineContract({
    method: 'get',
    path: '/course/papers/:id',
    summary: 'One course paper',
    tag,
    params: idParams,
    response: coursePaperView,
    etag: true,
    refuses: [404],
  }),
  add: defineContract({
    method: 'post',
    path: '/course/papers',
    summary: 'Add a paper to a course, after its other papers; its code is unique in the course in any case',
    tag,
    body: addCoursePaperBody,
    response: coursePaperView,
    creates: true,
    etag: true,
    refuses: [404],
    example: {
      body: {
        courseId: 'a course id',
        code: 'CS-101',
        name: 'Computer Fundamentals',
        kind: 'theory',
        questionPaperMarks: 100,
        passingMarks: 40,
        questionPaper: null,
      },
    },
  }),
  change: defineContract({
    method: 'put',
    path: '/course/papers/:id',
    summary: 'Change a course paper; If-Match: "<version>" refuses a stale edit with 412',
    tag,
    params: idParams,
    body: changeCoursePaperBody,
    response: coursePaperView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: {
      body: { code: 'CS-101', name: 'Computer Fundamentals and Office', kind: 'practical', questionPaperMarks: 50, passingMarks: 20 },
    },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/course/papers/:id',
    summary: 'Remove a paper from its course (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412',
    tag,
    params: idParams,
    response: coursePaperView.describe('The paper as it was'),
    ifMatch: true,
    refuses: [404],
  }),
};

export type CoursePaperKind = z.infer<typeof coursePaperKind>;
export type CoursePaperListQuery = z.infer<typeof coursePaperListQuery>;
export type AddCoursePaperBody = z.infer<typeof addCoursePaperBody>;
export type ChangeCoursePaperBody = z.infer<typeof changeCoursePaperBody>;
export type CoursePaperView = z.infer<typeof coursePaperView>;
export type CoursePaperList = z.infer<typeof coursePaperList>;
