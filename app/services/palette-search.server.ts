import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { invoiceContract } from '../../common/contracts/invoices';
import { resultContract } from '../../common/contracts/results';
import { userContract } from '../../common/contracts/users';
import type { PaletteSearchResult } from '~/lib/palette-search';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';
import { certificatePaths, issuesDocuments } from '~/lib/certificates';
import { editableDraft, invoicePaths, invoiceRights, payable } from '~/lib/invoices';
import { adminRoutes, canOpen } from '~/lib/route-registry';
import { formatRupees } from '~/utils/format';

/** Results per kind of record. */
const LIMIT = 5;
/** User Management in the super-admin panel; it reads `?search=` too. */
const SUPER_ADMIN_USERS_PATH = '/admin/super-admin/users';
const SUPERADMIN = 'superadmin';

interface Searcher {
  role: string;
  permissions: readonly string[];
}

function route(path: string) {
  const found = adminRoutes.find((entry) => entry.path === path);
  if (!found) throw new Error(`No registry entry for ${path}`);
  return found;
}

const studentLists = {
  registered: route('/admin/students/registered'),
  passout: route('/admin/students/passout'),
  fresh: route('/admin/new-students'),
};

function withQuery(path: string, query: Record<string, string>) {
  return `${path}?${new URLSearchParams(query)}`;
}

const allUsers = route('/admin/users');
const invoiceList = route('/admin/invoices');
const studentInvoice = route('/admin/invoices/student/create');
const generatedCertificates = route(certificatePaths.generated);

/** What an exam found by the palette opens, on each screen that works on one exam. */
const examScreens = [
  { route: route('/admin/exam/result-entry'), label: (exam: string) => `Enter results for ${exam}` },
  { route: route('/admin/exam/result-entry'), label: (exam: string) => `Import marks for ${exam}`, page: '/import' },
  { route: route('/admin/exam/admit-card'), label: (exam: string) => `Admit cards for ${exam}` },
  { route: route('/admin/exam/student-marksheet'), label: (exam: string) => `Marksheets of ${exam}` },
];

/**
 * Users open where the searcher manages them: the super admin's panel, or All Users in the admin
 * area for those it opens to; anyone else is offered none, as they would land on a page they cannot use.
 */
async function searchUsers(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  const usersPath = user.role === SUPERADMIN ? SUPER_ADMIN_USERS_PATH : canOpen(allUsers, user) ? allUsers.path : null;
  if (!usersPath) return [];
  const result = await callEndpoint(api, userContract.list, { query: { search: query, limit: LIMIT } });
  if (!result.ok || !Array.isArray(result.data?.users)) return [];
  return result.data.users.slice(0, LIMIT).map((row) => ({
    id: `user:${row._id}`,
    group: 'Users',
    kind: 'user',
    label: row.name,
    description: `${row.email} · ${row.role}`,
    href: withQuery(usersPath, { search: row.email }),
  }));
}

async function searchStudents(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  // The student lists live in the admin area, which the super admin does not enter.
  if (user.role === SUPERADMIN) return [];
  const lists = Object.values(studentLists).filter((list) => canOpen(list, user));
  if (lists.length === 0) return [];
  const result = await callEndpoint(api, dynamicDataContract.list, {
    query: { formType: 'student', search: query, limit: LIMIT },
  });
  if (!result.ok || !Array.isArray(result.data?.records)) return [];
  const bills = canOpen(studentInvoice, user);
  const issues = issuesDocuments(user) && canOpen(generatedCertificates, user);
  return result.data.records.slice(0, LIMIT).flatMap((row): PaletteSearchResult[] => {
    const own = row.completedCourse ? studentLists.passout : row.isRegistered ? studentLists.registered : studentLists.fresh;
    const list = lists.includes(own) ? own : lists[0]!;
    const description = [row.registrationNo, row.branchName].filter(Boolean).join(' · ') || undefined;
    const student: PaletteSearchResult = {
      id: `student:${row._id}`,
      group: 'Students',
      kind: 'student',
      label: row.title,
      description,
      // A student has no page of their own: their list, narrowed to them, with their details open.
      href: withQuery(list.path, { search: row.registrationNo ?? row.title, view: row._id }),
    };
    const found: PaletteSearchResult[] = [student];
    if (bills) {
      found.push({
        id: `invoice-for:${row._id}`,
        group: 'Students',
        kind: 'record',
        label: `Create invoice for ${row.title}`,
        description,
        href: withQuery(studentInvoice.path, { partyId: row._id }),
      });
    }
    if (issues) {
      found.push({
        id: `certificate-for:${row._id}`,
        group: 'Students',
        kind: 'record',
        label: `Issue certificate for ${row.title}`,
        description,
        // The issue form finds the student as its own search would, and picks them.
        href: certificatePaths.issue('certificate', { _id: row._id, search: row.registrationNo ?? row.title }),
      });
    }
    return found;
  });
}

/** Invoices whose number or party matches, for those who read invoices: typing a number finds it. */
async function searchInvoices(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  if (user.role === SUPERADMIN || !canOpen(invoiceList, user)) return [];
  const result = await callEndpoint(api, invoiceContract.list, { query: { search: query, limit: LIMIT } });
  if (!result.ok) return [];
  const rights = invoiceRights(user);
  return result.data.invoices.slice(0, LIMIT).flatMap((row): PaletteSearchResult[] => {
    const open: PaletteSearchResult = {
      id: `invoice:${row._id}`,
      group: 'Invoices',
      kind: 'record',
      label: `Open invoice ${row.number ?? `draft for ${row.partyName}`}`,
      description: row.number ? row.partyName : undefined,
      href: invoicePaths.view(row._id),
    };
    if (editableDraft(rights, row)) {
      const edit: PaletteSearchResult = {
        id: `invoice-edit:${row._id}`,
        group: 'Invoices',
        kind: 'record',
        label: `Edit draft for ${row.partyName}`,
        description: formatRupees(row.total),
        href: invoicePaths.edit(row._id),
      };
      return [open, edit];
    }
    if (!rights.payments || !payable(row)) return [open];
    const pay: PaletteSearchResult = {
      id: `invoice-payment:${row._id}`,
      group: 'Invoices',
      kind: 'record',
      label: `Record payment for ${row.number}`,
      description: `${row.partyName} · ${formatRupees(row.due)} due`,
      href: withQuery(invoicePaths.view(row._id), { pay: '1' }),
    };
    return [open, pay];
  });
}

/** Exams matching the query, each offered on the exam screens the searcher opens: enter its results, print its documents. */
async function searchExams(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  if (user.role === SUPERADMIN) return [];
  const screens = examScreens.filter((screen) => canOpen(screen.route, user));
  if (screens.length === 0) return [];
  const result = await callEndpoint(api, resultContract.list, { query: { search: query, limit: LIMIT } });
  if (!result.ok) return [];
  return result.data.results.slice(0, LIMIT).flatMap((exam) =>
    screens.map((screen) => ({
      id: `exam:${screen.route.path}${screen.page ?? ''}:${exam._id}`,
      group: 'Exams',
      kind: 'record' as const,
      label: screen.label(exam.examName),
      description: [exam.examId, exam.courseName].filter(Boolean).join(' · ') || undefined,
      href: `${screen.route.path}/${encodeURIComponent(exam._id)}${screen.page ?? ''}`,
    })),
  );
}

/** Courses matching the query, for those who print ID cards: the list of the course's ID cards, ready to print as sheets. */
async function searchCourses(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  if (user.role === SUPERADMIN || !canOpen(generatedCertificates, user)) return [];
  const result = await callEndpoint(api, dynamicDataContract.list, { query: { formType: 'course', search: query, limit: LIMIT } });
  if (!result.ok || !Array.isArray(result.data?.records)) return [];
  return result.data.records.slice(0, LIMIT).map((course) => ({
    id: `idcards-for:${course._id}`,
    group: 'Courses',
    kind: 'record' as const,
    label: `Print ID cards for ${course.title}`,
    href: withQuery(certificatePaths.generated, { kind: 'idcard', status: 'issued', courseId: course._id }),
  }));
}

/**
 * Records matching a palette query, from the kinds the user may see. A kind whose API call fails
 * or is refused adds nothing: the palette shows what it can.
 */
export async function searchForPalette(api: AuthedApi, user: Searcher, query: string): Promise<PaletteSearchResult[]> {
  const settled = await Promise.allSettled([
    searchStudents(api, user, query),
    searchExams(api, user, query),
    searchInvoices(api, user, query),
    searchCourses(api, user, query),
    searchUsers(api, user, query),
  ]);
  return settled.flatMap((outcome) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    // A redirect (the session ended) must still reach the browser.
    if (outcome.reason instanceof Response) throw outcome.reason;
    return [];
  });
}
