/**
 * Every permission the product knows, in both of the naming sets in use: the names the sidebar
 * was built with and the names the route guards check. A route accepts either set.
 */
export interface PermissionDefinition {
  name: string;
  description: string;
  category: PermissionCategory;
  level: 'view' | 'branch' | 'create' | 'edit' | 'delete' | 'manage';
  module: string;
}

export type PermissionCategory =
  'dashboard' | 'student' | 'exam' | 'branch' | 'course' | 'invoice' | 'certificate' | 'settings' | 'users' | 'wallet';

type Entry = [name: string, description: string, level: PermissionDefinition['level']];

const groups: Record<PermissionCategory, Entry[]> = {
  dashboard: [['DASHBOARD_VIEW', 'View the dashboard', 'view']],
  student: [
    ['STUDENT_ADD', 'Add students', 'create'],
    ['STUDENT_VIEW_ALL', 'View students of every branch', 'view'],
    ['STUDENT_VIEW_BRANCH', 'View students of the own branch', 'branch'],
    ['STUDENT_EDIT', 'Edit students', 'edit'],
    ['STUDENT_DELETE', 'Delete students', 'delete'],
    ['STUDENT_VIEW_REGISTERED', 'View registered students', 'view'],
    ['STUDENT_VIEW_PASSOUT', 'View pass-out students', 'view'],
    ['STUDENT_VIEW_NEW', 'View new students', 'view'],
  ],
  exam: [
    ['EXAM_CREATE', 'Create exams', 'create'],
    ['EXAM_VIEW_ALL', 'View exams of every branch', 'view'],
    ['EXAM_VIEW_BRANCH', 'View exams of the own branch', 'branch'],
    ['EXAM_LIST', 'Open the exam list', 'view'],
    ['ADMIT_CARD_GENERATE', 'Generate admit cards', 'create'],
    ['EXAM_ADMIT_CARD', 'Open admit cards', 'view'],
    ['RESULT_MANAGE', 'Enter and manage results', 'manage'],
    ['EXAM_MARKS_ENTRY', 'Enter marks', 'edit'],
    ['MARKSHEET_GENERATE', 'Generate marksheets', 'create'],
    ['EXAM_STUDENT_MARKSHEET', 'Open student marksheets', 'view'],
    ['MARKSHEET_TEMPLATE_MANAGE', 'Manage marksheet templates', 'manage'],
    ['EXAM_TEMPLATE_MANAGEMENT', 'Open marksheet templates', 'manage'],
  ],
  branch: [
    ['BRANCH_ADD', 'Add branches', 'create'],
    ['BRANCH_VIEW_ALL', 'View every branch', 'view'],
    ['BRANCH_VIEW_BRANCH', 'View the own branch', 'branch'],
    ['BRANCH_LIST', 'Open the branch list', 'view'],
    ['BRANCH_EDIT', 'Edit branches', 'edit'],
    ['BRANCH_DELETE', 'Delete branches', 'delete'],
  ],
  course: [
    ['COURSE_ADD', 'Add courses', 'create'],
    ['COURSE_VIEW_ALL', 'View every course', 'view'],
    ['COURSE_VIEW_BRANCH', 'View courses of the own branch', 'branch'],
    ['COURSE_LIST', 'Open the course list', 'view'],
    ['COURSE_EDIT', 'Edit courses', 'edit'],
    ['COURSE_DELETE', 'Delete courses', 'delete'],
    ['COURSE_CATEGORY_MANAGE', 'Manage course categories', 'manage'],
    ['COURSE_CATEGORIES', 'Open course categories', 'manage'],
  ],
  invoice: [
    ['INVOICE_VIEW_ALL', 'View invoices of every branch', 'view'],
    ['INVOICE_VIEW_BRANCH', 'View invoices of the own branch', 'branch'],
    ['INVOICE_CREATE', 'Create invoices', 'create'],
    ['INVOICE_CREATE_STUDENT', 'Create student invoices', 'create'],
    ['INVOICE_CREATE_BRANCH', 'Create branch invoices', 'create'],
    ['PAYMENT_RECORDS_VIEW', 'View payment records', 'view'],
    ['INVOICE_PAYMENT_RECORDS', 'Open payment records', 'view'],
  ],
  certificate: [
    ['CERTIFICATE_TEMPLATE_MANAGE', 'Manage certificate templates', 'manage'],
    ['IDCARD_TEMPLATE_MANAGE', 'Manage ID card templates', 'manage'],
    ['CERTIFICATE_GENERATE', 'Generate certificates and ID cards', 'create'],
    ['CERTIFICATE_FORMATS', 'Open certificate formats', 'view'],
    ['IDCARD_FORMATS', 'Open ID card formats', 'view'],
    ['CERTIFICATE_GENERATED', 'Open generated certificates', 'view'],
  ],
  settings: [
    ['SETTINGS_VIEW', 'View site settings', 'view'],
    ['SETTINGS_EDIT', 'Edit site settings', 'edit'],
    ['SETTINGS_INSTITUTE', 'Edit institute details', 'edit'],
    ['SETTINGS_HEADER', 'Edit the header', 'edit'],
    ['SETTINGS_BODY', 'Edit the body', 'edit'],
    ['SETTINGS_FOOTER', 'Edit the footer', 'edit'],
    ['SETTINGS_THEME', 'Edit the theme', 'edit'],
    ['SETTINGS_GALLERY', 'Edit the gallery and downloads', 'edit'],
    ['SETTINGS_CERTIFICATIONS', 'Edit certifications', 'edit'],
    ['SETTINGS_NOTICE_BOARD', 'Edit the notice board and banners', 'edit'],
  ],
  users: [
    ['USER_VIEW', 'View users', 'view'],
    ['USER_ADD', 'Add users', 'create'],
    ['USER_EDIT', 'Edit users', 'edit'],
    ['USER_DELETE', 'Delete users', 'delete'],
    ['USER_MANAGE_ALL', 'Manage every user', 'manage'],
    ['USERS_MANAGE', 'Open user management', 'manage'],
    ['BRANCH_USER_VIEW', 'View branch users', 'branch'],
    ['USERS_BRANCH_MANAGEMENT', 'Open branch user management', 'branch'],
    ['PERMISSION_MANAGE', 'Manage permissions', 'manage'],
    ['USERS_PERMISSION_MANAGEMENT', 'Open permission management', 'manage'],
  ],
  wallet: [
    ['WALLET_VIEW_ALL', 'View the wallets of every branch', 'view'],
    ['WALLET_VIEW', 'View the wallet', 'view'],
    ['WALLET_DASHBOARD_VIEW', 'View the wallet dashboard', 'view'],
    ['WALLET_DASHBOARD', 'Open the wallet dashboard', 'view'],
    ['WALLET_ADD_BALANCE', 'Add balance to a wallet', 'create'],
    ['WALLET_TRANSACTIONS_VIEW', 'View wallet transactions', 'view'],
    ['WALLET_VIEW_TRANSACTIONS', 'Open wallet transactions', 'view'],
    ['OPERATION_PRICING_MANAGE', 'Manage operation pricing', 'manage'],
    ['WALLET_OPERATION_PRICING', 'Open operation pricing', 'manage'],
    ['WALLET_MANAGE_ALL', 'Manage every wallet', 'manage'],
    ['WALLET_MANAGE', 'Manage the wallet', 'manage'],
  ],
};

export const permissionCatalogue: PermissionDefinition[] = Object.entries(groups).flatMap(([category, entries]) =>
  entries.map(([name, description, level]) => ({
    name,
    description,
    level,
    category: category as PermissionCategory,
    module: category,
  })),
);

export const allPermissionNames = permissionCatalogue.map((p) => p.name);

/** The names of one category's permissions, for an endpoint open to whoever holds any of them. */
export function permissionNamesIn(category: PermissionCategory): string[] {
  return groups[category].map(([name]) => name);
}
