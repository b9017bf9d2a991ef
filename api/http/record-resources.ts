import { dynamicDataMessages, type RecordView } from '../../common/contracts/dynamic-data';
import { branchContract, courseContract, studentContract } from '../../common/contracts/record-resources';
import type { z } from 'zod';
import type { EndpointContract } from '../../common/contracts/endpoint';
import { fieldsDataToValues, formTypeName } from '../../common/forms/fields';
import { branchScope } from '../domain/auth/branch-scope';
import { listChoices, listRecords, type RecordListQuery } from '../domain/record-queries';
import type { Actor } from '../domain/auth/actor';
import type { Executor } from '../db/client';
import { FORM_WITH_FILES_BYTES } from './body-limits';
import { createdMessage, updatedMessage } from './dynamic-data';
import { defineEndpoint } from './endpoint';
import { badRequest } from './errors';
import { formPermissionNames, type FormAction } from './form-access';
import { versionTag } from './if-match';
import { readSubmission } from './record-submission';
import { addRecord, editRecord, reachableRecord, removeRecord } from './record-writes';

/**
 * /courses, /branches and /students: the records of one form type each, answered flat, through
 * the commands and queries of /dynamic-data (decision 023).
 */

const kept = (record: RecordView) => ({
  _id: record._id,
  isActive: record.isActive,
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});
const ofBranch = (record: RecordView) => ({ branchId: record.branchId, branchName: record.branchName });

// The form's values first: what the system keeps under a field's name is that field's value as the
// lists read it (a box never ticked is false).
const flatten: Record<'course' | 'branch' | 'student', (record: RecordView) => Record<string, unknown>> = {
  course: (record: RecordView) => ({ ...fieldsDataToValues(record.fieldsData), ...kept(record), ...ofBranch(record) }),
  branch: (record: RecordView) => ({ ...fieldsDataToValues(record.fieldsData), ...kept(record), walletEnabled: record.walletEnabled }),
  student: (record: RecordView) => ({
    ...fieldsDataToValues(record.fieldsData),
    ...kept(record),
    ...ofBranch(record),
    registrationNo: record.registrationNo,
    rollNo: record.rollNo,
    courseName: record.courseName,
    isRegistered: record.isRegistered,
    completedCourse: record.completedCourse,
  }),
};

type ListQuery = Omit<RecordListQuery, 'formType' | 'sort'> & { sortBy: RecordListQuery['sort'] };
type Params = { id: string };
type Schema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

/** What the factory needs of a resource's contract: each resource's schemas, read through the shapes they share. */
interface ResourceContract {
  list: EndpointContract & { method: 'get'; query: Schema<ListQuery>; response: z.ZodTypeAny };
  show: EndpointContract & { method: 'get'; params: Schema<Params>; response: z.ZodTypeAny };
  create: EndpointContract & { method: 'post'; response: z.ZodTypeAny };
  update: EndpointContract & { method: 'put'; params: Schema<Params>; response: z.ZodTypeAny };
  remove: EndpointContract & { method: 'delete'; params: Schema<Params>; response: z.ZodTypeAny };
}

type FormType = keyof typeof flatten;

/** A page of one form type's records, flat; a branch's own staff read their branch and the institute's. */
async function flatPage(db: Executor, actor: Actor, formType: FormType, { sortBy, ...query }: ListQuery) {
  const { records, ...paging } = await listRecords(db, { ...query, formType, sort: sortBy }, branchScope(actor));
  return { rows: records.map(flatten[formType]), paging };
}

function resourceEndpoints(contract: ResourceContract, formType: FormType, listKey: string) {
  const ofType = { type: formType, noun: formTypeName(formType) };
  const view = flatten[formType];
  const access = (action: FormAction) => ({ kind: 'permission', anyOf: formPermissionNames(formType, action) }) as const;
  const list = defineEndpoint({
    ...contract.list,
    access: access('read'),
    async handle({ db, actor, query }) {
      const { rows, paging } = await flatPage(db, actor, formType, query);
      return { message: `${formTypeName(formType)} list`, data: { [listKey]: rows, ...paging } };
    },
  });
  const show = defineEndpoint({
    ...contract.show,
    access: access('read'),
    async handle({ db, actor, params, c }) {
      const record = await reachableRecord(db, actor, params.id, 'read', ofType);
      c.header('ETag', versionTag(record.version));
      return { message: formTypeName(formType), data: view(record) };
    },
  });
  const create = defineEndpoint({
    ...contract.create,
    access: access('create'),
    maxBodyBytes: FORM_WITH_FILES_BYTES,
    async handle(input) {
      const submission = await readSubmission(input.c, 'flat');
      if (submission.formType !== undefined && submission.formType !== formType) {
        throw badRequest(resourceMessages.otherFormType(formType), { formType: [resourceMessages.otherFormType(formType)] });
      }
      const { record, charge } = await addRecord(input, formType, submission);
      return { status: 201, message: createdMessage(formType), data: { ...view(record), ...(charge && { charge }) } };
    },
  });
  const update = defineEndpoint({
    ...contract.update,
    access: access('edit'),
    maxBodyBytes: FORM_WITH_FILES_BYTES,
    async handle(input) {
      const record = await reachableRecord(input.tx, input.actor, input.params.id, 'edit', ofType);
      const updated = await editRecord(input, record, await readSubmission(input.c, 'flat'));
      return { message: updatedMessage(formType), data: view(updated) };
    },
  });
  const remove = defineEndpoint({
    ...contract.remove,
    access: access('delete'),
    async handle(input) {
      const record = await reachableRecord(input.tx, input.actor, input.params.id, 'delete', ofType);
      await removeRecord(input, record);
      return { message: `${formTypeName(formType)} deleted successfully`, data: { _id: record._id } };
    },
  });
  return { list, show, create, update, remove };
}

export const resourceMessages = {
  otherFormType: (formType: string) => `This path takes ${formType} records only`,
} as const;

const courses = resourceEndpoints(courseContract, 'course', 'courses');
const branches = resourceEndpoints(branchContract, 'branch', 'branches');
const students = resourceEndpoints(studentContract, 'student', 'students');

const allCourses = defineEndpoint({
  ...courseContract.all,
  access: { kind: 'permission', anyOf: formPermissionNames('course', 'read') },
  async handle({ db, actor }) {
    return { message: 'Courses', data: await listChoices(db, 'course', branchScope(actor)) };
  },
});

/** As GET /dynamic-data/branch: a branch's own staff list their branch; others name the branch. */
const branchStudents = defineEndpoint({
  ...studentContract.branch,
  access: { kind: 'permission', anyOf: formPermissionNames('student', 'read') },
  async handle({ db, actor, query }) {
    const branchId = branchScope(actor) ?? actor.branchId ?? query.branchId;
    if (!branchId) throw badRequest(dynamicDataMessages.noBranch, { branchId: [dynamicDataMessages.noBranch] });
    const { rows, paging } = await flatPage(db, actor, 'student', { ...query, branchId });
    return { message: 'Students of the branch', data: { students: rows, ...paging } };
  },
});

/** Fixed paths before `/:id`, which would otherwise take them for an id. */
export const recordResourceEndpoints = [
  courses.list,
  allCourses,
  courses.show,
  courses.create,
  courses.update,
  courses.remove,
  branches.list,
  branches.show,
  branches.create,
  branches.update,
  branches.remove,
  students.list,
  branchStudents,
  students.show,
  students.create,
  students.update,
  students.remove,
];
