import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, testClock, type TestDatabase } from '../../tests/support/test-database';
import { VERIFICATION_CODE_PATTERN } from '../../common/contracts/documents';
import { missingMarks } from '../../common/exam-results';
import { indianDay } from '../../common/india-time';
import { siteEditorPermissions } from '../../common/contracts/site-content';
import { verification } from '../domain/documents/queries';
import { readPublicSite } from '../domain/site-content/public-site';
import { siteOverview } from '../domain/site-content/queries';
import { examSheet } from '../domain/exam-results/commands';
import { verifyPassword } from '../domain/passwords';
import type { Db } from './client';
import {
  coursePapers,
  examMarks,
  examSittings,
  issuedDocuments,
  marksheetTemplates,
  records,
  userPermissions,
  users,
  invoicePayments,
  invoices,
  walletBalances,
  walletLedger,
} from './schema';
import { demoLogins, institutionLogins, isEmpty, seedIfEmpty } from './seed';

let testDatabase: TestDatabase;
let db: Db;
/** The line the seed printed last: a marksheet to check at the verification page. */
let verifiable: string;
const admin = { role: 'admin', branchId: null };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());

describe('seedIfEmpty', () => {
  it('seeds an empty database once and leaves it alone afterwards', async () => {
    expect(await isEmpty(db)).toBe(true);
    const printed: string[] = [];
    expect(await seedIfEmpty(db, testClock(), (line) => printed.push(line))).toBe(true);
    expect(printed[0]).toBe('Seeded a demo institute. Demo logins:');
    expect(printed).toHaveLength(2 + demoLogins.length);
    verifiable = printed.at(-1)!;

    const eventCount = async () => (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM events`))[0]!.n;
    const seededEvents = await eventCount();
    expect(seededEvents).toBeGreaterThan(0);
    expect(await seedIfEmpty(db, testClock(), (line) => printed.push(line))).toBe(false);
    expect(await eventCount()).toBe(seededEvents);
    expect(printed).toHaveLength(2 + demoLogins.length);
  }, 60_000); // The whole demo institute, its invoices included: 13 s on PGlite on a quiet machine.

  it('creates the six demo logins with their roles, passwords and branches', async () => {
    expect(demoLogins).toHaveLength(6);
    const branches = await db.select({ id: records.id, title: records.title }).from(records).where(eq(records.formType, 'branch'));
    for (const login of demoLogins) {
      const [user] = await db.select().from(users).where(eq(users.email, login.email));
      expect(user, login.email).toMatchObject({ role: login.role, status: 'active' });
      expect(await verifyPassword(user!.passwordHash, login.password), `${login.email} password`).toBe(true);
      const branchId = login.branch ? branches.find((b) => b.title === login.branch)?.id : null;
      expect(branchId, `${login.email} branch`).not.toBeUndefined();
      expect(user!.branchId).toBe(branchId);
      const granted = await db.select().from(userPermissions).where(eq(userPermissions.userId, user!.id));
      if (login.role !== 'superadmin') expect(granted.length, `${login.email} permissions`).toBeGreaterThan(0);
    }
  });

  it('gives each demo course a paper per subject of its description, in its order', async () => {
    const courses = await db.select().from(records).where(eq(records.formType, 'course'));
    const papers = await db.select().from(coursePapers).orderBy(coursePapers.position);
    for (const course of courses) {
      const fields = course.fields as { description: string; courseCode: string };
      const subjects = fields.description.split(',').map((subject) => subject.trim());
      const own = papers.filter((paper) => paper.courseId === course.id);
      expect(
        own.map((paper) => paper.name),
        course.title,
      ).toEqual(subjects);
      expect(own[0]).toMatchObject({ code: `${fields.courseCode}-01`, kind: 'theory', questionPaperMarks: 100, passingMarks: 40 });
      expect(own.at(-1)).toMatchObject({ kind: 'practical', questionPaperMarks: 50, passingMarks: 20 });
    }
  });

  it('gives every student a registration and roll number of their own, numbered in the year of their admission', async () => {
    const students = await db
      .select({ registrationNo: records.registrationNo, rollNo: records.rollNo, createdAt: records.createdAt })
      .from(records)
      .where(eq(records.formType, 'student'));
    expect(students.length).toBeGreaterThan(0);
    for (const student of students) {
      expect(student.registrationNo).toMatch(new RegExp(`^[A-Z0-9]+/${indianDay(student.createdAt).slice(0, 4)}/\\d{4}$`));
    }
    expect(new Set(students.map((s) => s.registrationNo)).size).toBe(students.length);
    expect(new Set(students.map((s) => s.rollNo)).size).toBe(students.length);
    const numbered = await db.select({ id: records.id }).from(records).where(isNotNull(records.registrationNo));
    expect(numbered).toHaveLength(students.length);
  });

  it('fills four branches, a dozen courses and a few hundred students of every standing, each with a name of their own', async () => {
    const count = async (formType: string) =>
      (await db.select({ id: records.id }).from(records).where(eq(records.formType, formType))).length;
    expect(await count('branch')).toBe(4);
    expect(await count('course')).toBe(12);
    const students = await db.select({ title: records.title, fields: records.fields }).from(records).where(eq(records.formType, 'student'));
    expect(students.length).toBeGreaterThanOrEqual(300);
    expect(new Set(students.map((student) => student.title)).size).toBe(students.length);
    const standings = new Set(
      students.map(({ fields }) => {
        const { isActive, isRegistered, completedCourse } = fields as Record<string, boolean>;
        return !isActive ? 'inactive' : completedCourse ? 'passout' : isRegistered ? 'registered' : 'new';
      }),
    );
    expect([...standings].sort()).toEqual(['inactive', 'new', 'passout', 'registered']);
  });

  it('spreads the admissions over the past year, ending before today, each dated when it happened', async () => {
    const now = testClock().now();
    const students = await db
      .select({ fields: records.fields, createdAt: records.createdAt })
      .from(records)
      .where(eq(records.formType, 'student'));
    const days = students.map(({ fields }) => (fields as { admissionDate: string }).admissionDate).sort();
    const today = indianDay(now);
    expect(days.at(-1)! < today).toBe(true);
    expect(days[0]! >= indianDay(new Date(now.getTime() - 366 * 24 * 3600 * 1000))).toBe(true);
    expect(new Set(days.map((day) => day.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
    for (const { fields, createdAt } of students) expect(indianDay(createdAt)).toBe((fields as { admissionDate: string }).admissionDate);
  });

  it('holds exams of the seeded courses, some behind and some ahead', async () => {
    const today = indianDay(testClock().now());
    const exams = await db.select({ fields: records.fields }).from(records).where(eq(records.formType, 'examResult'));
    const lastDays = exams.map(
      ({ fields }) => (fields as { examSubjectsTable: { examDate: string }[] }).examSubjectsTable.at(-1)!.examDate,
    );
    expect(lastDays.filter((day) => day < today).length).toBeGreaterThan(0);
    expect(lastDays.filter((day) => day >= today).length).toBeGreaterThan(0);
  });

  it('has a default marksheet template, which the published results were graded and printed with', async () => {
    const templates = await db.select().from(marksheetTemplates);
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({ isDefault: true, revision: 1 });
    const published = await db.select().from(examSittings).where(eq(examSittings.state, 'published'));
    expect(published.length).toBeGreaterThan(0);
    for (const sitting of published) expect(sitting).toMatchObject({ templateId: templates[0]!.id, templateRevision: 1 });
  });

  it("publishes every sitting of the latest final examination: marks of every spread, two absences and a failure, each student's marksheet with a code", async () => {
    const published = await db.select().from(examSittings).where(eq(examSittings.state, 'published'));
    const examIds = [...new Set(published.map((sitting) => sitting.examId))];
    expect(examIds).toHaveLength(1);
    const students = [];
    for (const { branchId } of published) {
      const sheet = await examSheet(db, admin, examIds[0]!, branchId);
      expect(sheet.sitting.state).toBe('published');
      expect(missingMarks(sheet.subjects, sheet.students)).toBe(0);
      students.push(...sheet.students);
    }
    expect(students.length).toBeGreaterThan(12);
    const absences = students.flatMap((student) => Object.values(student.marks).filter((cell) => cell.value === 'AB'));
    expect(absences).toHaveLength(2);
    const failed = students.filter((student) => student.outcome.standing === 'fail');
    expect(failed).toHaveLength(3);
    expect(failed.filter((student) => !Object.values(student.marks).some((cell) => cell.value === 'AB'))).toHaveLength(1);
    const grades = new Set(students.filter((student) => student.outcome.standing === 'pass').map((student) => student.outcome.grade));
    expect(grades.size).toBeGreaterThanOrEqual(4);

    const marksheets = await db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, 'marksheet'), eq(issuedDocuments.examId, examIds[0]!)));
    expect(marksheets.map((document) => document.studentId).sort()).toEqual(students.map((student) => student.studentId).sort());
    for (const { code } of marksheets) expect(code).toMatch(VERIFICATION_CODE_PATTERN);
  });

  it('prints a marksheet code that the verification page confirms', async () => {
    const code = /\/verify\/(\S+)$/.exec(verifiable)?.[1];
    expect(code, verifiable).toMatch(VERIFICATION_CODE_PATTERN);
    expect(await verification(db, code!)).toMatchObject({ kind: 'marksheet', state: 'valid' });
  });

  it('leaves the final examination before it in progress, its practical half entered', async () => {
    const marked = await db.selectDistinct({ examId: examMarks.examId, branchId: examMarks.branchId }).from(examMarks);
    const published = new Set(
      (await db.select().from(examSittings).where(eq(examSittings.state, 'published'))).map((sitting) => sitting.examId),
    );
    const inProgress = marked.filter((sitting) => !published.has(sitting.examId));
    expect(new Set(inProgress.map((sitting) => sitting.examId)).size).toBe(1);
    let missing = 0;
    let entered = 0;
    for (const { examId, branchId } of inProgress) {
      const sheet = await examSheet(db, admin, examId, branchId);
      expect(sheet.sitting.state).toBe('draft');
      missing += missingMarks(sheet.subjects, sheet.students);
      entered += sheet.students.reduce((sum, student) => sum + Object.keys(student.marks).length, 0);
    }
    expect(missing).toBeGreaterThan(0);
    expect(entered).toBeGreaterThan(missing);
  });

  it('issues admit cards to everyone sitting the next mid-term, before its first paper', async () => {
    const today = indianDay(testClock().now());
    const cards = await db.select().from(issuedDocuments).where(eq(issuedDocuments.kind, 'admit-card'));
    const examIds = [...new Set(cards.map((card) => card.examId))];
    expect(examIds).toHaveLength(1);
    const [exam] = await db.select({ fields: records.fields }).from(records).where(eq(records.id, examIds[0]!));
    const { examType, examSubjectsTable } = exam!.fields as { examType: string; examSubjectsTable: { examDate: string }[] };
    expect(examType).toBe('Mid-term Exam');
    expect(examSubjectsTable[0]!.examDate > today).toBe(true);
    const sitting = [];
    for (const { branchId } of new Map(cards.map((card) => [card.branchId, card])).values()) {
      sitting.push(...(await examSheet(db, admin, examIds[0]!, branchId)).students.map((student) => student.studentId));
    }
    expect(cards.map((card) => card.studentId).sort()).toEqual(sitting.sort());
    for (const card of cards) expect(card.issuedAt.getTime()).toBeLessThan(testClock().now().getTime());
  });

  it("charges each admission to its branch's wallet once, topped up month by month, never short", async () => {
    const students = await db.select({ id: records.id, branchId: records.branchId }).from(records).where(eq(records.formType, 'student'));
    const charges = await db
      .select({ branchId: walletLedger.branchId, referenceId: walletLedger.referenceId, amount: walletLedger.amount })
      .from(walletLedger)
      .where(eq(walletLedger.kind, 'charge'));
    expect(charges.map((charge) => charge.referenceId).sort()).toEqual(students.map((student) => student.id).sort());
    for (const charge of charges) {
      expect(charge.amount).toBe(-5000);
      expect(charge.branchId).toBe(students.find((student) => student.id === charge.referenceId)!.branchId);
    }
    const balances = await db.select().from(walletBalances);
    expect(balances).toHaveLength(4);
    for (const { branchId, balance } of balances) {
      const ledger = await db
        .select({ kind: walletLedger.kind, amount: walletLedger.amount, balanceAfter: walletLedger.balanceAfter })
        .from(walletLedger)
        .where(eq(walletLedger.branchId, branchId))
        .orderBy(walletLedger.createdAt, walletLedger.id);
      const admitted = students.filter((student) => student.branchId === branchId).length;
      expect(admitted, branchId).toBeGreaterThan(0);
      expect(ledger.filter((entry) => entry.kind === 'credit').length, `${branchId} top-ups`).toBeGreaterThan(6);
      expect(balance, branchId).toBe(ledger.reduce((sum, entry) => sum + entry.amount, 0));
      expect(Math.min(...ledger.map((entry) => entry.balanceAfter)), branchId).toBeGreaterThanOrEqual(0);
      expect(ledger.at(-1)!.balanceAfter, branchId).toBe(balance);
    }
  });
});

describe('the demo institute’s fees', () => {
  it('bills each admission its course fee and shows invoices paid in every mode, part-paid, unpaid past due and cancelled', async () => {
    const students = await db.select({ id: records.id }).from(records).where(eq(records.formType, 'student'));
    const billed = await db.select().from(invoices);
    expect(billed.map((invoice) => invoice.partyId).sort()).toEqual(students.map((student) => student.id).sort());
    expect(new Set(billed.map((invoice) => invoice.title))).toEqual(new Set(['Tax Invoice']));
    // A Delhi institute: its Delhi branch's students pay CGST and SGST, the other states' IGST.
    expect(new Set(billed.map((invoice) => invoice.supply))).toEqual(new Set(['intra', 'inter']));
    const issued = billed.filter((invoice) => invoice.stage === 'issued');
    const today = indianDay(testClock().now());
    expect(issued.some((invoice) => invoice.paid === invoice.total)).toBe(true);
    expect(issued.some((invoice) => invoice.paid > 0 && invoice.paid < invoice.total)).toBe(true);
    expect(issued.some((invoice) => invoice.paid === 0 && invoice.dueDate < today)).toBe(true);
    expect(
      billed.filter((invoice) => invoice.stage === 'cancelled').every((invoice) => invoice.creditNoteNumber && invoice.paid === 0),
    ).toBe(true);
    expect(billed.some((invoice) => invoice.stage === 'cancelled')).toBe(true);
    const payments = await db.select().from(invoicePayments);
    expect(new Set(payments.map((payment) => payment.mode))).toEqual(new Set(['cash', 'upi', 'card', 'bank', 'cheque']));
    for (const payment of payments) expect(payment.date < today || payment.date === today, payment.receiptNumber).toBe(true);
    const received = new Map<string, number>();
    for (const payment of payments) received.set(payment.invoiceId, (received.get(payment.invoiceId) ?? 0) + payment.amount);
    for (const invoice of billed) expect(invoice.paid, invoice.number ?? invoice.id).toBe(received.get(invoice.id) ?? 0);
  });

  it('publishes a public site: its header, home page with highlighted courses, footer and notices, nothing left in draft', async () => {
    const site = (await readPublicSite(db, indianDay(testClock().now()))).site.data;
    expect(site.header.instituteName).toBe('Demo Institute of Computer Education');
    expect(site.body.sections.map((section) => section.kind)).toEqual(['hero', 'about', 'courses', 'whyUs', 'testimonials', 'contact']);
    const courses = site.body.sections.find((section) => section.kind === 'courses');
    expect(courses && 'courses' in courses && courses.courses.map((course) => course.title)).toEqual([
      'Diploma in Computer Applications',
      'Tally with GST',
      'Python Programming',
      'Full Stack Web Development',
    ]);
    expect(site.footer.columns.length).toBeGreaterThan(0);
    expect(site['notice-board'].notices.map((notice) => notice.title)).toContain('Admissions open for the next batch');
    // What needs images or files is left to the editor; the rest is published as saved.
    const overview = await siteOverview(db, {
      ...admin,
      id: 'seed-check',
      sessionId: 'seed-check',
      permissions: new Set(siteEditorPermissions),
    });
    expect(Object.fromEntries(overview.map((page) => [page.section, page.state]))).toEqual({
      header: 'published',
      footer: 'published',
      body: 'published',
      theme: 'published',
      gallery: 'unpublished',
      certifications: 'published',
      'notice-board': 'published',
      downloads: 'unpublished',
      banners: 'unpublished',
    });
  });
});

describe('seedIfEmpty with an empty institute', () => {
  it('seeds only the catalogue, the forms and the two administrators, who can sign in', async () => {
    const empty = await createTestDatabase();
    try {
      const { db: own } = empty.database;
      const printed: string[] = [];
      expect(await seedIfEmpty(own, testClock(), (line) => printed.push(line), 'empty')).toBe(true);
      expect(printed).toEqual([
        'Seeded an empty institute. Logins:',
        ...institutionLogins.map((login) => expect.stringContaining(login.email)),
      ]);
      expect(institutionLogins.map((login) => login.role)).toEqual(['superadmin', 'admin']);
      const accounts = await own.select().from(users);
      expect(accounts.map((user) => user.email).sort()).toEqual(institutionLogins.map((login) => login.email).sort());
      for (const login of institutionLogins) {
        const user = accounts.find((account) => account.email === login.email)!;
        expect(await verifyPassword(user.passwordHash, login.password), login.email).toBe(true);
      }
      expect(await own.select().from(records)).toEqual([]);
      expect(await own.select().from(walletLedger)).toEqual([]);
      const forms = await queryRows<{ n: number }>(own, sql`SELECT count(*)::int AS n FROM form_configs`);
      expect(forms[0]!.n).toBeGreaterThan(0);
    } finally {
      await empty.cleanup();
    }
  });
});
