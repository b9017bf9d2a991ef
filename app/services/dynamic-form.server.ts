import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import { activeFields, fieldsDataToValues, isChecked, isEmptyValue, optionsSourceOf, valuesToFieldsData } from '../../common/forms/fields';
import { courseChoices } from '../../common/forms/course-options';
import type { FormFieldConfig, OptionSource } from '../../common/forms/types';
import { acceptAttribute, uploadRuleFor, uploadRuleHint } from '../../common/uploads/rules';
import {
  admittedStudentHref,
  afterUpdatePath,
  dynamicFormMessages as messages,
  dynamicFormSchema,
  subjectRow,
  examSubjectColumns,
  formTitle,
  shownFieldNames,
  STUDENT_REDIRECT_MS,
  STUDENT_TOAST_MS,
  typeName,
  type DynamicFormActionData,
  type CourseSubject,
  type DynamicFormLoaderData,
  type DynamicFormType,
  type DynamicFormValues,
  type ExamSubjectRowValue,
  type FieldValue,
  type FileFieldInfo,
  type OptionView,
  type ToastSpec,
} from '~/lib/dynamic-form';
import { subjectsOf } from '~/lib/record-values';
import { dynamicDataContract, type CreatedRecord, type RecordView } from '../../common/contracts/dynamic-data';
import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import { callEndpoint, ifMatch, type ApiResult } from './api.server';
import { duringWork, requireAdminRoute, type AuthedApi, type SessionUser } from './auth.server';
import { validateCsrf } from './csrf.server';
import { redirectWithToast } from './toast.server';
import { readPost, storePostedFiles } from './posted-files.server';
import { categoryChoices, recordChoices } from './choices.server';
import { papersByCourse } from './course-papers.server';

/**
 * The loader and action behind every dynamic form route (students/add, branches/add,
 * courses/add, exam/create). A route module only names its form type.
 */

/** Branch and course lists are read a page of 100 at a time, up to this many records. */
const LIST_PAGE = 100;
const LIST_PAGES_MAX = 20;

/** The form's active fields and its name in words (a custom form's label); null without a configuration. */
async function loadConfig(api: AuthedApi, formType: DynamicFormType) {
  const result = await callEndpoint(api, dynamicFormContract.byType, { params: { formType } });
  return result.ok ? { fields: activeFields(result.data.fields), typeLabel: typeName(formType, result.data.label) } : null;
}

/** Every course the caller may read, in full: the form needs each one's state and subjects. */
async function listCourses(api: AuthedApi): Promise<RecordView[] | null> {
  const records: RecordView[] = [];
  for (let page = 1; page <= LIST_PAGES_MAX; page++) {
    const result = await callEndpoint(api, dynamicDataContract.list, {
      query: { formType: 'course', sort: 'title', order: 'asc', limit: LIST_PAGE, page },
    });
    if (!result.ok) return null;
    records.push(...result.data.records);
    if (page >= result.data.totalPages) break;
  }
  return records;
}

interface OptionLists {
  options: Record<string, OptionView[]>;
  courseSubjects: Record<string, CourseSubject[]>;
  notices: string[];
  fixedCenter: OptionView | null;
}

/**
 * The choices of the selects that list other records. A branch's own staff get their branch
 * only. Course options fall back, in SPEC.md's order, from the course records to the categories
 * to a static list (the course records are both the "dynamic" and the "traditional" courses).
 */
async function loadOptionLists(
  api: AuthedApi,
  user: SessionUser,
  fields: FormFieldConfig[],
  record: RecordView | null,
): Promise<OptionLists> {
  const sources = new Map<string, OptionSource>();
  for (const field of fields) {
    const source = optionsSourceOf(field);
    if (source && !field.options?.length) sources.set(field.name, source);
  }
  const wanted = new Set(sources.values());
  const lists: OptionLists = { options: {}, courseSubjects: {}, notices: [], fixedCenter: null };

  const needsBranches = wanted.has('branches') && !user.branchId;
  const needsCourses = wanted.has('courses');
  const needsPapers = needsCourses && fields.some((field) => field.type === 'examSubjectsTable');
  const [branches, courses, categories, papers] = await Promise.all([
    needsBranches ? recordChoices(api, 'branch') : [],
    needsCourses ? listCourses(api) : [],
    wanted.has('courseCategories') || needsCourses ? categoryChoices(api) : [],
    // Without its papers an exam still starts from the subjects' names.
    needsPapers ? papersByCourse(api) : null,
  ]);

  if (branches === null) lists.notices.push(messages.branchesFailed);
  if (courses === null) lists.notices.push(messages.coursesFailed);
  if (categories === null && wanted.has('courseCategories')) lists.notices.push(messages.categoriesFailed);

  if (user.branchId) lists.fixedCenter = { value: user.branchId, label: user.branchName ?? 'Your branch' };
  const branchOptions = lists.fixedCenter ? [lists.fixedCenter] : (branches ?? []);

  // Inactive courses are not offered, except the one a record being edited already has.
  const chosen = new Set(record ? Object.values(fieldsDataToValues(record.fieldsData)).filter((value) => typeof value === 'string') : []);
  const offered = (courses ?? []).filter((course) => course.isActive || chosen.has(course._id));
  const courseOptions = courseChoices(
    offered.map((course) => ({ value: course._id, label: course.title })),
    categories ?? [],
  );
  for (const course of offered) {
    const coursePapers = papers?.get(course._id) ?? [];
    lists.courseSubjects[course._id] = coursePapers.length
      ? coursePapers.map((paper) => ({
          name: paper.name,
          code: paper.code,
          questionPaperMarks: paper.questionPaperMarks,
          passingMarks: paper.passingMarks,
        }))
      : subjectsOf(fieldsDataToValues(course.fieldsData).description).map((name) => ({ name }));
  }

  for (const [name, source] of sources) {
    lists.options[name] = source === 'branches' ? branchOptions : source === 'courses' ? courseOptions : (categories ?? []);
  }
  return lists;
}

/** The limits a file field's uploads are held to, as the API checks them. */
function fileInfo(fieldName: string): FileFieldInfo {
  const rule = uploadRuleFor(fieldName);
  return { hint: uploadRuleHint(rule), accept: acceptAttribute(rule) };
}

/** A stored value as the form shows it: text for inputs, "on" for a ticked box, rows as text. */
function formValue(field: FormFieldConfig, value: unknown): FieldValue {
  if (field.type === 'checkbox') return isChecked(value) ? 'on' : undefined;
  if (isEmptyValue(value)) return undefined;
  if (field.type === 'examSubjectsTable' || field.type === 'subCourseList') {
    const list = typeof value === 'string' ? safeJson(value) : value;
    if (!Array.isArray(list)) return undefined;
    if (field.type === 'subCourseList') return list.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    return list
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .map(
        (row) =>
          Object.fromEntries(Object.entries(row).map(([name, cell]) => [name, cell == null ? '' : String(cell)])) as ExamSubjectRowValue,
      );
  }
  if (field.type === 'date' && typeof value === 'string') return value.slice(0, 10);
  return typeof value === 'string' ? value : String(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Starting values: the configuration's defaults (a new record) or the record's values
 * (editing), then any query parameter named like a field; a branch's staff always get their
 * center; an exam whose course is given starts with one row per subject of that course.
 */
function startingValues(
  formType: DynamicFormType,
  fields: FormFieldConfig[],
  record: RecordView | null,
  search: URLSearchParams,
  lists: OptionLists,
): DynamicFormValues {
  const stored = record ? fieldsDataToValues(record.fieldsData) : {};
  const values: DynamicFormValues = {};
  for (const field of fields) {
    const given = search.get(field.name);
    const value = given !== null ? given : record ? stored[field.name] : field.defaultValue;
    const shown = formValue(field, value);
    if (shown !== undefined) values[field.name] = shown;
  }
  if (lists.fixedCenter && fields.some((field) => field.name === 'centerName')) {
    values.centerName = lists.fixedCenter.value;
  }
  const table = fields.find((field) => field.type === 'examSubjectsTable');
  if (table && values[table.name] === undefined) {
    const course = typeof values.selectedCourse === 'string' ? values.selectedCourse : '';
    const subjects = lists.courseSubjects[course] ?? [];
    values[table.name] = subjects.length ? subjects.map((subject) => subjectRow(subject)) : [subjectRow()];
  }
  return values;
}

function editTarget(request: Request): string | null {
  const search = new URL(request.url).searchParams;
  const id = search.get('_id');
  return search.get('isEditMode') === 'true' && id ? id : null;
}

export async function dynamicFormLoader({ request, context }: LoaderFunctionArgs, formType: DynamicFormType) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const recordId = editTarget(request);
  const base: DynamicFormLoaderData = {
    formType,
    typeLabel: typeName(formType),
    title: formTitle(formType, recordId !== null),
    state: 'ready',
    message: null,
    editing: recordId !== null,
    recordId,
    version: null,
    fields: [],
    options: {},
    courseSubjects: {},
    files: {},
    defaultValue: {},
    notices: [],
    fixedCenter: null,
    idempotencyKey: randomUUID(),
  };

  const [config, recordResult] = await Promise.all([
    loadConfig(api, formType),
    recordId ? callEndpoint(api, dynamicDataContract.show, { params: { id: recordId } }) : Promise.resolve(null),
  ]);
  if (config === null) return data({ ...base, state: 'error' as const, message: messages.notFound }, { headers });
  const { fields, typeLabel } = config;
  base.typeLabel = typeLabel;
  base.title = formTitle(formType, recordId !== null, typeLabel);
  if (fields.length === 0) return data({ ...base, state: 'empty' as const, message: messages.noFields }, { headers });
  let record: RecordView | null = null;
  if (recordResult) {
    if (!recordResult.ok || recordResult.data.formType !== formType) {
      return data({ ...base, state: 'error' as const, message: messages.editLoadFailed(formType, typeLabel) }, { headers });
    }
    record = recordResult.data;
  }

  const lists = await loadOptionLists(api, user, fields, record);
  const files: Record<string, FileFieldInfo> = {};
  for (const field of fields) if (field.type === 'file') files[field.name] = fileInfo(field.name);
  if (fields.some((field) => field.type === 'examSubjectsTable')) {
    for (const column of examSubjectColumns) if (column.type === 'file') files[column.name] = fileInfo(column.name);
  }

  return data(
    {
      ...base,
      version: record?.version ?? null,
      fields,
      options: lists.options,
      courseSubjects: lists.courseSubjects,
      files,
      defaultValue: startingValues(formType, fields, record, search, lists),
      notices: lists.notices,
      fixedCenter: lists.fixedCenter,
    } satisfies DynamicFormLoaderData,
    { headers },
  );
}

type Reply = DynamicFormActionData;

export async function dynamicFormAction({ request, context }: ActionFunctionArgs, formType: DynamicFormType) {
  // A session that ends now loses what was typed: the login page says so (SPEC.md section 8).
  const { api, headers } = await requireAdminRoute(request, context, duringWork);
  const recordId = editTarget(request);
  const { formData, tooLarge } = await readPost(request);
  await validateCsrf(formData, request);

  const config = await loadConfig(api, formType);
  const fields = config?.fields;
  if (!config || !fields?.length) {
    const result: SubmissionResult<string[]> = { status: 'error', initialValue: null, error: { '': [messages.notFound] } };
    return data<Reply>({ status: 'error', result, message: messages.notFound }, { status: 404, headers });
  }

  const uploadErrors = await storePostedFiles(api, context, formType, formData, tooLarge);
  const submission = parseWithZod(formData, { schema: dynamicFormSchema(fields) });
  if (submission.status === undefined && Object.keys(uploadErrors).length === 0) {
    return data<Reply>({ status: 'intent', result: submission.reply() }, { headers });
  }
  if (submission.status !== 'success' || Object.keys(uploadErrors).length) {
    const result = submission.reply({ fieldErrors: { ...uploadErrors }, formErrors: [messages.invalid] });
    return data<Reply>({ status: 'invalid', result, message: messages.invalid }, { status: 400, headers });
  }

  const body = { formType, fieldsData: valuesToFieldsData(submission.value as Record<string, unknown>) };
  const version = formData.get('version');
  const key = formData.get('idempotencyKey');
  const saved = recordId
    ? await callEndpoint(api, dynamicDataContract.update, {
        params: { id: recordId },
        body,
        ...ifMatch(typeof version === 'string' && /^\d+$/.test(version) ? Number(version) : undefined),
      })
    : await callEndpoint(api, dynamicDataContract.create, {
        body,
        idempotencyKey: typeof key === 'string' && key ? key : undefined,
      });

  if (!saved.ok) return refusal(saved, submission, fields, formType, headers);

  if (recordId) {
    return redirectWithToast(
      afterUpdatePath(formType),
      { type: 'success', title: messages.updated(formType, config.typeLabel) },
      { headers },
    );
  }
  // Only an added record answers what it generated and charged.
  const created: CreatedRecord = saved.data;
  const toasts: ToastSpec[] = [];
  const student = formType === 'student';
  const link = student ? { label: 'View student', href: admittedStudentHref(created._id) } : undefined;
  if (student && created.generatedNumbers) {
    toasts.push({
      type: 'success',
      title: messages.studentRegistered,
      description: `Registration No: ${created.generatedNumbers.registrationNo} · Roll No: ${created.generatedNumbers.rollNo}`,
      duration: STUDENT_TOAST_MS,
      link,
    });
  } else {
    toasts.push({ type: 'success', title: student ? messages.studentRegistered : messages.created(formType, config.typeLabel), link });
  }
  return data<Reply>(
    {
      status: 'success',
      id: randomUUID(),
      result: submission.reply({ resetForm: true }),
      toasts,
      charge: created.charge ?? null,
      redirectTo: student ? afterUpdatePath('student') : null,
      redirectDelayMs: student ? STUDENT_REDIRECT_MS : null,
    },
    { headers },
  );
}

/** The API's refusal as the form shows it: messages under the fields, the rest at the top. */
function refusal(
  saved: Extract<ApiResult<unknown>, { ok: false }>,
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => Reply['result'] },
  fields: FormFieldConfig[],
  formType: DynamicFormType,
  headers: Headers,
) {
  const shown = shownFieldNames(fields, formType);
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, list] of Object.entries(saved.errors ?? {})) {
    if (shown.has(name)) fieldErrors[name] = list;
    else formErrors.push(...list);
  }
  const invalid = saved.status === 400 && Object.keys(fieldErrors).length > 0;
  let message = saved.message || messages.generic;
  if (saved.status === 402) message = messages.wallet;
  if (invalid) message = messages.invalid;
  formErrors.unshift(message);
  const result = submission.reply({ fieldErrors, formErrors: [...new Set(formErrors)] });
  return data<Reply>(
    { status: invalid ? 'invalid' : 'error', result, message, ...(saved.status === 402 && { walletRefusal: saved.message }) },
    { status: saved.status >= 400 && saved.status < 600 ? saved.status : 500, headers },
  );
}
