import { z } from 'zod';
import { ABSENT } from '../exam-results';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { IMPORT_FAILURES_SHOWN } from './imports';

/**
 * An exam's results as the API speaks them. An exam is sat once per branch (a sitting): its
 * students are those registered in the exam's course in that branch, each with the roll number
 * of their admission. Marks are entered cell by cell, each cell with a version of its own, so two
 * people entering one exam never overwrite each other unseen; publishing locks a sitting.
 */

const tag = 'results';
/** An exam addressed in the path. */
export const examParams = z.object({ id: z.string().min(1).max(100).describe('The exam’s record id') });

/** The sitting a call is about: its branch. */
export const sittingBranchId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe(
    'The sitting’s branch. Branch staff always work in their own; the institute’s staff name one, else the first branch with students',
  );

export const MARK_CELLS_MAX = 500;

export const sittingStates = ['draft', 'published'] as const;
export type SittingState = (typeof sittingStates)[number];

const markValue = z
  .union([z.number(), z.literal(ABSENT), z.null()])
  .describe(`A mark from 0 to the subject’s question-paper marks (two decimal places at most), "${ABSENT}" for absent, or null for none`);

const cellView = z.object({
  value: markValue,
  version: z.number().int().describe('0 before any mark; send it back as the baseVersion of a change'),
});

const examSubjectView = z.object({
  key: z.string().describe('The subject’s key in the exam: its code, else its name, in lower case'),
  name: z.string(),
  code: z.string().nullable(),
  questionPaperMarks: z.number(),
  passingMarks: z.number(),
});

const outcomeView = z.object({
  total: z.number(),
  maximum: z.number(),
  percentage: z.number().nullable().describe('Null until every mark is in'),
  standing: z.enum(['pass', 'fail', 'incomplete', 'absent']),
  grade: z.string().nullable().describe('Null until every mark is in'),
  failedSubjects: z.array(z.string()),
});

const sheetStudent = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNo: z.string().nullable(),
  registrationNo: z.string().nullable(),
  marks: z.record(cellView).describe('By subject key; a subject with no mark yet is left out'),
  outcome: outcomeView,
});

export const examSheet = z.object({
  exam: z.object({
    _id: z.string(),
    examId: z.string().nullable(),
    examName: z.string(),
    courseId: z.string().nullable(),
    courseName: z.string().nullable(),
  }),
  branch: z.object({ _id: z.string(), name: z.string() }).nullable().describe('Null when no branch has a student sitting it'),
  branches: z.array(z.object({ _id: z.string(), name: z.string() })).describe('The branches the caller may open a sitting of'),
  subjects: z.array(examSubjectView),
  gradingScale: z
    .array(z.object({ grade: z.string(), from: z.number() }))
    .describe('Top grade first: each from its percentage up; below the last, and on failing a subject, F'),
  sitting: z.object({
    state: z.enum(sittingStates),
    version: z.number().int().describe('Send it as If-Match to publish'),
    publishedAt: z.string().datetime().nullable(),
  }),
  students: z.array(sheetStudent),
});
export type ExamSheet = z.infer<typeof examSheet>;
export type ExamSheetStudent = z.infer<typeof sheetStudent>;

export const markCell = z.object({
  studentId: z.string().min(1).max(100),
  subject: z.string().min(1).max(200).describe('The subject’s key'),
  value: markValue,
  baseVersion: z.number().int().min(0).describe('The cell’s version the change was made on'),
});
export type MarkCell = z.infer<typeof markCell>;

const saveMarksBody = z.object({
  branchId: sittingBranchId,
  cells: z.array(markCell).min(1).max(MARK_CELLS_MAX, `At most ${MARK_CELLS_MAX} marks are saved at once`),
});

const savedCell = z.object({ studentId: z.string(), subject: z.string(), value: markValue, version: z.number().int() });

export const savedMarks = z.object({
  saved: z.array(savedCell).describe('The cells changed, each at its new version'),
  conflicts: z
    .array(savedCell)
    .describe('The cells someone else changed since their baseVersion: left as that change made them, shown here as they now are'),
});
export type SavedMarks = z.infer<typeof savedMarks>;

/** The most rows a file of marks may have: a sitting is one branch's students of one exam. */
export const MARKS_IMPORT_MAX_ROWS = 5_000;

const importMarksBody = z.object({
  fileKey: z.string().min(1).max(500).describe('The key of the confirmed upload of the file (form type imports, field importFile)'),
  branchId: sittingBranchId,
  dryRun: z.boolean().describe('Check every row and save nothing'),
});

export const marksImport = z.object({
  dryRun: z.boolean(),
  branch: z.object({ _id: z.string(), name: z.string() }).describe('The sitting the marks are for'),
  columns: z.object({
    student: z.array(z.string()).describe('The headings that say whose row it is: Roll No, Registration No'),
    subjects: z.array(z.object({ column: z.string(), subject: z.string().describe('The subject’s key'), name: z.string() })),
    ignored: z.array(z.string()).describe('Headings of no subject of the exam (Name, Total, Grade…): left out'),
  }),
  counts: z.object({
    rows: z.number().int().describe('Rows of students in the file'),
    toChange: z.number().int().describe('Rows with a mark that differs from the sheet (saved, unless a dry run)'),
    unchanged: z.number().int().describe('Rows whose marks the sheet holds already, or that leave every mark empty'),
    refused: z.number().int().describe('Rows not saved, each with its messages'),
    marks: z.number().int().describe('Marks that differ from the sheet in the rows to change'),
  }),
  refused: z
    .array(
      z.object({
        row: z.number().int().describe('The row’s number in the file; the headings are row 1'),
        student: z.string().nullable().describe('The roll or registration number the row gives'),
        name: z.string().nullable().describe('The student’s name, when the row names one sitting the exam'),
        messages: z.array(z.string()),
      }),
    )
    .describe(`The first ${IMPORT_FAILURES_SHOWN} refused rows`),
  conflicts: z
    .array(savedCell)
    .describe('Marks someone else changed while the file was imported: left as that change made them, shown as they now are'),
});
export type MarksImport = z.infer<typeof marksImport>;

const studentExam = z.object({
  exam: z.object({ _id: z.string(), examId: z.string().nullable(), examName: z.string(), courseName: z.string().nullable() }),
  state: z.enum(['awaiting entry', 'in progress', 'published']),
  publishedAt: z.string().datetime().nullable(),
  subjects: z.array(examSubjectView),
  marks: z.record(markValue).describe('By subject key; a subject with no mark yet is left out'),
  outcome: outcomeView,
  marksheetCode: z.string().nullable().describe('The code of the student’s marksheet, once the results are published'),
});
export type StudentExam = z.infer<typeof studentExam>;

export const examResultMessages = {
  sheet: 'Exam results',
  saved: 'Marks saved',
  published: 'Results published',
  examMissing: 'Exam not found',
  noCourse: 'This exam has no course: choose its course to enter results',
  notSitting: 'This student is not sitting this exam',
  unknownSubject: 'This exam has no such subject',
  locked: 'These results are published: a change now is a revision with a reason',
  alreadyPublished: 'These results are already published',
  marksMissing: (count: number) =>
    `${count} ${count === 1 ? 'mark is' : 'marks are'} missing: enter them, or AB for absent, before publishing`,
  nobodySitting: 'No student sits this exam in this branch',
  stale: 'These results changed since they were opened. Reload them and try again.',
  notPublished: 'These results are not published yet: change the marks in the grid',
  revisionClears: 'A revision keeps every mark: enter a mark, or AB for absent',
  nothingRevised: 'No mark changed: change a mark to revise these results',
  reasonNeeded: 'Give a reason',
  revised: 'Result revised',
  sittingLocked: 'These results are published: who sits them no longer changes',
  alreadySitting: 'This student already sits this exam',
  otherBranch: 'This student is in another branch',
  notAStudent: 'Only a registered, active student can sit an exam',
  added: 'Student added to the exam',
  excused: 'Student excused from the exam',
  roster: 'Students sitting the exam',
  candidates: 'Students who may be added',
  history: 'Results history',
  branchMissing: 'Branch not found',
  studentMissing: 'Student not found',
  studentResults: 'Student results',
};

/** What an import of marks from a file says. */
export const marksImportMessages = {
  empty: 'The file is empty: export the sheet, fill in the marks and import that file',
  noRows: 'The file has headings but no rows of students',
  tooManyRows: `The file has more than ${MARKS_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows: a file of marks has a row per student of one sitting`,
  noStudentColumn: 'The file has no Roll No or Registration No column: add one, to say whose marks each row holds',
  noSubjectColumn: (names: readonly string[]) =>
    `No column is headed with a subject of this exam (${names.join(', ')}): head each column of marks with its subject’s name`,
  columnTwice: (subject: string) => `More than one column is for ${subject}: keep one`,
  noStudent: 'Give the student’s roll number or registration number',
  unknownRollNo: (rollNo: string) => `No student with roll number ${rollNo} sits this exam here`,
  unknownRegistrationNo: (registrationNo: string) => `No student with registration number ${registrationNo} sits this exam here`,
  twoStudents: (rollNo: string, registrationNo: string) =>
    `Roll number ${rollNo} and registration number ${registrationNo} are different students`,
  twice: (rows: readonly number[]) => `This student is in rows ${rows.join(' and ')} of the file: keep one`,
  checked: 'Checked: nothing was saved',
  imported: 'Marks imported',
  nothingToImport: 'No mark in the file differs from the sheet',
};

const examSheetQuery = z.object({ branchId: sittingBranchId });

const reason = (max: number) =>
  z.string().trim().min(1, examResultMessages.reasonNeeded).max(max, `A reason has at most ${max} characters`);

const studentRef = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNo: z.string().nullable(),
  registrationNo: z.string().nullable(),
});

export const sittingRoster = z.object({
  exam: examSheet.shape.exam,
  branch: examSheet.shape.branch,
  branches: examSheet.shape.branches,
  sitting: examSheet.shape.sitting,
  students: z.array(
    studentRef.extend({
      added: z.boolean().describe('Sits though the exam’s course does not bring them'),
      reason: z.string().nullable().describe('Why they were added, if a reason was given'),
    }),
  ),
  excused: z.array(studentRef.extend({ reason: z.string().nullable(), excusedAt: z.string().datetime() })),
});
export type SittingRoster = z.infer<typeof sittingRoster>;

export const SITTING_CANDIDATES_MAX = 20;

const candidatesQuery = z.object({
  branchId: sittingBranchId,
  q: z.string().trim().max(100).default('').describe('Part of a name, registration number or roll number'),
});

export const sittingCandidates = z.object({
  students: z
    .array(studentRef.extend({ courseName: z.string().nullable() }))
    .describe(`At most ${SITTING_CANDIDATES_MAX}, by name: registered, active students of the branch who do not sit the exam`),
});
export type SittingCandidates = z.infer<typeof sittingCandidates>;

export const REASON_MAX = 500;

const addStudentBody = z.object({
  branchId: sittingBranchId,
  studentId: z.string().trim().min(1).max(100),
  reason: z
    .string()
    .trim()
    .max(REASON_MAX, `A reason has at most ${REASON_MAX} characters`)
    .default('')
    .transform((text) => text || null),
});

const excuseBody = z.object({ reason: reason(REASON_MAX) });

const revisionBody = z.object({
  studentId: z.string().trim().min(1).max(100),
  marks: z
    .array(z.object({ subject: z.string().min(1).max(200), value: markValue }))
    .min(1)
    .max(100),
  reason: reason(REASON_MAX),
});

export const revisedResult = z.object({
  studentId: z.string(),
  outcome: outcomeView,
  marksheetCode: z.string().describe('The code of the revised marksheet'),
  supersedes: z.string().nullable().describe('The code of the marksheet it replaces, which verifies as superseded from now on'),
});
export type RevisedResult = z.infer<typeof revisedResult>;

export const historyKinds = ['published', 'revised', 'added', 'excused'] as const;

const historyEntry = z.object({
  at: z.string().datetime(),
  by: z.string().nullable().describe('Who did it, by name'),
  kind: z.enum(historyKinds),
  student: z.object({ studentId: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  changes: z.array(z.object({ subject: z.string(), from: markValue, to: markValue })),
});
export type ResultsHistoryEntry = z.infer<typeof historyEntry>;

export const resultsHistory = z.object({ entries: z.array(historyEntry).describe('Oldest first') });
export type ResultsHistory = z.infer<typeof resultsHistory>;

const studentParams = examParams.extend({ studentId: z.string().min(1).max(100).describe('The student’s record id') });

export const examResultContract = {
  ofStudent: defineContract({
    method: 'get',
    path: '/students/:id/results',
    summary: 'A student’s exams: those of their course and those they hold marks in, each with their marks, outcome and marksheet code',
    tag,
    params: z.object({ id: z.string().min(1).max(100).describe('The student’s record id') }),
    response: z.object({ exams: z.array(studentExam) }),
    refuses: [404],
  }),
  sheet: defineContract({
    method: 'get',
    path: '/exams/:id/results',
    summary: 'An exam’s sitting in one branch: its subjects, its students with their marks and outcomes, and whether it is published',
    tag,
    params: examParams,
    query: examSheetQuery,
    response: examSheet,
    refuses: [404],
    etag: true,
  }),
  export: defineContract({
    method: 'get',
    path: '/exams/:id/results/export',
    summary:
      'An exam’s sitting in one branch as CSV or Excel: each student’s roll and registration numbers, marks by subject, total, percentage, grade and result',
    tag,
    params: examParams,
    query: examSheetQuery.extend(exportQuery),
    produces: exportTypes,
    refuses: [404],
  }),
  saveMarks: defineContract({
    method: 'put',
    path: '/exams/:id/results/marks',
    summary: 'Saves marks cell by cell: a cell changed by someone else since its baseVersion is left as it is and answered as a conflict',
    tag,
    params: examParams,
    body: saveMarksBody,
    response: savedMarks,
    refuses: [404],
    example: { body: { cells: [{ studentId: '01J8Z0STUDENT', subject: 'acc', value: 72.5, baseVersion: 0 }] } },
  }),
  publish: defineContract({
    method: 'post',
    path: '/exams/:id/results/publish',
    summary: 'Publishes a sitting’s results once every mark is in; they are locked from then on',
    tag,
    params: examParams,
    body: z.object({ branchId: sittingBranchId }),
    response: examSheet,
    refuses: [404],
    etag: true,
    ifMatch: true,
    example: { body: { branchId: '01J8Z0BRANCH' } },
  }),
  roster: defineContract({
    method: 'get',
    path: '/exams/:id/sitting',
    summary: 'Who sits an exam in one branch: the course’s students and those added, and those excused',
    tag,
    params: examParams,
    query: examSheetQuery,
    response: sittingRoster,
    refuses: [404],
  }),
  candidates: defineContract({
    method: 'get',
    path: '/exams/:id/sitting/candidates',
    summary: 'Students of the branch who do not sit the exam and may be added to it',
    tag,
    params: examParams,
    query: candidatesQuery,
    response: sittingCandidates,
    refuses: [404],
  }),
  addStudent: defineContract({
    method: 'post',
    path: '/exams/:id/sitting/students',
    summary: 'Adds a student to the sitting of their branch: one the course does not bring, or one excused before',
    tag,
    params: examParams,
    body: addStudentBody,
    response: sittingRoster,
    refuses: [404, 409],
    example: { body: { studentId: '01J8Z0STUDENT', reason: 'Repeating the exam' } },
  }),
  excuseStudent: defineContract({
    method: 'post',
    path: '/exams/:id/sitting/students/:studentId/excuse',
    summary: 'Excuses a student from the exam: they leave its sitting, its grid and its documents until added again',
    tag,
    params: studentParams,
    body: excuseBody,
    response: sittingRoster,
    refuses: [404, 409],
    example: { body: { reason: 'Medical leave' } },
  }),
  revise: defineContract({
    method: 'post',
    path: '/exams/:id/results/revisions',
    summary: 'Revises a published student’s marks, with a reason kept in the results’ history: a new marksheet code replaces the old one',
    tag,
    params: examParams,
    body: revisionBody,
    response: revisedResult,
    refuses: [404, 409],
    ifMatch: true,
    example: {
      body: { studentId: '01J8Z0STUDENT', marks: [{ subject: 'acc', value: 64 }], reason: 'Re-totalling found 10 marks uncounted' },
    },
  }),
  importMarks: defineContract({
    method: 'post',
    path: '/exams/:id/results/import',
    summary:
      'Reads an uploaded CSV or Excel file of marks (a row per student by roll or registration number, a column per subject), checks every row and, unless a dry run, saves the good rows’ marks as the grid saves them',
    tag,
    params: examParams,
    body: importMarksBody,
    response: marksImport,
    refuses: [404, 409],
    example: { body: { fileKey: 'imports/2026/12/file-id-marks.csv', dryRun: true } },
  }),
  history: defineContract({
    method: 'get',
    path: '/exams/:id/results/history',
    summary: 'A sitting’s history: who was added or excused, when it was published, and each revision with its reason',
    tag,
    params: examParams,
    query: examSheetQuery,
    response: resultsHistory,
    refuses: [404],
  }),
};
