import type { Clock } from '../domain/clock';
import type { CommandContext } from '../domain/command';
import { createCourseCategory } from '../domain/course-categories/commands';
import { addCoursePaper } from '../domain/course-papers/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { syncPermissions } from '../domain/permissions/sync';
import { createRecord, submitRecord, type Submitter } from '../domain/records';
import { createUser } from '../domain/users';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { createOperationPrice } from '../domain/wallet/operation-prices/create-operation-price';
import { ADMISSION_OPERATION } from '../../common/wallet';
import type { Db } from './client';
import { events } from './schema';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  branch?: string;
}

const branchStaffPermissions = {
  branch_admin: [
    'DASHBOARD_VIEW',
    'STUDENT_ADD',
    'STUDENT_VIEW_BRANCH',
    'STUDENT_VIEW_REGISTERED',
    'STUDENT_VIEW_PASSOUT',
    'STUDENT_VIEW_NEW',
    'STUDENT_EDIT',
    'COURSE_VIEW_ALL',
    'COURSE_LIST',
    'EXAM_VIEW_BRANCH',
    'EXAM_LIST',
    'INVOICE_VIEW_BRANCH',
    'WALLET_VIEW',
    'WALLET_DASHBOARD_VIEW',
    'WALLET_DASHBOARD',
    'WALLET_TRANSACTIONS_VIEW',
    'WALLET_VIEW_TRANSACTIONS',
    'BRANCH_USER_VIEW',
    'USERS_BRANCH_MANAGEMENT',
  ],
  branch_user: ['DASHBOARD_VIEW', 'STUDENT_ADD', 'STUDENT_VIEW_BRANCH', 'STUDENT_VIEW_REGISTERED', 'STUDENT_VIEW_NEW'],
};

export const demoLogins: DemoLogin[] = [
  { role: 'superadmin', email: 'superadmin@institute.demo', password: 'Super@123' },
  { role: 'admin', email: 'admin@institute.demo', password: 'Admin@123' },
  { role: 'branch_admin', email: 'north.admin@institute.demo', password: 'North@123', branch: 'North Campus' },
  { role: 'branch_user', email: 'north.staff@institute.demo', password: 'Staff@123', branch: 'North Campus' },
  { role: 'branch_admin', email: 'south.admin@institute.demo', password: 'South@123', branch: 'South Campus' },
  { role: 'branch_user', email: 'south.staff@institute.demo', password: 'Staff@123', branch: 'South Campus' },
];

const branches = [
  { name: 'North Campus', code: 'NC01', state: 'Delhi', district: 'North Delhi', director: 'Anita Sharma', phone: '9810000001' },
  { name: 'South Campus', code: 'SC01', state: 'Tamil Nadu', district: 'Chennai', director: 'R. Venkatesh', phone: '9840000002' },
];

const categories = ['Computer Applications', 'Accounting', 'Languages'];

const courses = [
  {
    name: 'Diploma in Computer Applications',
    code: 'DCA',
    category: 0,
    months: 12,
    fees: 18000,
    subjects: 'Computer Fundamentals, MS Office, Internet, Tally',
  },
  {
    name: 'Advanced Diploma in Computer Applications',
    code: 'ADCA',
    category: 0,
    months: 18,
    fees: 26000,
    subjects: 'Programming in C, Web Design, DBMS, Networking',
  },
  { name: 'Tally with GST', code: 'TGST', category: 1, months: 6, fees: 9500, subjects: 'Accounting Basics, Tally Prime, GST Returns' },
  { name: 'Spoken English', code: 'SPE', category: 2, months: 3, fees: 4500, subjects: 'Grammar, Conversation, Presentation' },
];

/**
 * A demo course's papers, one per subject of its description, coded after the course: theory
 * papers of 100 marks (40 to pass), the last a practical of 50 (20 to pass).
 */
async function seedPapers(ctx: CommandContext, courseId: string, course: (typeof courses)[number]) {
  const subjects = course.subjects.split(',').map((subject) => subject.trim());
  for (const [index, name] of subjects.entries()) {
    const practical = index === subjects.length - 1;
    await addCoursePaper(
      ctx,
      { role: 'admin', branchId: null },
      {
        courseId,
        code: `${course.code}-${String(index + 1).padStart(2, '0')}`,
        name,
        kind: practical ? 'practical' : 'theory',
        questionPaperMarks: practical ? 50 : 100,
        passingMarks: practical ? 20 : 40,
        questionPaper: null,
      },
    );
  }
}

const firstNames = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Arjun', 'Meera', 'Kabir', 'Riya'];
const lastNames = ['Kumar', 'Iyer', 'Singh', 'Patel', 'Nair', 'Gupta', 'Reddy', 'Das'];

/** What an empty database is seeded with: the demo institute, or an institute with its two administrators only. */
export type SeedKind = 'demo' | 'empty';

/** The logins of an empty institute: the super admin and the institute admin. */
export const institutionLogins = demoLogins.filter((login) => !login.branch);

/** A demo login's account, through the same command as adding a user. */
function createLogin(ctx: CommandContext, login: DemoLogin, branchId: string | null) {
  return createUser(ctx, {
    name: login.branch
      ? `${login.branch} ${login.role === 'branch_admin' ? 'Admin' : 'Staff'}`
      : login.role === 'superadmin'
        ? 'Super Admin'
        : 'Institute Admin',
    email: login.email,
    password: login.password,
    role: login.role,
    branchId,
    permissionNames:
      login.role === 'admin' ? allPermissionNames : (branchStaffPermissions[login.role as keyof typeof branchStaffPermissions] ?? []),
  });
}

/** An institute with nothing in it yet but its permission catalogue, its forms and its two administrators. */
async function seedEmptyInstitute(db: Db, clock: Clock): Promise<DemoLogin[]> {
  await db.transaction(async (tx) => {
    const ctx = { tx, meta: { occurredAt: clock.now(), actorId: null, requestId: 'seed' } };
    await syncPermissions(ctx);
    await ensureDefaultFormConfigs(ctx);
    for (const login of institutionLogins) await createLogin(ctx, login, null);
  });
  return institutionLogins;
}

/** True when the log is empty: a fresh database. */
export async function isEmpty(db: Db): Promise<boolean> {
  const first = await db.select({ position: events.position }).from(events).limit(1);
  return first.length === 0;
}

/**
 * Fills an empty database with a small demo institute, through the same commands the API uses:
 * students are admitted by their branch's staff, each admission charged to the branch's wallet.
 */
export async function seedDemoInstitute(db: Db, clock: Clock): Promise<DemoLogin[]> {
  await db.transaction(async (tx) => {
    const ctx = { tx, meta: { occurredAt: clock.now(), actorId: null, requestId: 'seed' } };
    await syncPermissions(ctx);
    await ensureDefaultFormConfigs(ctx);

    const categoryIds: string[] = [];
    for (const name of categories) categoryIds.push(await createCourseCategory(ctx, name));

    const courseIds: string[] = [];
    for (const course of courses) {
      const { id } = await createRecord(ctx, {
        formType: 'course',
        branchId: null,
        fields: {
          courseName: course.name,
          courseCode: course.code,
          description: course.subjects,
          duration: course.months,
          fees: course.fees,
          category: categoryIds[course.category],
          isActive: true,
        },
      });
      courseIds.push(id);
      await seedPapers(ctx, id, course);
    }

    const branchIds = new Map<string, string>();
    for (const branch of branches) {
      const { id } = await createRecord(ctx, {
        formType: 'branch',
        branchId: null,
        fields: {
          addBranch: branch.name,
          branchCode: branch.code,
          courseName: courses[0]!.name,
          phoneNumber: branch.phone,
          directorName: branch.director,
          state: branch.state,
          district: branch.district,
          isActive: true,
          walletEnabled: true,
        },
      });
      branchIds.set(branch.name, id);
    }

    await createOperationPrice(ctx, {
      operationKey: ADMISSION_OPERATION.key,
      operationName: ADMISSION_OPERATION.name,
      price: 5000,
      description: 'Charged to the branch wallet for each student admitted',
    });
    for (const branchId of branchIds.values()) {
      await creditWallet(ctx, { branchId, amount: 500000, note: 'Opening balance', reference: 'seed' });
    }

    // Who admits each branch's students: its staff, through the same command as the admission form.
    const admittedBy = new Map<string, Submitter>();
    for (const login of demoLogins) {
      const branchId = login.branch ? branchIds.get(login.branch)! : null;
      const userId = await createLogin(ctx, login, branchId);
      if (branchId && login.role === 'branch_user') admittedBy.set(branchId, { id: userId, role: login.role, branchId });
    }

    let n = 0;
    for (const [branchName, branchId] of branchIds) {
      for (let i = 0; i < 12; i++, n++) {
        const first = firstNames[n % firstNames.length]!;
        const last = lastNames[(n * 3) % lastNames.length]!;
        // Charged to the branch's wallet like any admission, so its ledger agrees with its students.
        const staff = admittedBy.get(branchId)!;
        await submitRecord({ tx, meta: { ...ctx.meta, actorId: staff.id } }, staff, {
          formType: 'student',
          values: {
            studentName: `${first} ${last}`,
            selectedCourse: courseIds[n % courses.length],
            studentEmail: `${first}.${last}${n}@students.demo`.toLowerCase(),
            phoneNumber: `98${String(10000000 + n * 7919).slice(0, 8)}`,
            fatherName: `${lastNames[(n + 2) % lastNames.length]} ${last}`,
            state: branchName === 'North Campus' ? 'Delhi' : 'Tamil Nadu',
            city: branchName === 'North Campus' ? 'Delhi' : 'Chennai',
            admissionDate: `2026-${String((n % 10) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
            isActive: true,
            isRegistered: n % 3 !== 0,
            completedCourse: n % 5 === 0,
          },
        });
      }
    }
  });
  return demoLogins;
}

export async function seedIfEmpty(db: Db, clock: Clock, print: (line: string) => void, kind: SeedKind = 'demo'): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const logins = kind === 'demo' ? await seedDemoInstitute(db, clock) : await seedEmptyInstitute(db, clock);
  print(kind === 'demo' ? 'Seeded a demo institute. Demo logins:' : 'Seeded an empty institute. Logins:');
  for (const login of logins) {
    print(`  ${login.role.padEnd(13)} ${login.email.padEnd(30)} ${login.password}${login.branch ? `  (${login.branch})` : ''}`);
  }
  return true;
}
