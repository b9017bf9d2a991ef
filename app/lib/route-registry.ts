import { importers, jobStarters } from '../../common/job-permissions';
import { accessChangeReaders, branchUserManagers, permissionManagers, userManagers } from '../../common/user-permissions';

/**
 * Every admin route in one list: the guards, the sidebar, the command palette and the tests all
 * read it. `permissions` accepts names of both naming sets (the sidebar's and the route guards');
 * holding any one of them opens the route and shows its link.
 */
export type IconName =
  | 'LayoutDashboard'
  | 'UserPlus'
  | 'Users'
  | 'GraduationCap'
  | 'UserCheck'
  | 'FilePlus'
  | 'ClipboardList'
  | 'IdCard'
  | 'PenLine'
  | 'FileText'
  | 'LayoutTemplate'
  | 'Building'
  | 'Building2'
  | 'Receipt'
  | 'ReceiptText'
  | 'CreditCard'
  | 'BookOpen'
  | 'BookPlus'
  | 'Tags'
  | 'Files'
  | 'Award'
  | 'BadgeCheck'
  | 'Wallet'
  | 'PlusCircle'
  | 'ArrowLeftRight'
  | 'IndianRupee'
  | 'UserCog'
  | 'ShieldCheck'
  | 'KeyRound'
  | 'Settings'
  | 'PanelTop'
  | 'PanelBottom'
  | 'LayoutPanelTop'
  | 'Palette'
  | 'Images'
  | 'Medal'
  | 'Megaphone'
  | 'Download'
  | 'Flag'
  | 'Upload'
  | 'Clock';

export type RouteGroup =
  | 'Student Management'
  | 'Exams & Results'
  | 'Branch Management'
  | 'Invoice Management'
  | 'Course Management'
  | 'Certificates & ID Cards'
  | 'Wallet Management'
  | 'User Management'
  | 'Settings'
  | 'Custom Forms';

export interface AdminRoute {
  /** Full path; `:id` marks a parameter. */
  path: string;
  title: string;
  /**
   * The area it belongs to: its sidebar group, and its heading in the command palette. Absent for
   * the standalone Dashboard link.
   */
  group?: RouteGroup;
  icon: IconName;
  /** Any one of these opens the route; an empty list means every signed-in admin may. */
  permissions: readonly string[];
  /** Shown in the sidebar (in registry order within its group). */
  sidebar: boolean;
  keywords: readonly string[];
  /** A key sequence shown in the palette and the shortcuts dialog, e.g. 'g s'. */
  shortcut?: string;
}

const SETTINGS_EDITORS = [
  'SETTINGS_HEADER',
  'SETTINGS_FOOTER',
  'SETTINGS_BODY',
  'SETTINGS_THEME',
  'SETTINGS_GALLERY',
  'SETTINGS_CERTIFICATIONS',
  'SETTINGS_NOTICE_BOARD',
] as const;
// SPEC.md 2.2 states no rule for the certificate screens beyond the overview's: any of them opens each.
const CERTIFICATE_ANY = [
  'CERTIFICATE_TEMPLATE_MANAGE',
  'IDCARD_TEMPLATE_MANAGE',
  'CERTIFICATE_GENERATE',
  'CERTIFICATE_FORMATS',
  'IDCARD_FORMATS',
  'CERTIFICATE_GENERATED',
] as const;
const STUDENT_LISTS = ['STUDENT_VIEW_ALL', 'STUDENT_VIEW_BRANCH'] as const;
const COURSE_VIEW = ['COURSE_VIEW_ALL', 'COURSE_VIEW_BRANCH', 'COURSE_LIST'] as const;
const INVOICE_VIEW = ['INVOICE_VIEW_ALL', 'INVOICE_VIEW_BRANCH'] as const;
/**
 * The records of the super admin's custom forms are kept by whoever may edit the site's settings,
 * as the API decides (api/http/form-access.ts); docs/decisions/012-custom-form-screens.md.
 */
export const CUSTOM_FORM_PERMISSIONS = ['SETTINGS_EDIT'] as const;

export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/admin',
    title: 'Dashboard',
    icon: 'LayoutDashboard',
    permissions: ['DASHBOARD_VIEW'],
    sidebar: true,
    keywords: ['home', 'overview'],
    shortcut: 'g d',
  },
  {
    path: '/admin/jobs',
    title: 'Jobs',
    icon: 'Clock',
    permissions: jobStarters,
    sidebar: true,
    keywords: ['background', 'progress', 'cancel', 'queue'],
  },

  {
    path: '/admin/students/add',
    title: 'Add Student',
    group: 'Student Management',
    icon: 'UserPlus',
    permissions: ['STUDENT_ADD'],
    sidebar: true,
    keywords: ['admission', 'new student', 'enrol'],
    shortcut: 'g a',
  },
  {
    path: '/admin/imports',
    title: 'Import',
    group: 'Student Management',
    icon: 'Upload',
    permissions: importers,
    sidebar: true,
    keywords: ['import', 'upload', 'csv', 'excel', 'spreadsheet', 'bulk', 'template'],
  },
  {
    path: '/admin/imports/:id',
    title: 'Import',
    group: 'Student Management',
    icon: 'Upload',
    permissions: importers,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/students/registered',
    title: 'Registered Students',
    group: 'Student Management',
    icon: 'Users',
    permissions: [...STUDENT_LISTS, 'STUDENT_VIEW_REGISTERED'],
    sidebar: true,
    keywords: ['students', 'list'],
    shortcut: 'g s',
  },
  {
    path: '/admin/students/passout',
    title: 'Pass-out Students',
    group: 'Student Management',
    icon: 'GraduationCap',
    permissions: [...STUDENT_LISTS, 'STUDENT_VIEW_PASSOUT'],
    sidebar: true,
    keywords: ['completed', 'alumni'],
  },
  {
    path: '/admin/new-students',
    title: 'New Students',
    group: 'Student Management',
    icon: 'UserCheck',
    permissions: [...STUDENT_LISTS, 'STUDENT_VIEW_NEW'],
    sidebar: true,
    keywords: ['recent', 'unregistered'],
  },
  {
    path: '/admin/students/admissions',
    title: 'Admission Register',
    group: 'Student Management',
    icon: 'ClipboardList',
    permissions: STUDENT_LISTS,
    sidebar: true,
    keywords: ['admissions', 'all students', 'enrolments'],
  },

  {
    path: '/admin/exam/create',
    title: 'Create Exam',
    group: 'Exams & Results',
    icon: 'FilePlus',
    permissions: ['EXAM_CREATE'],
    sidebar: true,
    keywords: ['exam', 'new exam'],
  },
  {
    path: '/admin/exam/list',
    title: 'Exam List',
    group: 'Exams & Results',
    icon: 'ClipboardList',
    permissions: ['EXAM_VIEW_ALL', 'EXAM_VIEW_BRANCH', 'EXAM_LIST'],
    sidebar: true,
    keywords: ['exams'],
  },
  {
    path: '/admin/exam/admit-card',
    title: 'Admit Cards',
    group: 'Exams & Results',
    icon: 'IdCard',
    permissions: ['ADMIT_CARD_GENERATE', 'EXAM_ADMIT_CARD'],
    sidebar: true,
    keywords: ['hall ticket'],
  },
  {
    path: '/admin/exam/admit-card/:examId',
    title: 'Exam Admit Cards',
    group: 'Exams & Results',
    icon: 'IdCard',
    permissions: ['ADMIT_CARD_GENERATE', 'EXAM_ADMIT_CARD'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/admit-card/:examId/pdf',
    title: 'Admit Cards PDF',
    group: 'Exams & Results',
    icon: 'IdCard',
    permissions: ['ADMIT_CARD_GENERATE', 'EXAM_ADMIT_CARD'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/result-entry',
    title: 'Result Entry',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: true,
    keywords: ['marks', 'results'],
  },
  {
    path: '/admin/exam/result-entry/:examId',
    title: 'Exam Results',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/result-entry/:examId/students',
    title: 'Exam Students',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/result-entry/:examId/revise/:studentId',
    title: 'Revise Result',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/result-entry/:examId/history',
    title: 'Results History',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/result-entry/:examId/import',
    title: 'Import Marks',
    group: 'Exams & Results',
    icon: 'PenLine',
    permissions: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/student-marksheet',
    title: 'Student Marksheet',
    group: 'Exams & Results',
    icon: 'FileText',
    permissions: ['MARKSHEET_GENERATE', 'EXAM_STUDENT_MARKSHEET'],
    sidebar: true,
    keywords: ['marksheet', 'report card'],
  },
  {
    path: '/admin/exam/student-marksheet/:examId',
    title: 'Exam Marksheets',
    group: 'Exams & Results',
    icon: 'FileText',
    permissions: ['MARKSHEET_GENERATE', 'EXAM_STUDENT_MARKSHEET'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/student-marksheet/:examId/pdf',
    title: 'Marksheet PDF',
    group: 'Exams & Results',
    icon: 'FileText',
    permissions: ['MARKSHEET_GENERATE', 'EXAM_STUDENT_MARKSHEET'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/templates',
    title: 'Marksheet Templates',
    group: 'Exams & Results',
    icon: 'LayoutTemplate',
    permissions: ['MARKSHEET_TEMPLATE_MANAGE', 'EXAM_TEMPLATE_MANAGEMENT'],
    sidebar: true,
    keywords: ['template'],
  },
  {
    path: '/admin/exam/templates/new',
    title: 'New Marksheet Template',
    group: 'Exams & Results',
    icon: 'LayoutTemplate',
    permissions: ['MARKSHEET_TEMPLATE_MANAGE', 'EXAM_TEMPLATE_MANAGEMENT'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/templates/:id',
    title: 'Marksheet Template',
    group: 'Exams & Results',
    icon: 'LayoutTemplate',
    permissions: ['MARKSHEET_TEMPLATE_MANAGE', 'EXAM_TEMPLATE_MANAGEMENT'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/exam/templates/:id/preview',
    title: 'Marksheet Template Preview',
    group: 'Exams & Results',
    icon: 'LayoutTemplate',
    permissions: ['MARKSHEET_TEMPLATE_MANAGE', 'EXAM_TEMPLATE_MANAGEMENT'],
    sidebar: false,
    keywords: [],
  },

  {
    path: '/admin/branches/add',
    title: 'Add Branch',
    group: 'Branch Management',
    icon: 'Building',
    permissions: ['BRANCH_ADD'],
    sidebar: true,
    keywords: ['new branch', 'centre', 'center'],
  },
  {
    path: '/admin/branches',
    title: 'Branches',
    group: 'Branch Management',
    icon: 'Building2',
    permissions: ['BRANCH_VIEW_ALL', 'BRANCH_LIST'],
    sidebar: true,
    keywords: ['centres', 'centers'],
    shortcut: 'g b',
  },

  {
    path: '/admin/invoices',
    title: 'Invoices',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: [...INVOICE_VIEW],
    sidebar: true,
    keywords: ['bills'],
    shortcut: 'g i',
  },
  {
    path: '/admin/invoices/student/create',
    title: 'Create Student Invoice',
    group: 'Invoice Management',
    icon: 'ReceiptText',
    permissions: ['INVOICE_CREATE', 'INVOICE_CREATE_STUDENT'],
    sidebar: true,
    keywords: ['bill student', 'fees'],
  },
  {
    path: '/admin/invoices/branch/create',
    title: 'Create Branch Invoice',
    group: 'Invoice Management',
    icon: 'ReceiptText',
    permissions: ['INVOICE_CREATE', 'INVOICE_CREATE_BRANCH'],
    sidebar: true,
    keywords: ['bill branch'],
  },
  {
    path: '/admin/invoices/settings',
    title: 'Billing settings',
    group: 'Invoice Management',
    icon: 'Settings',
    permissions: ['INVOICE_CREATE', 'INVOICE_CREATE_BRANCH'],
    sidebar: false,
    keywords: ['gst', 'gstin', 'tax rates', 'billing profile'],
  },
  {
    path: '/admin/payments',
    title: 'Payment Records',
    group: 'Invoice Management',
    icon: 'CreditCard',
    permissions: ['PAYMENT_RECORDS_VIEW', 'INVOICE_PAYMENT_RECORDS'],
    sidebar: true,
    keywords: ['payments', 'receipts'],
  },
  {
    path: '/admin/invoices/:id',
    title: 'Invoice',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: [...INVOICE_VIEW],
    sidebar: false,
    keywords: [],
  },
  {
    // Either kind's billers open it; the screen then holds the draft to its own kind's permission.
    path: '/admin/invoices/:id/edit',
    title: 'Edit draft invoice',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: ['INVOICE_CREATE', 'INVOICE_CREATE_STUDENT', 'INVOICE_CREATE_BRANCH'],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/invoices/:id/pdf',
    title: 'Invoice PDF',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: [...INVOICE_VIEW],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/invoices/:id/credit-note',
    title: 'Credit Note PDF',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: [...INVOICE_VIEW],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/invoices/:id/receipts/:paymentId',
    title: 'Receipt PDF',
    group: 'Invoice Management',
    icon: 'Receipt',
    permissions: [...INVOICE_VIEW, 'PAYMENT_RECORDS_VIEW', 'INVOICE_PAYMENT_RECORDS'],
    sidebar: false,
    keywords: [],
  },

  {
    path: '/admin/courses/add',
    title: 'Add Course',
    group: 'Course Management',
    icon: 'BookPlus',
    permissions: ['COURSE_ADD'],
    sidebar: true,
    keywords: ['new course'],
  },
  {
    path: '/admin/course/categories',
    title: 'Course Categories',
    group: 'Course Management',
    icon: 'Tags',
    permissions: ['COURSE_CATEGORY_MANAGE', 'COURSE_CATEGORIES'],
    sidebar: true,
    keywords: ['categories'],
  },
  {
    path: '/admin/courses',
    title: 'Courses',
    group: 'Course Management',
    icon: 'BookOpen',
    permissions: [...COURSE_VIEW],
    sidebar: true,
    keywords: ['programmes', 'programs'],
    shortcut: 'g c',
  },
  {
    path: '/admin/courses/:id',
    title: 'Course',
    group: 'Course Management',
    icon: 'BookOpen',
    permissions: [...COURSE_VIEW],
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/course/papers',
    title: 'Course Papers',
    group: 'Course Management',
    icon: 'Files',
    permissions: [...COURSE_VIEW],
    sidebar: false,
    keywords: ['papers', 'subjects'],
  },

  {
    path: '/admin/certificates',
    title: 'Certificates & ID Cards',
    group: 'Certificates & ID Cards',
    icon: 'Award',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: ['certificates'],
  },
  {
    path: '/admin/certificates/formats',
    title: 'Certificate Formats',
    group: 'Certificates & ID Cards',
    icon: 'Award',
    permissions: CERTIFICATE_ANY,
    sidebar: true,
    keywords: ['certificate template'],
  },
  {
    path: '/admin/certificates/idcard-formats',
    title: 'ID Card Formats',
    group: 'Certificates & ID Cards',
    icon: 'IdCard',
    permissions: CERTIFICATE_ANY,
    sidebar: true,
    keywords: ['id card template'],
  },
  {
    path: '/admin/certificates/formats/:id',
    title: 'Certificate Format',
    group: 'Certificates & ID Cards',
    icon: 'Award',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/certificates/formats/:id/preview',
    title: 'Certificate Format Preview',
    group: 'Certificates & ID Cards',
    icon: 'Award',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/certificates/idcard-formats/:id',
    title: 'ID Card Format',
    group: 'Certificates & ID Cards',
    icon: 'IdCard',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/certificates/idcard-formats/:id/preview',
    title: 'ID Card Format Preview',
    group: 'Certificates & ID Cards',
    icon: 'IdCard',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/certificates/generated',
    title: 'Generated Certificates',
    group: 'Certificates & ID Cards',
    icon: 'BadgeCheck',
    permissions: CERTIFICATE_ANY,
    sidebar: true,
    keywords: ['issued'],
  },
  {
    path: '/admin/certificates/generated/:id/pdf',
    title: 'Certificate PDF',
    group: 'Certificates & ID Cards',
    icon: 'BadgeCheck',
    permissions: CERTIFICATE_ANY,
    sidebar: false,
    keywords: [],
  },

  {
    path: '/admin/wallet/dashboard',
    title: 'Wallet Dashboard',
    group: 'Wallet Management',
    icon: 'Wallet',
    permissions: ['WALLET_DASHBOARD_VIEW', 'WALLET_DASHBOARD'],
    sidebar: true,
    keywords: ['balance', 'wallet'],
    shortcut: 'g w',
  },
  {
    path: '/admin/wallet/add-balance',
    title: 'Add Balance',
    group: 'Wallet Management',
    icon: 'PlusCircle',
    permissions: ['WALLET_ADD_BALANCE'],
    sidebar: true,
    keywords: ['top up', 'recharge', 'credit'],
  },
  {
    path: '/admin/wallet/transactions',
    title: 'Transactions',
    group: 'Wallet Management',
    icon: 'ArrowLeftRight',
    permissions: ['WALLET_TRANSACTIONS_VIEW', 'WALLET_VIEW_TRANSACTIONS'],
    sidebar: true,
    keywords: ['ledger', 'statement'],
  },
  {
    path: '/admin/wallet/operation-pricing',
    title: 'Operation Pricing',
    group: 'Wallet Management',
    icon: 'IndianRupee',
    permissions: ['OPERATION_PRICING_MANAGE', 'WALLET_OPERATION_PRICING'],
    sidebar: true,
    keywords: ['price', 'charges'],
  },

  {
    path: '/admin/users',
    title: 'All Users',
    group: 'User Management',
    icon: 'Users',
    permissions: userManagers,
    sidebar: false,
    keywords: ['users', 'staff'],
  },
  {
    path: '/admin/users/branch-management',
    title: 'Branch Users',
    group: 'User Management',
    icon: 'UserCog',
    permissions: branchUserManagers,
    sidebar: true,
    keywords: ['staff', 'branch staff'],
  },
  {
    path: '/admin/users/permission-management',
    title: 'Permission Management',
    group: 'User Management',
    icon: 'ShieldCheck',
    permissions: permissionManagers,
    sidebar: true,
    keywords: ['access', 'roles'],
  },
  {
    path: '/admin/users/access-changes',
    title: 'Access Changes',
    group: 'User Management',
    icon: 'ClipboardList',
    permissions: accessChangeReaders,
    sidebar: true,
    keywords: ['audit', 'history', 'log', 'permissions granted', 'role changes'],
  },

  {
    path: '/admin/settings',
    title: 'Settings',
    group: 'Settings',
    icon: 'Settings',
    permissions: SETTINGS_EDITORS,
    sidebar: true,
    keywords: ['site', 'website'],
  },
  {
    path: '/admin/settings/header',
    title: 'Header',
    group: 'Settings',
    icon: 'PanelTop',
    permissions: ['SETTINGS_HEADER'],
    sidebar: true,
    keywords: ['site header', 'logo'],
  },
  {
    path: '/admin/settings/body',
    title: 'Body',
    group: 'Settings',
    icon: 'LayoutPanelTop',
    permissions: ['SETTINGS_BODY'],
    sidebar: true,
    keywords: ['home page'],
  },
  {
    path: '/admin/settings/gallery',
    title: 'Gallery',
    group: 'Settings',
    icon: 'Images',
    permissions: ['SETTINGS_GALLERY'],
    sidebar: true,
    keywords: ['photos'],
  },
  {
    path: '/admin/settings/certifications',
    title: 'Certifications',
    group: 'Settings',
    icon: 'Medal',
    permissions: ['SETTINGS_CERTIFICATIONS'],
    sidebar: true,
    keywords: ['affiliations'],
  },
  {
    path: '/admin/settings/footer',
    title: 'Footer',
    group: 'Settings',
    icon: 'PanelBottom',
    permissions: ['SETTINGS_FOOTER'],
    sidebar: true,
    keywords: ['site footer'],
  },
  {
    path: '/admin/settings/theme',
    title: 'Theme',
    group: 'Settings',
    icon: 'Palette',
    permissions: ['SETTINGS_THEME'],
    sidebar: true,
    keywords: ['colours', 'colors'],
  },
  {
    path: '/admin/settings/notice-board',
    title: 'Notice Board',
    group: 'Settings',
    icon: 'Megaphone',
    permissions: ['SETTINGS_NOTICE_BOARD'],
    sidebar: false,
    keywords: ['notices', 'announcements'],
  },
  {
    path: '/admin/settings/downloads',
    title: 'Downloads',
    group: 'Settings',
    icon: 'Download',
    permissions: ['SETTINGS_GALLERY'],
    sidebar: false,
    keywords: ['files'],
  },
  {
    path: '/admin/settings/banners',
    title: 'Banners',
    group: 'Settings',
    icon: 'Flag',
    permissions: ['SETTINGS_NOTICE_BOARD'],
    sidebar: false,
    keywords: ['slides'],
  },

  // Every signed-in admin's own account; reached from the user menu and the palette.
  {
    path: '/admin/account/password',
    title: 'Change Password',
    icon: 'KeyRound',
    permissions: [],
    sidebar: false,
    keywords: ['password', 'account', 'security', 'sign in'],
  },

  // One pair per custom form: the sidebar and the palette list them from the API (customFormLinks).
  {
    path: '/admin/forms/:formType',
    title: 'Custom Form',
    group: 'Custom Forms',
    icon: 'FilePlus',
    permissions: CUSTOM_FORM_PERMISSIONS,
    sidebar: false,
    keywords: [],
  },
  {
    path: '/admin/forms/:formType/records',
    title: 'Custom Form Records',
    group: 'Custom Forms',
    icon: 'ClipboardList',
    permissions: CUSTOM_FORM_PERMISSIONS,
    sidebar: false,
    keywords: [],
  },
];

export const sidebarGroups: readonly RouteGroup[] = [
  'Student Management',
  'Exams & Results',
  'Branch Management',
  'Invoice Management',
  'Course Management',
  'Certificates & ID Cards',
  'Wallet Management',
  'User Management',
  'Settings',
];

/** Superadmin holds every permission; everyone else needs one of the route's names. */
export function canOpen(route: Pick<AdminRoute, 'permissions'>, user: { role: string; permissions: readonly string[] }) {
  if (user.role === 'superadmin' || route.permissions.length === 0) return true;
  return route.permissions.some((name) => user.permissions.includes(name));
}

function pattern(path: string) {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
}
const patterns = adminRoutes.map((route) => ({ route, re: pattern(route.path) }));

/** The registry entry for a URL path; the static entry wins over a parameterised one. */
export function findAdminRoute(pathname: string): AdminRoute | undefined {
  const matches = patterns.filter(({ re }) => re.test(pathname)).map(({ route }) => route);
  return matches.find((route) => !route.path.includes(':')) ?? matches[0];
}

/** The sidebar for one user: the standalone links, then the groups in order, empty groups hidden. */
export function sidebarFor(user: { role: string; permissions: readonly string[] }) {
  const visible = adminRoutes.filter((route) => route.sidebar && canOpen(route, user));
  return {
    standalone: visible.filter((route) => !route.group),
    groups: sidebarGroups
      .map((group) => ({ group, routes: visible.filter((route) => route.group === group) }))
      .filter(({ routes }) => routes.length > 0),
  };
}

/** Every route one user may open that has a fixed address (the palette's pages), in registry order. */
export function openableRoutes(user: { role: string; permissions: readonly string[] }) {
  return adminRoutes.filter((route) => !route.path.includes(':') && canOpen(route, user));
}

/** The dashboard when the user may open it, else the first page they may: where "home" links lead. */
export function homeRouteFor(user: { role: string; permissions: readonly string[] }): AdminRoute | undefined {
  // A page open to everyone (the own account) is nobody's home: without any other, there is none.
  return openableRoutes(user).find((route) => route.permissions.length > 0);
}

/** A custom form as the admin area lists it. */
export interface CustomFormLink {
  formType: string;
  label: string;
}

/** Whether the user may add and list the records of custom forms. */
export function canOpenCustomForms(user: { role: string; permissions: readonly string[] }): boolean {
  return canOpen({ permissions: CUSTOM_FORM_PERMISSIONS }, user);
}

/** The two pages of each custom form, for a user who may open them; none for anyone else. */
export function customFormLinks(user: { role: string; permissions: readonly string[] }, forms: readonly CustomFormLink[]) {
  if (!canOpenCustomForms(user)) return [];
  return forms.map(({ formType, label }) => {
    const base = `/admin/forms/${encodeURIComponent(formType)}`;
    return {
      formType,
      label,
      add: { path: base, title: `Add ${label}` },
      records: { path: `${base}/records`, title: `${label} Records` },
    };
  });
}
