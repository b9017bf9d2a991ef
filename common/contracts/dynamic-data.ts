import { z } from 'zod';
import { validDate } from '../forms/schema-builder';
import type { FieldData } from '../forms/types';
import { admissionCharge } from './wallet';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

export const dynamicDataMessages = {
  noFormType: 'Form type not specified.',
  invalidForm: 'Request body must be valid form data',
  noBranch: 'Choose a branch: this account does not belong to one',
} as const;

/** The most choices one list of them holds; an institute has far fewer branches or courses. */
export const MAX_CHOICES = 5_000;

export const recordSortFields = ['createdAt', 'title', 'admissionDate', 'registrationNo'] as const;
export type RecordSortField = (typeof recordSortFields)[number];

// zod reads an unknown value as an optional key; a stored value always has its key.
const fieldData = z.object({ name: z.string(), value: z.unknown() }) as z.ZodType<FieldData>;

/** A record as the API answers it: the client contract's _id and fieldsData, plus what lists show. */
export const recordView = z.object({
  _id: z.string(),
  formType: z.string(),
  branchId: z.string().nullable().describe('The branch the record belongs to; null for institute-wide records and branches'),
  branchName: z.string().nullable(),
  title: z.string().describe('Student, course, branch or exam name'),
  code: z.string().nullable().describe('registrationNumber, courseCode, branchCode or examId'),
  courseId: z.string().nullable().describe('The selectedCourse'),
  courseName: z.string().nullable(),
  registrationNo: z.string().nullable().describe('Generated for students'),
  rollNo: z.string().nullable().describe('Generated for students'),
  isActive: z.boolean(),
  isRegistered: z.boolean(),
  completedCourse: z.boolean(),
  walletEnabled: z.boolean(),
  admissionDate: z.string().nullable(),
  fieldsData: z.array(fieldData).describe('The stored values; empty ones are left out'),
  version: z.number().int().describe('Send back as If-Match: "<version>" to change only this version'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type RecordView = z.infer<typeof recordView>;

export const recordList = z.object({
  records: z.array(recordView),
  ...pageFields('Records matching the search and filters'),
});
export type RecordList = z.infer<typeof recordList>;

const createdRecord = recordView.extend({
  generatedNumbers: z.object({ registrationNo: z.string(), rollNo: z.string() }).optional().describe('Students only'),
  charge: admissionCharge.optional().describe('What adding a student cost its branch’s wallet'),
});
export type CreatedRecord = z.infer<typeof createdRecord>;

const fieldChange = z.object({ name: z.string(), label: z.string(), from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChange>;

const historyEntry = z.object({
  version: z.number().int(),
  type: z.enum(['RecordCreated', 'RecordUpdated', 'RecordDeleted']),
  at: z.string().datetime(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable().describe('Null for changes made by the system (the demo seed)'),
  changes: z.array(fieldChange),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const recordChoice = z.object({ _id: z.string(), title: z.string() });
export type RecordChoice = z.infer<typeof recordChoice>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
);
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
    .refine((text) => validDate(text) !== null, 'No such date')
    .optional(),
);
export const optionalId = z.preprocess(blankToUndefined, z.string().max(100).optional());

/** What a list of records is searched and filtered by; the top-level lists take these too. */
export const recordFilters = {
  search: z.string().trim().max(100).optional().describe('Text anywhere in the record’s values or numbers'),
  courseId: optionalId,
  registered: flag.describe('isRegistered'),
  passout: flag.describe('completedCourse'),
  active: flag.describe('isActive'),
  admissionFrom: day.describe('Admission date on or after, YYYY-MM-DD'),
  admissionTo: day.describe('Admission date on or before, YYYY-MM-DD'),
};

const sortedFilters = {
  ...recordFilters,
  upcomingOn: day.describe('Exams with a subject dated on or after this day (still to be held or under way), YYYY-MM-DD'),
  sort: z.enum(recordSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
};
const listFilters = { ...sortedFilters, ...pagingQuery };

/** The form type a list names: required, with SPEC.md's message. */
const formTypeParam = z.string({ required_error: dynamicDataMessages.noFormType }).min(1, dynamicDataMessages.noFormType).max(60);

const idParams = z.object({ id: z.string().min(1).max(100) });

/** A form's values as JSON; a browser form (multipart or urlencoded, files included) is read as well. */
export const recordSubmission = z.object({
  formType: z.string().max(60).optional(),
  fieldsData: z
    .union([z.array(z.object({ name: z.string().min(1).max(100), value: z.unknown() })).max(500), z.record(z.unknown())])
    .optional(),
});

/** A course as the examples of adding and changing a record send it. */
const exampleCourse = {
  courseName: 'Diploma in Computer Applications',
  courseCode: 'DCA-01',
  duration: 6,
  fees: 12000,
  category: '5b7d3c1e-9a2f-4e6b-8c1d-2f3e4a5b6c7d',
};

export const dynamicDataContract = {
  list: defineContract({
    method: 'get',
    path: '/dynamic-data',
    summary: 'A page of one form type’s records: search, filters, sort; a branch’s own staff see their branch',
    tag: 'dynamic-data',
    query: z.object({
      formType: formTypeParam,
      branchId: optionalId.describe('A branch’s own staff always see their branch only'),
      ...listFilters,
    }),
    response: recordList,
    refuses: [403],
    example: {
      query: { formType: 'student', search: 'kulkarni', registered: 'true', page: '1', limit: '20', sort: 'createdAt', order: 'desc' },
    },
  }),
  export: defineContract({
    method: 'get',
    path: '/dynamic-data/export',
    summary:
      'Every record of one form type the list’s search and filters match, as CSV or Excel: the numbers given to students, ' +
      'each field of the form by its label, and when it was added; a branch’s own staff get their branch’s',
    tag: 'dynamic-data',
    produces: exportTypes,
    query: z.object({
      formType: formTypeParam,
      branchId: optionalId.describe('A branch’s own staff always get their branch only'),
      ...sortedFilters,
      ...exportQuery,
    }),
    refuses: [403],
    example: { query: { formType: 'student', registered: 'true', sort: 'title', order: 'asc', format: 'csv' } },
  }),
  branchList: defineContract({
    method: 'get',
    path: '/dynamic-data/branch',
    summary: 'A page of the records of the caller’s branch (students unless formType says otherwise)',
    tag: 'dynamic-data',
    query: z.object({
      formType: z.string().min(1).max(60).default('student'),
      branchId: optionalId.describe('For callers who belong to no branch: the branch to list'),
      ...listFilters,
    }),
    response: recordList,
    refuses: [403],
    example: { query: { formType: 'student', page: '1', limit: '20' } },
  }),
  choices: defineContract({
    method: 'get',
    path: '/dynamic-data/choices',
    summary: `Every record of one form type the caller can read, as id and title by title (at most ${MAX_CHOICES}): the choices of a filter or select`,
    tag: 'dynamic-data',
    query: z.object({ formType: formTypeParam }),
    response: z.array(recordChoice),
    refuses: [403],
    example: { query: { formType: 'course' } },
  }),
  show: defineContract({
    method: 'get',
    path: '/dynamic-data/:id',
    summary: 'One record; its ETag is its version',
    tag: 'dynamic-data',
    params: idParams,
    response: recordView,
    etag: true,
    refuses: [403, 404],
  }),
  history: defineContract({
    method: 'get',
    path: '/dynamic-data/:id/history',
    summary: 'Who changed the record, when, and which values, oldest first',
    tag: 'dynamic-data',
    params: idParams,
    response: z.array(historyEntry),
    refuses: [403, 404],
  }),
  create: defineContract({
    method: 'post',
    path: '/dynamic-data',
    summary:
      'Add a record through its form: JSON { formType, fieldsData: [{ name, value }] }, or multipart/form-data ' +
      '(formType and each field by name, lists as JSON text, files as file parts under their field’s name, a subject ' +
      'row’s file as `examSubjectsTable_<row>_<column>`; at most 64 MB). A file value is the key of a confirmed upload ' +
      'that fits its field’s limits, or a file part held to the same limits. 400 with `errors` per field; students ' +
      'answer generatedNumbers',
    tag: 'dynamic-data',
    submission: recordSubmission,
    response: createdRecord,
    creates: true,
    etag: true,
    refuses: [402, 403, 404],
    example: { body: { formType: 'course', fieldsData: exampleCourse } },
  }),
  update: defineContract({
    method: 'put',
    path: '/dynamic-data/:id',
    summary:
      'Replace the values of a record’s form (the same shapes as adding one, files included); If-Match: "<version>" refuses a stale edit with 412',
    tag: 'dynamic-data',
    params: idParams,
    submission: recordSubmission,
    response: recordView,
    etag: true,
    ifMatch: true,
    refuses: [403, 404],
    example: { body: { formType: 'course', fieldsData: { ...exampleCourse, duration: 12, fees: 15000 } } },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/dynamic-data/:id',
    summary: 'Delete a record (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412',
    tag: 'dynamic-data',
    params: idParams,
    response: z.object({ _id: z.string() }),
    ifMatch: true,
    refuses: [403, 404],
  }),
};
