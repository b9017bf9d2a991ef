import { activeFields } from '../../common/forms/fields';
import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { indianDay } from '../../common/india-time';
import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import { examResultContract } from '../../common/contracts/exam-results';
import { invoiceContract } from '../../common/contracts/invoices';
import { formPath } from '~/lib/record-links';
import { parseListQuery, type FilterName, type ListQuery, type QueryDefaults, type SortField } from '~/lib/record-query';
import type { DetailField, RecordDetail, RecordListData } from '~/lib/record-list';
import { humanise } from '~/lib/record-values';
import { callEndpoint } from './api.server';
import { exportResponse } from './export.server';
import type { AuthedApi, SessionUser } from './auth.server';
import { categoryChoices, recordChoices } from './choices.server';
import { deleteAction, deleteRow, listLoader, loadListPage } from './list.server';
import { canOpen, findAdminRoute } from '~/lib/route-registry';

/** What a list screen asks of the records API; its columns are the route component's business. */
export interface ListScreen {
  formType: string;
  /** Filters the screen always applies; they are not part of its address. */
  fixed?: { registered?: boolean; passout?: boolean };
  defaults: QueryDefaults;
  /** The filters it offers; others in the address are ignored. */
  filters: readonly FilterName[];
  /** The API fields its columns sort by. */
  sorts: readonly SortField[];
  /** Names its cells and details show for ids: of branches, courses, course categories. */
  lookups?: readonly ('branches' | 'courses' | 'categories')[];
}

interface Auth {
  api: AuthedApi;
  user: SessionUser;
  headers: Headers;
}

/**
 * The permission names that let a user change or remove a form type's records: the same table as
 * the API's api/http/form-access.ts (record-list.server.test.ts holds the two together). The UI
 * uses it only to hide what would be refused.
 */
const formPermissions: Record<string, { edit: readonly string[]; delete: readonly string[] }> = {
  student: { edit: ['STUDENT_EDIT'], delete: ['STUDENT_DELETE'] },
  course: { edit: ['COURSE_EDIT'], delete: ['COURSE_DELETE'] },
  branch: { edit: ['BRANCH_EDIT'], delete: ['BRANCH_DELETE'] },
  examResult: { edit: ['EXAM_CREATE'], delete: ['EXAM_CREATE'] },
};
const customFormPermissions = { edit: ['SETTINGS_EDIT'], delete: ['SETTINGS_EDIT'] } as const;

export function permissionNamesFor(formType: string, action: 'edit' | 'delete'): readonly string[] {
  return (formPermissions[formType] ?? customFormPermissions)[action];
}

/**
 * Whether the user may add records (open the form screen), edit them (and reach the form screen
 * that edits), or delete them.
 */
export function recordAbilities(user: Pick<SessionUser, 'role' | 'permissions'>, formType: string) {
  const holds = (names: readonly string[]) => user.role === 'superadmin' || names.some((name) => user.permissions.includes(name));
  const form = findAdminRoute(formPath(formType));
  const opensForm = form ? canOpen(form, user) : false;
  return {
    create: opensForm,
    edit: holds(permissionNamesFor(formType, 'edit')) && opensForm,
    delete: holds(permissionNamesFor(formType, 'delete')),
  };
}

/** Branches, courses and categories by id, as far as the user may read them. */
async function loadLookups(api: AuthedApi, user: SessionUser, wanted: ListScreen['lookups'] = []) {
  const want = new Set(wanted);
  const [branches, courses, categories] = await Promise.all([
    want.has('branches')
      ? user.branchId
        ? Promise.resolve(user.branchName ? [{ value: user.branchId, label: user.branchName }] : [])
        : recordChoices(api, 'branch')
      : null,
    want.has('courses') ? recordChoices(api, 'course') : null,
    want.has('categories') ? categoryChoices(api) : null,
  ]);
  // A list a user may not read simply offers no choices; the list itself still works.
  const names: Record<string, string> = {};
  for (const option of [...(branches ?? []), ...(courses ?? []), ...(categories ?? [])]) names[option.value] = option.label;
  return { names, options: { branches: branches ?? [], courses: courses ?? [] } };
}

/**
 * One record with its form's labels and its history. A form configuration that cannot be read
 * leaves the stored names, humanised; a history that cannot be read is left empty.
 */
/** Where a student's marksheets are printed: their details link to it for whoever opens it. */
const marksheetScreen = findAdminRoute('/admin/exam/student-marksheet')!;

export async function loadRecordDetail(
  api: AuthedApi,
  id: string,
  user?: Pick<SessionUser, 'role' | 'permissions'>,
): Promise<{ ok: true; detail: RecordDetail } | { ok: false; status: number; message: string }> {
  const found = await callEndpoint(api, dynamicDataContract.show, { params: { id } });
  if (!found.ok) return { ok: false, status: found.status, message: found.message };
  const record = found.data;
  const student = record.formType === 'student';
  const [config, history, results, fees] = await Promise.all([
    callEndpoint(api, dynamicFormContract.byType, { params: { formType: record.formType } }),
    callEndpoint(api, dynamicDataContract.history, { params: { id } }),
    student ? callEndpoint(api, examResultContract.ofStudent, { params: { id } }) : null,
    // Whether the caller reads invoices is the API's to say: a refusal leaves the fees out.
    student ? callEndpoint(api, invoiceContract.studentFees, { params: { studentId: id } }) : null,
  ]);
  const configured: DetailField[] = config.ok
    ? activeFields(config.data.fields).map(({ name, label, type }) => ({ name, label, type }))
    : [];
  const known = new Set(configured.map((field) => field.name));
  const extra = record.fieldsData
    .filter((entry) => entry.name !== 'fieldsData' && !known.has(entry.name))
    .map((entry) => ({ name: entry.name, label: humanise(entry.name), type: typeof entry.value === 'boolean' ? 'checkbox' : 'text' }));
  return {
    ok: true,
    detail: {
      record,
      fields: [...configured, ...extra],
      history: history.ok && Array.isArray(history.data) ? history.data : [],
      ...(results?.ok && {
        results: { exams: results.data.exams, marksheets: user !== undefined && canOpen(marksheetScreen, user) },
      }),
      ...(fees?.ok && { fees: fees.data }),
    },
  };
}

/** The filters and sort of the address that this screen offers, for this user. */
function screenQuery(url: URL, screen: ListScreen, user: SessionUser): ListQuery {
  const query = parseListQuery(url.searchParams, screen.defaults);
  const offered = new Set(screen.filters);
  // A branch's own staff see their branch only: the API decides that, the filter would be noise.
  if (user.branchId) offered.delete('branchId');
  return {
    ...query,
    branchId: offered.has('branchId') ? query.branchId : '',
    courseId: offered.has('courseId') ? query.courseId : '',
    active: offered.has('active') ? query.active : '',
    admissionFrom: offered.has('admission') ? query.admissionFrom : '',
    admissionTo: offered.has('admission') ? query.admissionTo : '',
    upcoming: offered.has('upcoming') ? query.upcoming : '',
    ...(screen.sorts.includes(query.sort) ? {} : { sort: screen.defaults.sort, order: screen.defaults.order }),
  };
}

/** What the records API is asked for a screen's address: its form type, its fixed filters and the ones the address sets. */
function recordApiQuery(screen: ListScreen, query: ListQuery) {
  return {
    formType: screen.formType,
    search: query.search,
    branchId: query.branchId,
    courseId: query.courseId,
    active: query.active,
    admissionFrom: query.admissionFrom,
    admissionTo: query.admissionTo,
    upcomingOn: query.upcoming ? indianDay(new Date()) : undefined,
    registered: screen.fixed?.registered,
    passout: screen.fixed?.passout,
    sort: query.sort,
    order: query.order,
  };
}

/** Every record a screen's address shows, as the API's CSV or Excel file. */
export function recordExportResponse(request: Request, auth: Auth, path: string, screen: ListScreen) {
  const query = screenQuery(new URL(request.url), screen, auth.user);
  return exportResponse(request, auth, { screen: path, path: '/dynamic-data/export', filters: recordApiQuery(screen, query) });
}

/**
 * A list screen's data: one page of records as the address asks for it, the names and choices
 * its cells and filters need, what the user may do, and the details of a record being viewed.
 */
export async function loadRecordList(request: Request, auth: Auth, screen: ListScreen): Promise<RecordListData> {
  const { api, user } = auth;
  const query = screenQuery(new URL(request.url), screen, user);
  const [page, lookups, view] = await Promise.all([
    loadListPage(request, auth, {
      query,
      defaults: screen.defaults,
      fetch: async (query) => {
        const answer = await callEndpoint(api, dynamicDataContract.list, {
          query: { ...recordApiQuery(screen, query), page: query.page, limit: query.limit },
        });
        return answer.ok ? { ...answer, data: { ...answer.data, rows: answer.data.records } } : answer;
      },
    }),
    loadLookups(api, user, screen.lookups),
    query.view ? loadRecordDetail(api, query.view, user) : Promise.resolve(null),
  ]);

  let viewed: RecordListData['view'] = null;
  if (view) {
    viewed =
      view.ok && view.detail.record.formType === screen.formType
        ? view
        : { ok: false, id: query.view, message: view.ok || view.status === 404 ? 'Record not found' : view.message };
  }

  return {
    ...page,
    can: recordAbilities(user, screen.formType),
    names: lookups.names,
    options: lookups.options,
    userBranch: user.branchId ? { id: user.branchId, name: user.branchName } : null,
    view: viewed,
  };
}

const recordPath = (id: string) => `/dynamic-data/${encodeURIComponent(id)}`;

/** The delete of a record from its list or its own page. */
export function deleteRecordAction(request: Request, auth: Auth, options: { redirectTo?: string } = {}) {
  return deleteRow(request, auth, recordPath, options);
}

/** A record list route's loader: `export const loader = recordListLoader(screen)`. */
export function recordListLoader(screen: ListScreen) {
  return listLoader((request, auth) => loadRecordList(request, auth, screen));
}

/** A record list route's action: `export const action = recordDeleteAction`. */
export const recordDeleteAction = deleteAction(recordPath);
