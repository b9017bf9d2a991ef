/**
 * The generated institute, described as pure functions of an index so every worker process
 * builds the same records without talking to the others.
 */
import { firstNames, lastNames } from '../../api/db/names';

export interface InstituteSize {
  branches: number;
  courses: number;
  students: number;
  invoices: number;
}

export function instituteSize(scale: number): InstituteSize {
  return {
    branches: Math.max(2, Math.round(50 * scale)),
    courses: Math.max(4, Math.round(500 * scale)),
    students: Math.max(100, Math.round(100_000 * scale)),
    invoices: Math.max(200, Math.round(200_000 * scale)),
  };
}

/** Every bench branch admin signs in with this password. */
export const branchAdminPassword = 'Bench@123';
export const branchAdminEmail = (branch: number) => `bench.admin${branch}@institute.demo`;

/** Paise each branch starts with: the most one top-up may add, enough for every admission of a run. */
export const openingBalance = 10_000_000_000;

const places = [
  ['Delhi', 'New Delhi'],
  ['Tamil Nadu', 'Chennai'],
  ['Maharashtra', 'Pune'],
  ['Karnataka', 'Bengaluru'],
  ['Kerala', 'Kochi'],
  ['West Bengal', 'Kolkata'],
  ['Gujarat', 'Ahmedabad'],
  ['Rajasthan', 'Jaipur'],
] as const;

/** A fragment of a surname that matches about one student in 26 (and their invoices). */
export const searchFragment = 'kulkar';

export function branchFields(branch: number) {
  const [state, city] = places[branch % places.length]!;
  return {
    addBranch: `Bench Branch ${branch + 1}`,
    branchCode: `BB${String(branch + 1).padStart(3, '0')}`,
    courseName: 'Diploma in Computer Applications',
    phoneNumber: `97${String(10_000_000 + branch).slice(-8)}`,
    directorName: `${firstNames[branch % firstNames.length]} ${lastNames[branch % lastNames.length]}`,
    state,
    district: city,
    isActive: true,
    walletEnabled: true,
  };
}

export function courseFields(course: number, categoryId: string) {
  return {
    courseName: `Bench Course ${course + 1}`,
    courseCode: `BC${String(course + 1).padStart(3, '0')}`,
    description: 'Fundamentals, practice and a final project',
    duration: 3 + (course % 4) * 3,
    fees: 4_000 + (course % 10) * 2_000,
    category: categoryId,
    isActive: true,
  };
}

export function studentName(student: number): string {
  const first = firstNames[student % firstNames.length]!;
  const last = lastNames[Math.floor(student / firstNames.length) % lastNames.length]!;
  return `${first} ${last}`;
}

/** An admission form's values for a new student; `unique` makes email and phone its own. */
export function admissionFields(student: number, branchId: string, courseId: string, unique = String(student)) {
  const [state, city] = places[student % places.length]!;
  const name = studentName(student);
  const day = student % 1_000;
  const date = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  return {
    centerName: branchId,
    studentName: name,
    selectedCourse: courseId,
    studentEmail: `${name.toLowerCase().replace(' ', '.')}.${unique}@students.demo`,
    phoneNumber: `9${unique.replace(/\D/g, '').padStart(9, '0').slice(-9)}`,
    fatherName: `${firstNames[(student + 7) % firstNames.length]} ${name.split(' ')[1]}`,
    state,
    city,
    admissionDate: date,
    isActive: true,
    isRegistered: false,
    completedCourse: false,
  };
}

export function asFieldsData(fields: Record<string, unknown>) {
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/** Papers of a bench exam: theory of 100 marks (40 to pass), the last a practical of 50 (20 to pass). */
export const benchExamPapers = 5;

/** An exam form's values for an exam of a bench course, its papers on consecutive days; `tag` makes its exam id its own. */
export function examFields(courseId: string, tag: string) {
  return {
    examId: `BE-${tag}`,
    examName: `Bench Examination ${tag}`,
    examType: 'Final Examination',
    selectedCourse: courseId,
    examSubjectsTable: Array.from({ length: benchExamPapers }, (_, paper) => {
      const practical = paper === benchExamPapers - 1;
      return {
        subjectName: `Paper ${paper + 1}`,
        subjectCode: `BP-${paper + 1}`,
        examDate: `2024-03-${String(paper + 4).padStart(2, '0')}`,
        examTime: practical ? '14:00' : '10:00',
        questionPaperMarks: practical ? 50 : 100,
        passingMarks: practical ? 20 : 40,
      };
    }),
  };
}

/** What becomes of a bench invoice after it is issued (or that it stays a draft). */
export type InvoiceFate = 'draft' | 'issued' | 'part-paid' | 'paid' | 'cancelled';

/**
 * Of every 100 invoices: 30 paid (10 of them in two payments), 20 part-paid, 5 cancelled, one
 * left a draft and the rest issued and unpaid (overdue once their due date has passed).
 */
export function invoiceFate(invoice: number): InvoiceFate {
  const r = invoice % 20;
  if (r === 19) return 'cancelled';
  if (r < 6) return 'paid';
  if (r < 10) return 'part-paid';
  return invoice % 100 === 50 ? 'draft' : 'issued';
}

/** One invoice in 25 bills a branch (entry fee and royalty); the others bill a student. */
export const billsBranch = (invoice: number) => invoice % 25 === 24;

const day = 86_400_000;
const firstInvoiceDay = Date.UTC(2023, 3, 1);
/** Invoice dates run over four financial years, 2023-24 to 2026-27, and stop early enough that every payment date is past. */
const invoiceDays = 1_320;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A bench invoice's body for POST /invoices, billed to `partyId`; issued at once unless it stays a draft. */
export function invoiceBody(invoice: number, partyId: string) {
  const dated = firstInvoiceDay + ((invoice * 7_919) % invoiceDays) * day;
  const branch = billsBranch(invoice);
  const fee = (4_000 + (invoice % 10) * 2_000) * 100;
  const lines = branch
    ? [
        { kind: 'entryFee', description: 'Entry fee', sac: '999293', quantity: 1, rate: 2_500_000, discount: 0, taxRate: 1800 },
        { kind: 'royalty', description: 'Royalty', sac: '999293', quantity: 1, rate: 1_000_000, discount: 0, taxRate: 1800 },
      ]
    : [
        {
          kind: 'courseFee',
          description: 'Course fee',
          sac: '999293',
          quantity: 1,
          rate: fee,
          discount: invoice % 7 === 0 ? 50_000 : 0,
          taxRate: 1800,
        },
        ...(invoice % 3 === 0
          ? [{ kind: 'examFee', description: 'Exam fee', sac: '999293', quantity: 1, rate: 50_000, discount: 0, taxRate: 0 }]
          : []),
      ];
  return {
    kind: branch ? 'branch' : 'student',
    partyId,
    date: isoDay(dated),
    dueDate: isoDay(dated + 15 * day),
    lines,
    notes: '',
    issue: invoiceFate(invoice) !== 'draft',
  };
}

const paymentModeOf = ['cash', 'upi', 'card', 'bank', 'cheque'] as const;

/** The payments of an issued invoice of `due` paise dated `date`, by its fate: none, part of it, or all of it (in one or two). */
export function invoicePayments(invoice: number, date: string, due: number) {
  const fate = invoiceFate(invoice);
  const amounts =
    fate === 'part-paid'
      ? [Math.floor(due * 0.4)]
      : fate !== 'paid'
        ? []
        : invoice % 20 < 2
          ? [Math.floor(due / 2), due - Math.floor(due / 2)]
          : [due];
  return amounts.map((amount, n) => {
    const mode = paymentModeOf[(invoice + n) % paymentModeOf.length]!;
    const paidOn = isoDay(Date.parse(date) + ((invoice + n * 5) % 15) * day);
    return {
      amount,
      mode,
      date: paidOn,
      reference: mode === 'upi' || mode === 'bank' ? `UTR${invoice}${n}` : '',
      chequeNumber: mode === 'cheque' ? String(100_000 + (invoice % 900_000)) : '',
      chequeBank: mode === 'cheque' ? 'State Bank of India' : '',
      chequeDate: mode === 'cheque' ? paidOn : '',
      notes: '',
    };
  });
}
