import { coursePaperAdders } from '../../common/course-paper-permissions';
import { siteSections, siteSectionTitles } from '../../common/contracts/site-content';
import { adminRoutes, canOpen, type IconName } from '~/lib/route-registry';

/**
 * The admin palette's actions. Those that open a page are offered to the users who may open it,
 * by the registry's rule; the palette and the tests both read this list.
 */
export interface PageAction {
  id: `action:${string}`;
  label: string;
  /** The registry page the action opens. */
  path: string;
  /** What the page opens with, such as its own add dialog (`?add=1`). */
  search?: string;
  icon: IconName;
  keywords: readonly string[];
  /** Any of these besides opening the page, when what the action does asks for more. */
  permissions?: readonly string[];
}

export const pageActions: readonly PageAction[] = [
  {
    id: 'action:/admin/students/add',
    label: 'Add student',
    path: '/admin/students/add',
    icon: 'UserPlus',
    keywords: ['new student', 'admission', 'enrol'],
  },
  ...(
    [
      ['student', 'Import students from a file', 'STUDENT_ADD'],
      ['course', 'Import courses from a file', 'COURSE_ADD'],
      ['branch', 'Import branches from a file', 'BRANCH_ADD'],
    ] as const
  ).map(([type, label, permission]): PageAction => ({
    id: `action:/admin/imports?type=${type}`,
    label,
    path: '/admin/imports',
    search: `?type=${type}`,
    icon: 'Upload',
    keywords: ['import', 'upload', 'csv', 'excel', 'spreadsheet', 'bulk'],
    permissions: [permission],
  })),
  {
    id: 'action:/admin/invoices/student/create',
    label: 'Create invoice for a student',
    path: '/admin/invoices/student/create',
    icon: 'ReceiptText',
    keywords: ['new invoice', 'bill', 'fees'],
  },
  {
    id: 'action:/admin/invoices/branch/create',
    label: 'Create invoice for a branch',
    path: '/admin/invoices/branch/create',
    icon: 'ReceiptText',
    keywords: ['new invoice', 'bill'],
  },
  {
    id: 'action:/admin/course/categories?add=1',
    label: 'Add course category',
    path: '/admin/course/categories',
    search: '?add=1',
    icon: 'Tags',
    keywords: ['new category', 'course category'],
  },
  {
    id: 'action:/admin/course/papers?add=1',
    label: 'Add course paper',
    path: '/admin/course/papers',
    search: '?add=1',
    icon: 'Files',
    keywords: ['new paper', 'subject', 'course paper'],
    permissions: coursePaperAdders,
  },
  {
    id: 'action:/admin/wallet/add-balance',
    label: 'Add balance',
    path: '/admin/wallet/add-balance',
    icon: 'PlusCircle',
    keywords: ['top up', 'recharge', 'wallet', 'credit'],
  },
  {
    id: 'action:/admin/wallet/operation-pricing?add=1',
    label: 'Add operation price',
    path: '/admin/wallet/operation-pricing',
    search: '?add=1',
    icon: 'IndianRupee',
    keywords: ['new price', 'charge', 'operation pricing'],
  },
  {
    id: 'action:/admin/wallet/transactions',
    label: 'View transactions',
    path: '/admin/wallet/transactions',
    icon: 'ArrowLeftRight',
    keywords: ['view transactions', 'wallet', 'ledger', 'statement', 'history'],
  },
  {
    id: 'action:/admin/users?add=1',
    label: 'New user account',
    path: '/admin/users',
    search: '?add=1',
    icon: 'UserPlus',
    keywords: ['add user', 'account', 'staff'],
  },
  {
    id: 'action:/admin/users/branch-management?add=1',
    label: 'New branch staff member',
    path: '/admin/users/branch-management',
    search: '?add=1',
    icon: 'UserCog',
    keywords: ['add staff', 'branch user', 'account'],
  },
  // Each page of the public site published as its draft stands, after a confirmation on the page.
  ...siteSections.map((section): PageAction => {
    const path = `/admin/settings/${section}`;
    return {
      id: `action:${path}?publish=1`,
      label: `Publish ${siteSectionTitles[section]}`,
      path,
      search: '?publish=1',
      icon: adminRoutes.find((route) => route.path === path)?.icon ?? 'Settings',
      keywords: ['site', 'website', 'go live', siteSectionTitles[section].toLowerCase()],
    };
  }),
];

type Caller = { role: string; permissions: readonly string[] };

function mayOpen(path: string, user: Caller) {
  const route = adminRoutes.find((entry) => entry.path === path);
  if (!route) throw new Error(`No registry entry for ${path}`);
  return canOpen(route, user);
}

/** The page actions one user may take, in list order. */
export function pageActionsFor(user: Caller): PageAction[] {
  return pageActions.filter(
    (action) => mayOpen(action.path, user) && (!action.permissions || canOpen({ permissions: action.permissions }, user)),
  );
}

/** A list the palette exports whole, as an Excel workbook: the file its screen's Excel link makes unfiltered. */
export interface ExportAction {
  id: `export:${string}`;
  label: string;
  /** The registry page whose list it is: whoever may open it may export it. */
  path: string;
  href: string;
  icon: IconName;
  keywords: readonly string[];
}

const records = (path: string) => `/resources/records-export?list=${encodeURIComponent(path)}&format=xlsx`;

const exports: ReadonlyArray<[path: string, what: string, href: string]> = [
  ['/admin/students/registered', 'registered students', records('/admin/students/registered')],
  ['/admin/students/passout', 'pass-out students', records('/admin/students/passout')],
  ['/admin/new-students', 'new students', records('/admin/new-students')],
  ['/admin/students/admissions', 'the admission register', records('/admin/students/admissions')],
  ['/admin/courses', 'courses', records('/admin/courses')],
  ['/admin/course/categories', 'course categories', '/resources/course-categories-export?format=xlsx'],
  ['/admin/course/papers', 'course papers', '/resources/course-papers-export?format=xlsx'],
  ['/admin/branches', 'branches', records('/admin/branches')],
  ['/admin/exam/list', 'exams', records('/admin/exam/list')],
  ['/admin/certificates/generated', 'generated certificates and ID cards', '/resources/certificates-export?format=xlsx'],
  ['/admin/invoices', 'invoices', '/resources/invoices-export?format=xlsx'],
  ['/admin/payments', 'payments', '/resources/payments-export?format=xlsx'],
  ['/admin/wallet/transactions', 'wallet transactions', '/resources/wallet-transactions-export?format=xlsx'],
  ['/admin/users', 'all users', '/resources/users-export?format=xlsx'],
  ['/admin/users/access-changes', 'access changes', '/resources/access-changes-export?format=xlsx'],
];

export const exportActions: readonly ExportAction[] = exports.map(([path, what, href]) => ({
  id: `export:${path}`,
  label: `Export ${what} to Excel`,
  path,
  href,
  icon: adminRoutes.find((route) => route.path === path)?.icon ?? 'Download',
  keywords: ['export', 'download', 'excel', 'spreadsheet', 'xlsx', what],
}));

/** The exports one user may take: of the lists whose screens they may open. */
export function exportActionsFor(user: Caller): ExportAction[] {
  return exportActions.filter((action) => mayOpen(action.path, user));
}
