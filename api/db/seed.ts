import { isNull, notLike, or } from 'drizzle-orm';
import type { Actor } from '../domain/auth/actor';
import type { Clock } from '../domain/clock';
import type { CommandContext } from '../domain/command';
import { createCertificateFormat } from '../domain/certificate-formats/commands';
import { createCourseCategory } from '../domain/course-categories/commands';
import { addCoursePaper } from '../domain/course-papers/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { createMarksheetTemplate } from '../domain/marksheet-templates/commands';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { syncPermissions } from '../domain/permissions/sync';
import { createRecord, submitRecord, type Submitter } from '../domain/records';
import { createUser } from '../domain/users';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { createOperationPrice } from '../domain/wallet/operation-prices/create-operation-price';
import { starterLayout } from '../../common/certificate-starters';
import type { CertificateFormatContent } from '../../common/contracts/certificate-formats';
import { blankTemplate, type MarksheetTemplateContent } from '../../common/contracts/marksheet-templates';
import { indianDay, INDIA_UTC_OFFSET } from '../../common/india-time';
import { ADMISSION_OPERATION } from '../../common/wallet';
import type { Db } from './client';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES, firstNames, lastNames } from './names';
import { events } from './schema';
import { enterDemoMarks, issueDemoAdmitCards, publishDemoResults } from './seed-exams';
import { saveDemoBilling, settleDemoFee } from './seed-invoices';
import { publishDemoSite } from './seed-site';

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

/** The demo branches, each with how many students it admitted over the year. */
const branches = [
  {
    name: 'North Campus',
    code: 'NC01',
    state: 'Delhi',
    district: 'North Delhi',
    city: 'Delhi',
    director: 'Anita Sharma',
    phone: '9810000001',
    students: 100,
  },
  {
    name: 'South Campus',
    code: 'SC01',
    state: 'Tamil Nadu',
    district: 'Chennai',
    city: 'Chennai',
    director: 'R. Venkatesh',
    phone: '9840000002',
    students: 90,
  },
  {
    name: 'East Campus',
    code: 'EC01',
    state: 'West Bengal',
    district: 'Kolkata',
    city: 'Kolkata',
    director: 'Subrata Banerjee',
    phone: '9830000003',
    students: 70,
  },
  {
    name: 'West Campus',
    code: 'WC01',
    state: 'Maharashtra',
    district: 'Pune',
    city: 'Pune',
    director: 'Priya Deshpande',
    phone: '9820000004',
    students: 60,
  },
];

/** The institute's marksheet: the built-in layout and grading scale under the institute's own name. */
/** A certificate and an ID card the institute issues from, as a new format starts. */
const demoFormats: CertificateFormatContent[] = [
  { name: 'Course completion', layout: starterLayout('certificate', 'A4', 'landscape') },
  { name: 'Student ID card', layout: starterLayout('idcard', 'CR80', 'portrait') },
];

const marksheetTemplate: MarksheetTemplateContent = {
  ...blankTemplate,
  name: 'Institute marksheet',
  instituteName: 'Demo Institute of Computer Education',
  address: '14 Institutional Area, Lodhi Road, New Delhi 110003',
  footer: 'Errors and omissions excepted. Anyone may check this statement online with the code printed on it.',
};

const categories = ['Computer Applications', 'Accounting', 'Languages', 'Programming', 'Design'];

/** The demo courses; `popularity` weighs how many students choose each. */
const courses = [
  {
    name: 'Diploma in Computer Applications',
    code: 'DCA',
    category: 0,
    months: 12,
    fees: 18000,
    popularity: 6,
    subjects: 'Computer Fundamentals, MS Office, Internet, Tally',
  },
  {
    name: 'Advanced Diploma in Computer Applications',
    code: 'ADCA',
    category: 0,
    months: 18,
    fees: 26000,
    popularity: 4,
    subjects: 'Programming in C, Web Design, DBMS, Networking',
  },
  {
    name: 'Tally with GST',
    code: 'TGST',
    category: 1,
    months: 6,
    fees: 9500,
    popularity: 5,
    subjects: 'Accounting Basics, Tally Prime, GST Returns',
  },
  {
    name: 'Spoken English',
    code: 'SPE',
    category: 2,
    months: 3,
    fees: 4500,
    popularity: 4,
    subjects: 'Grammar, Conversation, Presentation',
  },
  {
    name: 'Certificate in Computer Basics',
    code: 'CCB',
    category: 0,
    months: 3,
    fees: 3500,
    popularity: 4,
    subjects: 'Computer Fundamentals, Windows, Internet and Email',
  },
  {
    name: 'Financial Accounting',
    code: 'FA',
    category: 1,
    months: 6,
    fees: 8000,
    popularity: 2,
    subjects: 'Accounting Principles, Tally Prime, Payroll, Income Tax',
  },
  {
    name: 'Business English',
    code: 'BE',
    category: 2,
    months: 4,
    fees: 6000,
    popularity: 2,
    subjects: 'Business Writing, Email Etiquette, Interview Skills',
  },
  {
    name: 'Hindi and English Typing',
    code: 'HET',
    category: 2,
    months: 6,
    fees: 5500,
    popularity: 2,
    subjects: 'Hindi Typing, English Typing, Shorthand',
  },
  {
    name: 'Python Programming',
    code: 'PY',
    category: 3,
    months: 6,
    fees: 12000,
    popularity: 3,
    subjects: 'Python Basics, Data Structures, File Handling, Project',
  },
  {
    name: 'Full Stack Web Development',
    code: 'FSWD',
    category: 3,
    months: 12,
    fees: 30000,
    popularity: 2,
    subjects: 'HTML and CSS, JavaScript, React, Node.js, Databases',
  },
  {
    name: 'Graphic Design',
    code: 'GD',
    category: 4,
    months: 6,
    fees: 14000,
    popularity: 2,
    subjects: 'Design Principles, Photoshop, Illustrator, Portfolio',
  },
  {
    name: 'Video Editing',
    code: 'VE',
    category: 4,
    months: 4,
    fees: 11000,
    popularity: 1,
    subjects: 'Editing Basics, Premiere Pro, Colour Grading',
  },
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

const demoFirstNames = firstNames.slice(0, DEMO_FIRST_NAMES);
const demoLastNames = lastNames.slice(0, DEMO_LAST_NAMES);
const fathersFirstNames = ['Rajesh', 'Suresh', 'Manoj', 'Anil', 'Vijay', 'Sanjay', 'Ramesh', 'Prakash', 'Ashok'];

/** The demo institute as seeded: its logins, and the code of a marksheet its results were published with. */
export interface DemoInstitute {
  logins: DemoLogin[];
  marksheetCode: string | null;
}

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

/**
 * True on a fresh database: the log holds no event but those migrations write (reference data
 * such as the tax rates, whose request ids start `migration-`).
 */
export async function isEmpty(db: Db): Promise<boolean> {
  const first = await db
    .select({ position: events.position })
    .from(events)
    .where(or(isNull(events.requestId), notLike(events.requestId, 'migration-%')))
    .limit(1);
  return first.length === 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The seeded year ends this many days before the seed runs: what is added later is easy to tell apart. */
const SEEDED_DAYS_BEFORE_NOW = 2;
// Intake peaks in July and January, as at most institutes; December is quiet. January first.
const monthWeights = [1.5, 0.8, 0.7, 0.9, 1.1, 1.3, 1.8, 1.3, 0.9, 0.8, 0.9, 0.6];

/** An instant on an Indian day, at the given hour and minute in India. */
const onDay = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00${INDIA_UTC_OFFSET}`);

/** The Indian day `count` days after `day` (before it, when negative). */
const daysAfter = (day: string, count: number) => indianDay(new Date(onDay(day, 12).getTime() + count * DAY_MS));

/** The last day of the seeded year at `now`: what is admitted after it was added since. */
export function lastSeededDay(now: Date): string {
  return indianDay(new Date(now.getTime() - SEEDED_DAYS_BEFORE_NOW * DAY_MS));
}

/** The Indian days of the seeded year, oldest first. */
function seededDays(now: Date): string[] {
  const last = onDay(lastSeededDay(now), 12).getTime();
  return Array.from({ length: 365 }, (_, index) => indianDay(new Date(last - (364 - index) * DAY_MS)));
}

/**
 * `count` admission days spread over the year by the intake's season: the k-th admission falls
 * where the year's weighted days reach the (k + ½)-th part of `count`, shifted a little per branch.
 */
function admissionDays(days: readonly string[], count: number, shift: number): string[] {
  const weights = days.map((day) => monthWeights[Number(day.slice(5, 7)) - 1]!);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const chosen: string[] = [];
  let reached = 0;
  let index = 0;
  for (let k = 0; k < count; k++) {
    const target = ((k + 0.5 + shift) / count) * total;
    while (index < days.length - 1 && reached + weights[index]! < target) reached += weights[index++]!;
    chosen.push(days[index]!);
  }
  return chosen;
}

const totalPopularity = courses.reduce((sum, course) => sum + course.popularity, 0);

/** The course the n-th student chose, by the courses' popularity. */
function courseOf(n: number): number {
  let pick = (n * 7 + Math.floor(n / 5)) % totalPopularity;
  return courses.findIndex((course) => (pick -= course.popularity) < 0);
}

/**
 * Where a student stands today, by how long ago they were admitted to a course of `months`:
 * the last weeks' admissions and a few others still wait to be registered, most whose course has
 * run its length have passed out, and some left without finishing.
 */
function standing(n: number, daysAgo: number, months: number) {
  if (n % 17 === 5) return { isActive: false, isRegistered: n % 2 === 0, completedCourse: false };
  const passedOut = daysAgo >= months * 30 && n % 5 !== 0;
  const waiting = !passedOut && (daysAgo < 40 || n % 9 === 0);
  return { isActive: true, isRegistered: !waiting, completedCourse: passedOut };
}

interface Admission {
  at: Date;
  day: string;
  branch: (typeof branches)[number];
  course: number;
}

/** The year's admissions of every branch, oldest first; `scale` takes a share of each branch's students. */
function planAdmissions(days: readonly string[], scale: number): Admission[] {
  const planned = branches.flatMap((branch, b) =>
    admissionDays(days, Math.max(1, Math.round(branch.students * scale)), b * 0.23).map((day, k) => ({
      day,
      branch,
      minute: (k * 37 + b * 11) % 480,
    })),
  );
  planned.sort((x, y) => x.day.localeCompare(y.day) || x.minute - y.minute);
  // Between 09:30 and 17:30 in India, the office's hours.
  return planned.map(({ day, branch, minute }, n) => ({
    at: new Date(onDay(day, 9, 30).getTime() + minute * 60_000),
    day,
    branch,
    course: courseOf(n),
  }));
}

/** "May 2026" for 2026-05. */
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Each branch's wallet: an opening balance on the year's first day, then on each month's first
 * day of the year a top-up of what that month's admissions cost, in whole ₹500s, so no admission
 * ever waits for money and the balance moves the way a branch's does.
 */
function planTopUps(days: readonly string[], admissions: readonly Admission[], price: number) {
  const step = 50000;
  const admitted = new Map<string, number>();
  for (const { branch, day } of admissions) {
    const key = `${branch.name} ${day.slice(0, 7)}`;
    admitted.set(key, (admitted.get(key) ?? 0) + 1);
  }
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].slice(1);
  const topUps: { at: Date; branch: string; amount: number; note: string }[] = [];
  for (const branch of branches) {
    topUps.push({ at: onDay(days[0]!, 9), branch: branch.name, amount: 200000, note: 'Opening balance' });
    for (const month of months) {
      const due = (admitted.get(`${branch.name} ${month}`) ?? 0) * price;
      if (due === 0) continue;
      const amount = Math.ceil(due / step) * step;
      topUps.push({ at: onDay(`${month}-01`, 9), branch: branch.name, amount, note: `Top-up for ${monthName(month)}` });
    }
  }
  return topUps;
}

/** Exams: each course's final examination in the past months and, for every other course, a mid-term in the weeks ahead. */
function planExams(now: Date) {
  const today = indianDay(now);
  return courses.flatMap((course, index) => {
    const subjects = course.subjects.split(',').map((subject) => subject.trim());
    const exam = (kind: string, name: string, firstDay: string) => ({
      course: index,
      examId: `${course.code}-${kind}-${firstDay.slice(0, 7).replace('-', '')}`,
      examName: `${course.name} ${name}`,
      examType: name === 'Final Examination' ? 'Final Examination' : 'Mid-term Exam',
      firstDay,
      subjects: subjects.map((subjectName, row) => {
        const practical = row === subjects.length - 1;
        return {
          subjectName,
          examDate: daysAfter(firstDay, row),
          examTime: practical ? '14:00' : '10:00',
          subjectCode: `${course.code}-${String(row + 1).padStart(2, '0')}`,
          questionPaperMarks: practical ? 50 : 100,
          passingMarks: practical ? 20 : 40,
        };
      }),
    });
    const past = daysAfter(today, -(40 + index * 9));
    const ahead = daysAfter(today, 10 + index * 3);
    return index % 2 === 0
      ? [exam('FIN', 'Final Examination', past), exam('MID', 'Mid-term Exam', ahead)]
      : [exam('FIN', 'Final Examination', past)];
  });
}

type PlannedExam = ReturnType<typeof planExams>[number];

/**
 * The exams the demo shows at work: the latest final examination, its results published; the
 * final before it, its marks still coming in; and the next mid-term, its admit cards issued.
 * Students are registered 40 days after their admission, so by the latest final's last paper
 * everyone who sits it is on its sheet.
 */
function examsAtWork(exams: readonly PlannedExam[]) {
  const byDay = (type: string, order: 1 | -1) =>
    exams.filter((exam) => exam.examType === type).sort((x, y) => order * x.firstDay.localeCompare(y.firstDay));
  const [published, inProgress] = byDay('Final Examination', -1);
  return { published, inProgress, upcoming: byDay('Mid-term Exam', 1)[0] };
}

const lastPaperDay = (exam: PlannedExam) => exam.subjects.at(-1)!.examDate;

/**
 * Fills an empty database with a demo institute's past year, through the same commands the API
 * uses, each dated when it happened: four branches and their staff, a dozen courses with their
 * papers, a few hundred students admitted by their branch (each admission charged to the branch's
 * wallet, topped up month by month), and exams behind and ahead, some of them at work (see
 * `examsAtWork`) under the institute's marksheet template. Tests that need the institute's shape
 * and not its size seed a `scale` of its students.
 */
export async function seedDemoInstitute(db: Db, clock: Clock, { scale = 1 }: { scale?: number } = {}): Promise<DemoInstitute> {
  const now = clock.now();
  const days = seededDays(now);
  const start = onDay(days[0]!, 8);
  const admissions = planAdmissions(days, scale);
  const price = 5000;

  return db.transaction(async (tx) => {
    const at = (occurredAt: Date, actorId: string | null = null) => ({ tx, meta: { occurredAt, actorId, requestId: 'seed' } });
    const ctx = at(start);
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
      price,
      description: 'Charged to the branch wallet for each student admitted',
    });

    // Who admits each branch's students: its staff, or the institute's admin where it has none.
    const admittedBy = new Map<string, Submitter>();
    let institute: Submitter | undefined;
    for (const login of demoLogins) {
      const branchId = login.branch ? branchIds.get(login.branch)! : null;
      const userId = await createLogin(ctx, login, branchId);
      if (branchId && login.role === 'branch_user') admittedBy.set(branchId, { id: userId, role: login.role, branchId });
      if (login.role === 'admin') institute = { id: userId, role: login.role, branchId: null };
    }
    await createMarksheetTemplate(at(start, institute!.id), marksheetTemplate);
    await saveDemoBilling(at(start, institute!.id));
    const biller: Actor = { ...institute!, sessionId: 'seed', permissions: new Set(allPermissionNames) };
    for (const format of demoFormats) await createCertificateFormat(at(start, institute!.id), biller, format);
    const studentIds = new Map<number, string>();

    type Happening = { at: Date; run: () => Promise<unknown> };
    const happenings: Happening[] = planTopUps(days, admissions, price).map((topUp) => ({
      at: topUp.at,
      run: () =>
        creditWallet(at(topUp.at, institute!.id), {
          branchId: branchIds.get(topUp.branch)!,
          amount: topUp.amount,
          note: topUp.note,
          reference: 'seed',
        }),
    }));
    admissions.forEach((admission, n) => {
      const branchId = branchIds.get(admission.branch.name)!;
      const staff = admittedBy.get(branchId) ?? institute!;
      const course = courses[admission.course]!;
      const first = demoFirstNames[n % demoFirstNames.length]!;
      const last = demoLastNames[n % demoLastNames.length]!;
      const daysAgo = Math.round((now.getTime() - admission.at.getTime()) / DAY_MS);
      happenings.push({
        at: admission.at,
        // Charged to the branch's wallet like any admission, so its ledger agrees with its students;
        // its course's fee is invoiced with it.
        run: async () => {
          const { id } = await submitRecord(at(admission.at, staff.id), staff, {
            formType: 'student',
            values: {
              ...(staff.branchId === null && { centerName: branchId }),
              studentName: `${first} ${last}`,
              selectedCourse: courseIds[admission.course],
              studentEmail: `${first}.${last}${n}@students.demo`.toLowerCase(),
              phoneNumber: `9${String(800000000 + n * 7919).slice(0, 9)}`,
              fatherName: `${fathersFirstNames[n % fathersFirstNames.length]} ${last}`,
              state: admission.branch.state,
              city: admission.branch.city,
              admissionDate: admission.day,
              ...standing(n, daysAgo, course.months),
            },
          });
          studentIds.set(n, id);
        },
      });
      const paidAt = new Date(admission.at.getTime() + (2 + (n % 5)) * DAY_MS);
      if (paidAt < now) {
        happenings.push({ at: paidAt, run: () => settleDemoFee(at(paidAt, institute!.id), biller, studentIds.get(n)!, n) });
      }
    });
    const exams = planExams(now);
    const examIds = new Map<string, string>();
    for (const exam of exams) {
      // Set a month before its first paper, and never later than yesterday.
      const setAt = new Date(Math.min(onDay(exam.firstDay, 11).getTime() - 30 * DAY_MS, now.getTime() - DAY_MS));
      happenings.push({
        at: setAt,
        run: async () => {
          const { id } = await submitRecord(at(setAt, institute!.id), institute!, {
            formType: 'examResult',
            values: {
              examId: exam.examId,
              examName: exam.examName,
              examType: exam.examType,
              selectedCourse: courseIds[exam.course],
              examSubjectsTable: exam.subjects,
            },
          });
          examIds.set(exam.examId, id);
        },
      });
    }

    const onExam = (exam: PlannedExam, when: Date, act: (ctx: CommandContext, id: string) => Promise<unknown>) =>
      happenings.push({ at: when, run: () => act(at(when, institute!.id), examIds.get(exam.examId)!) });
    const { published, inProgress, upcoming } = examsAtWork(exams);
    // A paper's marks come in a day after the one before, from three days after the last paper;
    // the practical's examiner of the final in progress has sent half of them so far.
    for (const exam of [published, inProgress]) {
      exam?.subjects.forEach((_, paper) => {
        const share = exam === inProgress && paper === exam.subjects.length - 1 ? 0.5 : 1;
        onExam(exam, onDay(daysAfter(lastPaperDay(exam), 3 + paper), 15), (ctx, id) =>
          enterDemoMarks(ctx, institute!, id, { paper, scoring: exam.course, share }),
        );
      });
    }
    let marksheetCode: string | null = null;
    if (published) {
      onExam(published, onDay(daysAfter(lastPaperDay(published), 4 + published.subjects.length), 11), async (ctx, id) => {
        marksheetCode = await publishDemoResults(ctx, institute!, id);
      });
    }
    if (upcoming) onExam(upcoming, onDay(lastSeededDay(now), 12), (ctx, id) => issueDemoAdmitCards(ctx, institute!, id));

    happenings.sort((x, y) => x.at.getTime() - y.at.getTime());
    for (const happening of happenings) await happening.run();
    const highlighted = ['DCA', 'TGST', 'PY', 'FSWD'].map((code) => courseIds[courses.findIndex((course) => course.code === code)]!);
    await publishDemoSite(at(onDay(lastSeededDay(now), 13), institute!.id), biller, highlighted);
    return { logins: demoLogins, marksheetCode };
  });
}

export async function seedIfEmpty(db: Db, clock: Clock, print: (line: string) => void, kind: SeedKind = 'demo'): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const { logins, marksheetCode } =
    kind === 'demo' ? await seedDemoInstitute(db, clock) : { logins: await seedEmptyInstitute(db, clock), marksheetCode: null };
  print(kind === 'demo' ? 'Seeded a demo institute. Demo logins:' : 'Seeded an empty institute. Logins:');
  for (const login of logins) {
    print(`  ${login.role.padEnd(13)} ${login.email.padEnd(30)} ${login.password}${login.branch ? `  (${login.branch})` : ''}`);
  }
  if (marksheetCode) print(`A published marksheet to check at /verify/${marksheetCode}`);
  return true;
}
