import { z, type ZodRawShape } from 'zod';
import { optionalId, recordChoice, recordFilters, recordSortFields } from './dynamic-data';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';
import { admissionCharge } from './wallet';

/**
 * Courses, branches and students at the top level (/courses, /branches, /students): the records of
 * the form types `course`, `branch` and `student`, through the same commands and queries as
 * /dynamic-data (decision 023). A record is answered flat: its form's values under their field
 * names, beside what the system keeps of it. A value the system derives from a field (isActive,
 * isRegistered, completedCourse, walletEnabled) takes the field's own name, so each value is there
 * once, and a record read can be sent back as it is.
 */

const idParams = z.object({ id: z.string().min(1).max(100) });

const kept = {
  _id: z.string(),
  isActive: z.boolean().describe('The form’s Active box; false when it was never ticked'),
  version: z.number().int().describe('Send back as If-Match: "<version>" to change only this version'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
};
const ofBranch = {
  branchId: z.string().nullable().describe('The branch the record belongs to; null for institute-wide records'),
  branchName: z.string().nullable(),
};

const flat = (shape: ZodRawShape, description: string) => z.object(shape).catchall(z.unknown()).describe(description);

const courseResource = flat({ ...kept, ...ofBranch }, 'A course: the course form’s values under their field names');
const branchResource = flat(
  { ...kept, walletEnabled: z.boolean().describe('Whether adding students charges the branch’s wallet') },
  'A branch: the branch form’s values under their field names (never the password)',
);
const studentResource = flat(
  {
    ...kept,
    ...ofBranch,
    registrationNo: z.string().nullable().describe('Generated at admission'),
    rollNo: z.string().nullable().describe('Generated at admission'),
    courseName: z.string().nullable().describe('The name of the selectedCourse'),
    isRegistered: z.boolean(),
    completedCourse: z.boolean(),
  },
  'A student: the student form’s values under their field names',
);

/** The values of a record's form, under their field names; files are keys of confirmed uploads. */
const recordValues = z.record(z.unknown());

const listQuery = <Filters extends ZodRawShape>(filters: Filters) =>
  z.object({
    search: recordFilters.search,
    ...filters,
    sortBy: z.enum(recordSortFields).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    ...pagingQuery,
  });

const studentFilters = {
  branchId: optionalId.describe('A branch’s own staff always see their branch only'),
  courseId: recordFilters.courseId,
  registered: recordFilters.registered,
  passout: recordFilters.passout,
  active: recordFilters.active,
  admissionFrom: recordFilters.admissionFrom,
  admissionTo: recordFilters.admissionTo,
};

interface ResourceSpec<View extends z.ZodTypeAny, Key extends string, Filters extends ZodRawShape> {
  path: string;
  tag: string;
  /** `course`: what one record is called in the summaries. */
  noun: string;
  /** The list's key in the answer. */
  listKey: Key;
  view: View;
  filters: Filters;
  listExample: Record<string, string>;
  createExample: Record<string, unknown>;
  updateExample: Record<string, unknown>;
  /** What adding one answers besides the record. */
  created?: ZodRawShape;
  /** Adding one charges its branch's wallet (a student's admission): 402 when the wallet holds too little. */
  charged?: true;
}

function resourceContract<View extends z.AnyZodObject, Key extends string, Filters extends ZodRawShape>(
  spec: ResourceSpec<View, Key, Filters>,
) {
  const { path, tag, noun } = spec;
  return {
    list: defineContract({
      method: 'get',
      path,
      summary: `A page of ${spec.listKey}: search, filters, sort; a branch’s own staff see their branch and the institute’s`,
      tag,
      query: listQuery(spec.filters),
      response: z.object({
        ...({ [spec.listKey]: z.array(spec.view) } as Record<Key, z.ZodArray<View>>),
        ...pageFields(`${spec.listKey} matching the search and filters`),
      }),
      example: { query: spec.listExample },
    }),
    show: defineContract({
      method: 'get',
      path: `${path}/:id`,
      summary: `One ${noun}; its ETag is its version`,
      tag,
      params: idParams,
      response: spec.view,
      etag: true,
      refuses: [404],
    }),
    create: defineContract({
      method: 'post',
      path,
      summary:
        `Add a ${noun} through its form, as POST /dynamic-data does: JSON with the form’s values by field name, or ` +
        'multipart/form-data (each field by name, lists as JSON text, files as file parts). 400 with `errors` per field',
      tag,
      submission: recordValues,
      response: spec.view.extend(spec.created ?? {}),
      creates: true,
      etag: true,
      refuses: spec.charged ? [402, 404] : [404],
      example: { body: spec.createExample },
    }),
    update: defineContract({
      method: 'put',
      path: `${path}/:id`,
      summary: `Replace the values of a ${noun}’s form, as PUT /dynamic-data/{id} does; If-Match: "<version>" refuses a stale edit with 412`,
      tag,
      params: idParams,
      submission: recordValues,
      response: spec.view,
      etag: true,
      ifMatch: true,
      refuses: [404],
      example: { body: spec.updateExample },
    }),
    remove: defineContract({
      method: 'delete',
      path: `${path}/:id`,
      summary: `Delete a ${noun} (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412`,
      tag,
      params: idParams,
      response: z.object({ _id: z.string() }),
      ifMatch: true,
      refuses: [404],
    }),
  };
}

const exampleCourse = {
  courseName: 'Diploma in Computer Applications',
  courseCode: 'DCA-01',
  duration: 6,
  fees: 12000,
  category: '5b7d3c1e-9a2f-4e6b-8c1d-2f3e4a5b6c7d',
  isActive: true,
};

const exampleBranch = {
  addBranch: 'Pune Camp',
  courseName: 'Computer courses',
  branchCode: 'PNC',
  phoneNumber: '9876543210',
  directorName: 'Sunita Deshmukh',
  isActive: true,
};

const exampleStudent = {
  centerName: '0f8fad5b-d9cb-469f-a165-70867728950e',
  studentName: 'Ananya Kulkarni',
  selectedCourse: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  studentEmail: 'ananya.kulkarni@example.in',
  phoneNumber: '9876501234',
  admissionDate: '2026-07-01',
  isActive: true,
};

export const courseContract = {
  ...resourceContract({
    path: '/courses',
    tag: 'courses',
    noun: 'course',
    listKey: 'courses',
    view: courseResource,
    filters: { active: recordFilters.active },
    listExample: { search: 'computer', active: 'true', page: '1', limit: '20', sortBy: 'title', order: 'asc' },
    createExample: exampleCourse,
    updateExample: { ...exampleCourse, duration: 12, fees: 15000 },
  }),
  all: defineContract({
    method: 'get',
    path: '/courses/all',
    summary: 'Every course the caller can read, as id and title by title, unpaged: the options of a course select',
    tag: 'courses',
    response: z.array(recordChoice),
  }),
};

export const branchContract = resourceContract({
  path: '/branches',
  tag: 'branches',
  noun: 'branch',
  listKey: 'branches',
  view: branchResource,
  filters: { active: recordFilters.active },
  listExample: { search: 'pune', page: '1', limit: '20', sortBy: 'title', order: 'asc' },
  createExample: exampleBranch,
  updateExample: { ...exampleBranch, directorName: 'Sunita Patil' },
});

export const studentContract = {
  ...resourceContract({
    path: '/students',
    tag: 'students',
    noun: 'student',
    listKey: 'students',
    view: studentResource,
    filters: studentFilters,
    listExample: { search: 'kulkarni', registered: 'false', page: '1', limit: '20', sortBy: 'createdAt', order: 'desc' },
    createExample: exampleStudent,
    updateExample: { ...exampleStudent, phoneNumber: '9876501235' },
    created: { charge: admissionCharge.optional().describe('What the admission cost its branch’s wallet') },
    charged: true,
  }),
  branch: defineContract({
    method: 'get',
    path: '/students/type/branch',
    summary: 'A page of the students of the caller’s branch, as GET /dynamic-data/branch lists them',
    tag: 'students',
    query: listQuery({ ...studentFilters, branchId: optionalId.describe('For callers who belong to no branch: the branch to list') }),
    response: z.object({ students: z.array(studentResource), ...pageFields('students matching the search and filters') }),
    example: { query: { page: '1', limit: '20' } },
  }),
};
