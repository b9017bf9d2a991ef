import { z } from 'zod';
import { formatKinds, type FormatKind } from '../certificate-layout';
import { defineContract } from './endpoint';
import { examParams, sittingBranchId as branchId } from './exam-results';
import { jobParams, jobView } from './jobs';

/**
 * The documents an institute hands to students about an exam: marksheets (of published results)
 * and admit cards. Each carries a verification code, random and not sequential, and a QR code of
 * the public page that tells anyone holding the paper whether it stands.
 */

export const documentKinds = ['marksheet', 'admit-card'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The bills a code is printed on: an invoice under its title, the credit note that cancels one, a payment's receipt. */
export const billKinds = ['tax-invoice', 'bill-of-supply', 'credit-note', 'receipt'] as const;
export type BillKind = (typeof billKinds)[number];

export const documentKindLabels: Record<DocumentKind | BillKind | FormatKind, string> = {
  certificate: 'Certificate',
  idcard: 'ID card',
  marksheet: 'Marksheet',
  'admit-card': 'Admit card',
  'tax-invoice': 'Tax invoice',
  'bill-of-supply': 'Bill of supply',
  'credit-note': 'Credit note',
  receipt: 'Receipt',
};

/** How a code is written: four groups of five letters and digits, of an alphabet without I, L, O and U. */
export const VERIFICATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

/** A typed code as it is stored: upper case, dashes where they belong, and the letters people mistake for digits read as those digits. */
export function normaliseVerificationCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.match(/.{1,5}/g)?.join('-') ?? '';
}

export const verificationStates = ['valid', 'superseded', 'withdrawn', 'cancelled', 'reversed', 'revoked'] as const;
export type VerificationState = (typeof verificationStates)[number];

const verified = {
  code: z.string(),
  state: z
    .enum(verificationStates)
    .describe(
      'valid: it stands; superseded: a later document replaced it; withdrawn: the student no longer sits the exam; ' +
        'cancelled: a credit note cancelled the invoice; reversed: the payment a receipt is for was reversed; ' +
        'revoked: the institute withdrew a certificate or ID card, for the reason given',
    ),
  issuedAt: z.string().datetime(),
};

/** What the public learns of an exam document from its code: who issued it, to whom, for what, and whether it stands. Nothing more. */
export const examDocumentVerification = z.object({
  ...verified,
  kind: z.enum(documentKinds),
  issuedBy: z.string().describe('The branch (centre) that issued it'),
  holder: z.object({ name: z.string(), registrationNo: z.string().nullable() }),
  exam: z.object({ name: z.string(), course: z.string().nullable() }),
});
export type ExamDocumentVerification = z.infer<typeof examDocumentVerification>;

/**
 * What the public learns of a bill from its code: its number, day and total, the institute, whom
 * it was made out to (a name and a registration number mostly masked), and whether it stands.
 * Nothing of its lines, taxes, payments or what is still due (decision 031).
 */
export const billVerification = z.object({
  ...verified,
  kind: z.enum(billKinds),
  issuedBy: z.string().describe('The institute, and the branch whose series numbers the bill'),
  holder: z.object({
    name: z.string(),
    registrationNo: z.string().nullable().describe('Of a student, or a branch’s code: all but its last characters masked'),
  }),
  bill: z.object({
    number: z.string(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    total: z.number().int().describe('In paise: what an invoice billed, a receipt received or a credit note reversed'),
    invoiceNumber: z.string().nullable().describe('The invoice a receipt or a credit note is for'),
    creditNoteNumber: z.string().nullable().describe('The credit note that cancelled an invoice'),
  }),
});
export type BillVerification = z.infer<typeof billVerification>;

/**
 * What the public learns of a certificate or ID card from its code: who issued it, to whom, for
 * which course, when, and whether it stands (with the reason when revoked). Nothing more
 * (decision 033).
 */
export const certificateVerification = z.object({
  ...verified,
  kind: z.enum(formatKinds),
  issuedBy: z.string().describe('The institute, and the branch of the student it was issued to'),
  holder: z.object({ name: z.string(), registrationNo: z.string().nullable() }),
  course: z.string(),
  revokedReason: z.string().nullable().describe('Why it was revoked; null unless it was'),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const verificationView = z.discriminatedUnion('kind', [examDocumentVerification, billVerification, certificateVerification]);
export type VerificationView = z.infer<typeof verificationView>;

export const documentMessages = {
  verified: 'Document found',
  unknownCode: 'No document carries this code. Check it against the paper and try again.',
  malformedCode: 'A verification code is 20 letters and digits, as printed under the QR code',
  tooManyLookups: 'Too many look-ups from this address. Please wait a minute and try again.',
  marksheet: 'Marksheet',
  marksheets: 'Marksheets',
  admitCards: 'Admit cards',
  admitCardsIssued: (count: number) =>
    count === 0 ? 'Every student already has an admit card' : `${count} admit ${count === 1 ? 'card' : 'cards'} issued`,
  notPublished: 'These results are not published yet: a marksheet is made from published results',
  notSitting: 'This student is not sitting this exam',
  noAdmitCard: 'No admit card has been issued to this student yet: issue admit cards first',
  nobodySitting: 'No student sits this exam in this branch',
};

const tag = 'documents';

export const documentHolder = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNo: z.string().nullable(),
  registrationNo: z.string().nullable(),
  code: z.string().nullable().describe('The document’s verification code; null until one is issued'),
});
export type DocumentHolder = z.infer<typeof documentHolder>;

/** A sitting's students with their documents of one kind. */
export const sittingDocuments = z.object({
  exam: z.object({ _id: z.string(), examId: z.string().nullable(), examName: z.string(), courseName: z.string().nullable() }),
  branch: z.object({ _id: z.string(), name: z.string() }).nullable().describe('Null when no branch has a student sitting the exam'),
  branches: z.array(z.object({ _id: z.string(), name: z.string() })).describe('The branches the caller may open a sitting of'),
  published: z.boolean().describe('Whether the sitting’s results are published'),
  students: z.array(documentHolder),
});
export type SittingDocuments = z.infer<typeof sittingDocuments>;

export const documentContract = {
  marksheets: defineContract({
    method: 'get',
    path: '/exams/:id/results/marksheets',
    summary: 'The marksheets of a sitting: its students as its results were published, each with their marksheet’s code',
    tag,
    params: examParams,
    query: z.object({ branchId }),
    response: sittingDocuments,
    refuses: [404],
  }),
  marksheet: defineContract({
    method: 'get',
    path: '/exams/:id/results/marksheets/:studentId',
    summary: 'A student’s marksheet of a published sitting, as a PDF carrying its verification code and QR code',
    tag,
    params: examParams.extend({ studentId: z.string().min(1).max(100) }),
    produces: 'application/pdf',
    refuses: [404, 409],
  }),
  startMarksheets: defineContract({
    method: 'post',
    path: '/exams/:id/results/marksheets/jobs',
    summary:
      'Starts making a published sitting’s marksheets as one PDF, a page per student; answers the job, or the one already making them (200)',
    tag,
    params: examParams,
    body: z.object({ branchId }),
    response: jobView,
    creates: 'or-finds',
    refuses: [404, 409],
    example: { body: { branchId: '01J8Z0BRANCH' } },
  }),
  marksheetsJob: defineContract({
    method: 'get',
    path: '/exams/:id/results/marksheets/jobs/:jobId',
    summary: 'How far the making of a sitting’s marksheets has come',
    tag,
    params: examParams.merge(jobParams),
    response: jobView,
    refuses: [404],
  }),
  marksheetsJobPdf: defineContract({
    method: 'get',
    path: '/exams/:id/results/marksheets/jobs/:jobId/pdf',
    summary: 'A sitting’s marksheets as one PDF, once the job making them is done',
    tag,
    params: examParams.merge(jobParams),
    produces: 'application/pdf',
    refuses: [404, 409],
  }),
  admitCardList: defineContract({
    method: 'get',
    path: '/exams/:id/admit-cards',
    summary: 'The students sitting an exam in a branch, each with the code of their admit card once it is issued',
    tag,
    params: examParams,
    query: z.object({ branchId }),
    response: sittingDocuments,
    refuses: [404],
  }),
  issueAdmitCards: defineContract({
    method: 'post',
    path: '/exams/:id/admit-cards',
    summary: 'Issues admit cards to the students of a sitting who have none yet, each with a verification code of its own',
    tag,
    params: examParams,
    body: z.object({ branchId }),
    response: sittingDocuments,
    refuses: [404],
    example: { body: { branchId: '01J8Z0BRANCH' } },
  }),
  admitCardsPdf: defineContract({
    method: 'get',
    path: '/exams/:id/admit-cards/pdf',
    summary: 'Admit cards as a PDF, two to an A4 page: one student’s, or the whole sitting’s',
    tag,
    params: examParams,
    query: z.object({
      branchId,
      studentId: z.string().min(1).max(100).optional().describe('One student’s card; without it, every card issued'),
    }),
    produces: 'application/pdf',
    refuses: [404, 409],
  }),
  verify: defineContract({
    method: 'get',
    path: '/public/verify/:code',
    summary:
      'Verifies a marksheet, an admit card, a certificate, an ID card, an invoice, a credit note or a receipt by its code: who issued it, to whom, for what, and whether it stands',
    tag,
    params: z.object({ code: z.string().min(1).max(40) }),
    response: verificationView,
    refuses: [404, 429],
  }),
};
