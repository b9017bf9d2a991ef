import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
};

/** The append-only log every change goes through; read tables are projections of it. */
export const events = pgTable(
  'events',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
    streamType: text('stream_type').notNull(),
    streamId: text('stream_id').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    actorId: text('actor_id'),
    branchId: text('branch_id'),
    requestId: text('request_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('events_stream_version_key').on(t.streamId, t.version), index('events_stream_type_idx').on(t.streamType, t.position)],
);

/** First answer to a mutating request, replayed when a client retries with the same key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  actorId: text('actor_id'),
  requestHash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull(),
    branchId: text('branch_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_branch_idx').on(t.branchId)],
);

/** Projections a migration added over events already in the log: rebuilt once, then forgotten (rebuildPending). */
export const pendingRebuilds = pgTable('pending_rebuilds', {
  projection: text('projection').primaryKey(),
});

/**
 * The access changes' own copy of every user that ever was: what each change is compared with
 * (a permission set event names the whole set, not what it added), and the names of deleted
 * users and of the staff who made the changes.
 */
export const accessAuditUsers = pgTable('access_audit_users', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role').notNull(),
  status: text('status').notNull(),
  branchId: text('branch_id'),
  permissionIds: text('permission_ids').array().notNull(),
  deleted: boolean('deleted').notNull(),
});

/** Who changed whose role, permissions or status, from what to what, and when: one row per change. */
export const accessChanges = pgTable(
  'access_changes',
  {
    /** The event's position in the log: one event may change a role and a branch at once. */
    position: bigint('position', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    actorId: text('actor_id'),
    /** The user's branch after the change: what a branch's own managers may read. */
    branchId: text('branch_id'),
    kind: text('kind').notNull(),
    /** The role or status before and after; a new account has only an after, a deleted one only a before. */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    granted: text('granted').array().notNull(),
    removed: text('removed').array().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.position, t.kind] }),
    index('access_changes_user_idx').on(t.userId, t.position),
    index('access_changes_actor_idx').on(t.actorId, t.position),
    index('access_changes_branch_idx').on(t.branchId, t.position),
  ],
);

export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  level: text('level').notNull(),
  module: text('module').notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: text('user_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const courseCategories = pgTable(
  'course_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    /** The stream's version: the ETag a client sends back as If-Match. */
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('course_categories_name_key').on(sql`lower(${t.name})`)],
);

/**
 * The papers (subjects) of each course. The course is a record of form type course; no foreign
 * key, as projections never depend on one another's order (a rebuild fills each on its own).
 */
export const coursePapers = pgTable(
  'course_papers',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    questionPaperMarks: integer('question_paper_marks').notNull(),
    passingMarks: integer('passing_marks').notNull(),
    questionPaper: text('question_paper'),
    position: integer('position').notNull(),
    /** The stream's version: the ETag a client sends back as If-Match. */
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [
    // Settles two writers of one code in one course.
    uniqueIndex('course_papers_course_code_key').on(t.courseId, sql`lower(${t.code})`),
    index('course_papers_course_position_idx').on(t.courseId, t.position, t.id),
  ],
);

/**
 * The marks of exams, one row per student and subject with a mark or AB (a cleared cell has no
 * row). `version` is the version of the student's marks stream that last set the cell: a change
 * made on another version is answered as a conflict, not written.
 */
export const examMarks = pgTable(
  'exam_marks',
  {
    examId: text('exam_id').notNull(),
    studentId: text('student_id').notNull(),
    subject: text('subject').notNull(),
    branchId: text('branch_id').notNull(),
    /** Hundredths of a mark; null when the student was absent. */
    hundredths: integer('hundredths'),
    absent: boolean('absent').notNull(),
    version: integer('version').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId, t.subject] }), index('exam_marks_exam_branch_idx').on(t.examId, t.branchId)],
);

/** Each exam's sittings (one per branch) whose stream has events: published, or a draft whose students changed; a sitting with no row is a draft. */
export const examSittings = pgTable(
  'exam_sittings',
  {
    examId: text('exam_id').notNull(),
    branchId: text('branch_id').notNull(),
    state: text('state').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: text('published_by'),
    version: integer('version').notNull(),
    /** The marksheet template the results were published with, and which of its contents. */
    templateId: text('template_id'),
    templateRevision: integer('template_revision'),
  },
  (t) => [primaryKey({ columns: [t.examId, t.branchId] })],
);

/**
 * A sitting's students set apart from its course's: a student added who is not registered in the
 * course, or one of the course's students excused. The latest change of a student stands.
 */
export const examSittingChanges = pgTable(
  'exam_sitting_changes',
  {
    examId: text('exam_id').notNull(),
    studentId: text('student_id').notNull(),
    branchId: text('branch_id').notNull(),
    change: text('change').notNull(),
    reason: text('reason'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedBy: text('changed_by'),
  },
  (t) => [primaryKey({ columns: [t.examId, t.studentId] }), index('exam_sitting_changes_exam_idx').on(t.examId, t.change)],
);

/** Marksheet templates as last saved; the one default template prints the results published from then on. */
export const marksheetTemplates = pgTable(
  'marksheet_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    content: jsonb('content').notNull(),
    isDefault: boolean('is_default').notNull(),
    /** The number of its latest saved content, from 1. */
    revision: integer('revision').notNull(),
    /** The stream's version: the ETag a client sends back as If-Match. */
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('marksheet_templates_name_key').on(sql`lower(${t.name})`)],
);

/** Every content a template was saved with, so a marksheet is printed again as it was first made. */
export const marksheetTemplateRevisions = pgTable(
  'marksheet_template_revisions',
  {
    templateId: text('template_id').notNull(),
    revision: integer('revision').notNull(),
    content: jsonb('content').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: text('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.revision] })],
);

/** Certificate and ID card formats as last saved; names are unique within a kind, archived ones included. */
export const certificateFormats = pgTable(
  'certificate_formats',
  {
    id: text('id').primaryKey(),
    /** certificate or idcard: fixed when the format is made. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    content: jsonb('content').notNull(),
    archived: boolean('archived').notNull(),
    /** The number of its latest saved content, from 1. */
    revision: integer('revision').notNull(),
    /** The stream's version: the ETag a client sends back as If-Match. */
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('certificate_formats_name_key').on(t.kind, sql`lower(${t.name})`)],
);

/** Every content a format was saved with, so an issued document is made again from the revision it records. */
export const certificateFormatVersions = pgTable(
  'certificate_format_versions',
  {
    formatId: text('format_id').notNull(),
    revision: integer('revision').notNull(),
    content: jsonb('content').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: text('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.formatId, t.revision] })],
);

/**
 * The marksheets and admit cards issued, by verification code: the public verification page reads
 * it. A document replaced by a later one of its kind for the same student and exam is superseded.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    examId: text('exam_id').notNull(),
    studentId: text('student_id').notNull(),
    branchId: text('branch_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: text('issued_by'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The template a marksheet is printed with, and which of its contents; null: the built-in layout. */
    templateId: text('template_id'),
    templateRevision: integer('template_revision'),
  },
  (t) => [
    uniqueIndex('issued_documents_current_key')
      .on(t.kind, t.examId, t.studentId)
      .where(sql`${t.supersededAt} IS NULL`),
    index('issued_documents_sitting_idx').on(t.examId, t.branchId, t.kind),
    // A student's documents: the grade their certificate prints is their newest marksheet's.
    index('issued_documents_student_idx').on(t.studentId, t.kind),
  ],
);

/**
 * The invoices, credit notes and receipts issued, by verification code: the public verification
 * page reads it beside issued_documents. Whether one still stands (an invoice not cancelled, a
 * payment not reversed) is read from the invoice and its payments.
 */
export const issuedBills = pgTable(
  'issued_bills',
  {
    code: text('code').primaryKey(),
    /** invoice, credit-note or receipt. */
    kind: text('kind').notNull(),
    invoiceId: text('invoice_id').notNull(),
    /** The payment a receipt is for; null for an invoice or its credit note. */
    paymentId: text('payment_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('issued_bills_invoice_idx').on(t.invoiceId), uniqueIndex('issued_bills_payment_key').on(t.paymentId)],
);

/**
 * Records entered through the dynamic forms (students, courses, branches, exams, custom types).
 * The full field values live in `fields`; what lists filter and sort on is lifted into columns.
 */
export const records = pgTable(
  'records',
  {
    id: text('id').primaryKey(),
    formType: text('form_type').notNull(),
    branchId: text('branch_id'),
    title: text('title').notNull(),
    code: text('code'),
    courseId: text('course_id'),
    registrationNo: text('registration_no'),
    rollNo: text('roll_no'),
    isActive: boolean('is_active').notNull().default(false),
    isRegistered: boolean('is_registered').notNull().default(false),
    completedCourse: boolean('completed_course').notNull().default(false),
    walletEnabled: boolean('wallet_enabled').notNull().default(false),
    admissionDate: date('admission_date', { mode: 'string' }),
    fields: jsonb('fields').notNull(),
    searchText: text('search_text').notNull(),
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [
    index('records_type_created_idx').on(t.formType, t.createdAt, t.id),
    index('records_type_branch_created_idx').on(t.formType, t.branchId, t.createdAt, t.id),
    index('records_type_title_idx').on(t.formType, t.title, t.id),
    index('records_type_admission_idx').on(t.formType, t.admissionDate, t.id),
    index('records_type_course_idx').on(t.formType, t.courseId, t.createdAt, t.id),
    // The registered, pass-out and active lists: filter and default sort from one index.
    index('records_type_registered_created_idx').on(t.formType, t.isRegistered, t.createdAt, t.id),
    index('records_type_passout_created_idx').on(t.formType, t.completedCourse, t.createdAt, t.id),
    index('records_type_active_created_idx').on(t.formType, t.isActive, t.createdAt, t.id),
    // Search finds text anywhere in a record (ILIKE '%…%'): trigrams answer that from an index.
    index('records_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex('records_registration_no_key').on(t.registrationNo),
  ],
);

/**
 * The stored files each record holds, by upload key: the primary key lets one record, and only
 * one, hold a file, even when two records claim it at the same time.
 */
export const recordFiles = pgTable(
  'record_files',
  {
    key: text('key').primaryKey(),
    recordId: text('record_id').notNull(),
  },
  (t) => [index('record_files_record_idx').on(t.recordId)],
);

/** Per-branch, per-year counters behind registration and roll numbers; never decremented. */
export const numberSequences = pgTable(
  'number_sequences',
  {
    scope: text('scope').notNull(),
    year: integer('year').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.year] })],
);

/** Refresh tokens, stored hashed; a family is one sign-in and every rotation that followed it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: text('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Sign-in attempts, counted in the database so every process shares the rate limit. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_attempts_email_idx').on(t.email, t.at), index('sign_in_attempts_ip_idx').on(t.ip, t.at)],
);

/** Form configurations per form type (student, course, branch, examResult and custom types). */
export const formConfigs = pgTable('form_configs', {
  id: text('id').primaryKey(),
  formType: text('form_type').notNull().unique(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  isCustom: boolean('is_custom').notNull().default(false),
  fields: jsonb('fields').notNull(),
  version: integer('version').notNull(),
  ...timestamps,
});

/** Files confirmed after a direct upload to storage. */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    originalFileName: text('original_file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    formType: text('form_type').notNull(),
    uploadedBy: text('uploaded_by'),
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** An image whose rule makes web copies: its size turned upright, and the widths of its copies. */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    webCopies: integer('web_copies').array(),
  },
  (t) => [index('uploads_branch_idx').on(t.branchId, t.createdAt)],
);

/** A branch's balance, in paise: a projection of its ledger that can never go below zero. */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    branchId: text('branch_id').primaryKey(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('wallet_balances_non_negative', sql`${t.balance} >= 0`)],
);

/** Every movement of money: credits, charges, refunds and adjustments, amounts in paise. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: text('id').primaryKey(),
    branchId: text('branch_id').notNull(),
    kind: text('kind').notNull(),
    /** Signed: credits and refunds positive, charges negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    operationKey: text('operation_key'),
    operationName: text('operation_name'),
    referenceId: text('reference_id'),
    /** The charge a refund reverses. */
    refundOf: text('refund_of'),
    note: text('note').notNull().default(''),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('wallet_ledger_branch_created_idx').on(t.branchId, t.createdAt, t.id),
    index('wallet_ledger_created_idx').on(t.createdAt, t.id),
    uniqueIndex('wallet_ledger_charge_reference_key')
      .on(t.branchId, t.operationKey, t.referenceId)
      .where(sql`${t.kind} = 'charge'`),
    uniqueIndex('wallet_ledger_refund_of_key').on(t.refundOf),
  ],
);

/** The price of each chargeable operation (ADD_STUDENT is the one the product defines). */
export const operationPrices = pgTable('operation_prices', {
  id: text('id').primaryKey(),
  operationKey: text('operation_key').notNull().unique(),
  operationName: text('operation_name').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull(),
  description: text('description').notNull().default(''),
  ...timestamps,
});

/**
 * What the dashboard keeps of each student and exam: enough to move its counts when the record
 * changes or goes, without reading the records table (each projection reads only its own).
 */
export const dashboardRecords = pgTable(
  'dashboard_records',
  {
    recordId: text('record_id').primaryKey(),
    formType: text('form_type').notNull(),
    /** '' for a record of no branch. */
    branchId: text('branch_id').notNull(),
    title: text('title').notNull(),
    /** The counters a student adds one to, as "<month>|<measure>" ("|students:new", "2026-04|admissions"). */
    counts: jsonb('counts').notNull(),
    /** An exam's last subject date: upcoming until that day has passed. */
    lastDate: date('last_date', { mode: 'string' }),
  },
  // The upcoming exams figure reads exams by date, never the students beside them.
  (t) => [
    index('dashboard_records_exam_date_idx')
      .on(t.lastDate)
      .where(sql`${t.formType} = 'examResult'`),
  ],
);

/**
 * The dashboard's figures as counters, moved as events land: per branch ('' for none), month
 * (YYYY-MM in India; '' for counts of the present, such as students by status) and measure.
 */
export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    branchId: text('branch_id').notNull(),
    month: text('month').notNull(),
    measure: text('measure').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.month, t.measure] }), index('dashboard_counts_month_idx').on(t.month, t.measure)],
);

/** Who did what to which student, exam or wallet, newest last: the dashboard's recent activity. */
export const dashboardActivity = pgTable(
  'dashboard_activity',
  {
    position: bigint('position', { mode: 'number' }).primaryKey(),
    area: text('area').notNull(),
    action: text('action').notNull(),
    branchId: text('branch_id').notNull(),
    recordId: text('record_id'),
    title: text('title').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    actorId: text('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('dashboard_activity_area_idx').on(t.area, t.position), index('dashboard_activity_branch_idx').on(t.branchId, t.position)],
);

/**
 * Long work done outside a request (a whole sitting's marksheets, an import), on one queue every
 * process shares. Not a read table: a job's row is the work's own state, changed as it runs. A
 * runner owns a running job while its lease lasts; a job whose lease ran out was left by a process
 * that died, and the next runner to look takes it again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** What the job is about (a sitting): at most one unfinished job of a kind per subject. */
    subject: text('subject').notNull(),
    state: text('state').notNull(),
    done: integer('done').notNull(),
    total: integer('total').notNull(),
    attempts: integer('attempts').notNull(),
    /** Drawn at each claim: a runner whose lease was taken over can no longer write to the job. */
    leaseId: text('lease_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    /** Where the finished work is: the storage key of the file it made. */
    result: text('result'),
    error: text('error'),
    requestedBy: text('requested_by'),
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    uniqueIndex('jobs_unfinished_subject_key')
      .on(t.kind, t.subject)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    // The Jobs panel: a caller's own jobs, newest first; an institute administrator's, everyone's.
    index('jobs_requested_created_idx').on(t.requestedBy, t.createdAt),
    index('jobs_created_idx').on(t.createdAt),
  ],
);

/**
 * A file of rows to be imported as records of one form (students, courses, branches): where it
 * is kept, its headings and how many rows it has, read once when it arrives. The work state of
 * its dry runs and imports, which are jobs; the records they make are events.
 */
export const imports = pgTable(
  'imports',
  {
    id: text('id').primaryKey(),
    formType: text('form_type').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** The headings of the file's first row, in its order. */
    columns: jsonb('columns').notNull(),
    rowCount: integer('row_count').notNull(),
    /** The first rows as text, shown while the columns are mapped. */
    sample: jsonb('sample').notNull(),
    /** Each heading's field: suggested on arrival, then the one last run with. */
    mapping: jsonb('mapping').notNull(),
    requestedBy: text('requested_by'),
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('imports_requested_created_idx').on(t.requestedBy, t.createdAt)],
);

/** What a dry run or an import did with each row of its file, by the row's number in the file (headings are row 1). */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: text('job_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    /** created (or would be, in a dry run), skipped (already there) or failed. */
    outcome: text('outcome').notNull(),
    recordId: text('record_id'),
    messages: jsonb('messages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNumber] }), index('import_rows_job_outcome_idx').on(t.jobId, t.outcome, t.rowNumber)],
);

/**
 * The key of each imported row, by form: a row whose key is here made a record already, so
 * importing the file again makes nothing twice. Kept by the records' events; a deleted record
 * frees its key.
 */
export const recordImportKeys = pgTable(
  'record_import_keys',
  {
    formType: text('form_type').notNull(),
    key: text('key').notNull(),
    recordId: text('record_id').notNull(),
    jobId: text('job_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formType, t.key] }), index('record_import_keys_record_idx').on(t.recordId)],
);

/** An issued invoice with something still due: the dashboard's figure and the partial index under it say it alike. */
export const owing = (t: { stage: AnyPgColumn; paid: AnyPgColumn; total: AnyPgColumn }) =>
  sql`${t.stage} = 'issued' and ${t.paid} < ${t.total}`;

/**
 * Invoices as lists and documents read them: one row per invoice stream. Amounts in paise; the
 * issued lines, totals, party and seller as they were issued (jsonb), so a later edit of a
 * profile or rate never reaches them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** draft, issued or cancelled; paid, part-paid and overdue follow from the amounts and today. */
    stage: text('stage').notNull(),
    number: text('number'),
    title: text('title').notNull(),
    branchId: text('branch_id'),
    branchName: text('branch_name'),
    partyId: text('party_id').notNull(),
    partyName: text('party_name').notNull(),
    party: jsonb('party').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    supply: text('supply').notNull(),
    lines: jsonb('lines').notNull(),
    totals: jsonb('totals').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    notes: text('notes').notNull(),
    seller: jsonb('seller'),
    cancelledReason: text('cancelled_reason'),
    creditNoteNumber: text('credit_note_number'),
    /** Number and name billed, lower case: what the list's search looks in. */
    searchText: text('search_text').notNull(),
    version: integer('version').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_date_idx').on(t.date, t.id),
    // A list's count and sums read these narrow entries instead of every row's lines and party.
    index('invoices_date_totals_idx').on(t.date, t.stage, t.kind, t.branchId, t.partyId, t.dueDate, t.total, t.paid),
    // The dashboard's overdue figure: issued invoices with something due, by due date.
    index('invoices_owing_idx').on(t.dueDate, t.branchId, t.total, t.paid).where(owing(t)),
    index('invoices_branch_date_idx').on(t.branchId, t.date, t.id),
    index('invoices_party_idx').on(t.partyId, t.date),
    index('invoices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Payments against invoices, reversed ones kept and marked. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    partyId: text('party_id').notNull(),
    partyName: text('party_name').notNull(),
    branchId: text('branch_id'),
    branchName: text('branch_name'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    chequeNumber: text('cheque_number').notNull(),
    chequeBank: text('cheque_bank').notNull(),
    chequeDate: text('cheque_date').notNull(),
    notes: text('notes').notNull(),
    reversed: boolean('reversed').notNull(),
    reversedReason: text('reversed_reason'),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_payments_receipt_number_key').on(t.receiptNumber),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_date_idx').on(t.date, t.id),
    // The dashboard's money received per month.
    index('invoice_payments_received_idx')
      .on(t.date, t.branchId, t.amount)
      .where(sql`not ${t.reversed}`),
  ],
);

/**
 * The counters of invoice, credit note and receipt numbers, one per series ("NC|2026-27"): taken
 * in the issuing transaction, so a number is never given twice and a rolled-back issue leaves no gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** The institute's billing profile: one row once saved; the defaults until then. */
export const billingSettings = pgTable('billing_settings', {
  id: text('id').primaryKey(),
  settings: jsonb('settings').notNull(),
  version: integer('version').notNull(),
});

/** GST rates in basis points, each with the days it is in force. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: text('id').primaryKey(),
    rate: integer('rate').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }),
  },
  (t) => [index('tax_rates_from_idx').on(t.fromDate, t.rate)],
);

/**
 * Certificates and ID cards issued, each as it stands: the list, the overview and the public
 * verification page read it. At most one current (issued) document of a kind per student and
 * course: `issued_certificates_current_key` settles two issuers at once.
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    id: text('id').primaryKey(),
    /** certificate or idcard. */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    code: text('code').notNull(),
    studentId: text('student_id').notNull(),
    studentName: text('student_name').notNull(),
    registrationNo: text('registration_no'),
    courseId: text('course_id').notNull(),
    courseName: text('course_name').notNull(),
    branchId: text('branch_id'),
    branchName: text('branch_name'),
    formatId: text('format_id').notNull(),
    formatName: text('format_name').notNull(),
    formatRevision: integer('format_revision').notNull(),
    /** The fields' values as issued, and the photo's upload key: printed again as they were. */
    values: jsonb('values').notNull(),
    photo: text('photo'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: text('issued_by'),
    /** The bulk job that issued it, if one did. */
    jobId: text('job_id'),
    /** issued, revoked or superseded. */
    status: text('status').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    supersededById: text('superseded_by_id'),
    supersededByNumber: text('superseded_by_number'),
    supersedesId: text('supersedes_id'),
    supersedesNumber: text('supersedes_number'),
    searchText: text('search_text').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    uniqueIndex('issued_certificates_code_key').on(t.code),
    uniqueIndex('issued_certificates_number_key').on(t.number),
    uniqueIndex('issued_certificates_current_key')
      .on(t.kind, t.studentId, t.courseId)
      .where(sql`${t.status} = 'issued'`),
    index('issued_certificates_issued_idx').on(t.issuedAt, t.id),
    index('issued_certificates_branch_issued_idx').on(t.branchId, t.issuedAt, t.id),
    index('issued_certificates_course_idx').on(t.courseId, t.kind),
    index('issued_certificates_job_idx').on(t.jobId),
    index('issued_certificates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The counters of certificate and ID card numbers, one per kind and financial year ("certificate|2026-27"), taken as invoices take theirs. */
export const certificateCounters = pgTable('certificate_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** Each section of the public site as it stands: its draft, and what visitors see (decision 034). */
export const siteSections = pgTable('site_sections', {
  section: text('section').primaryKey(),
  draft: jsonb('draft').notNull(),
  draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
  draftSavedBy: text('draft_saved_by'),
  published: jsonb('published'),
  publishedNumber: integer('published_number'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: text('published_by'),
  version: integer('version').notNull(),
});

/** Every version of a section ever published, numbered from 1 per section, for ever. */
export const siteVersions = pgTable(
  'site_versions',
  {
    section: text('section').notNull(),
    number: integer('number').notNull(),
    content: jsonb('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by'),
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.section, t.number] })],
);
