import { z } from 'zod';
import { formatKinds, type FormatKind } from '../certificate-layout';
import { documentKindLabels } from './documents';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { jobParams, jobView } from './jobs';
import { pageFields, pagingQuery } from './paging';

/**
 * Certificates and ID cards issued to students, each from a format's revision
 * (common/contracts/certificate-formats.ts), with a number of its kind's series for the financial
 * year and a random verification code the public page answers (docs/decisions/033).
 */

/** The most documents one PDF or print sheet is made of: more is a bulk job's work. */
export const CERTIFICATE_SELECTION_MAX = 200;
/** How many recent issues the overview shows. */
export const CERTIFICATE_RECENT_COUNT = 10;
const REASON_MAX = 500;

export const issuedKinds = formatKinds;
export type IssuedKind = FormatKind;

/** issued: it stands; revoked: withdrawn with a reason; superseded: a reissue replaced it. */
export const issuedStatuses = ['issued', 'revoked', 'superseded'] as const;
export type IssuedStatus = (typeof issuedStatuses)[number];

/** The verification page's names of the kinds, so a document is called the same everywhere. */
export const issuedKindLabels: Record<IssuedKind, string> = documentKindLabels;
export const issuedStatusLabels: Record<IssuedStatus, string> = { issued: 'Issued', revoked: 'Revoked', superseded: 'Superseded' };

const noun: Record<IssuedKind, string> = { certificate: 'certificate', idcard: 'ID card' };

export const certificateMessages = {
  issued: (kind: IssuedKind) => `${issuedKindLabels[kind]} issued`,
  alreadyHeld: (kind: IssuedKind) =>
    `This student already holds ${kind === 'idcard' ? 'an' : 'a'} ${noun[kind]} for this course: reissue it to make a new one`,
  revoked: (kind: IssuedKind) => `${issuedKindLabels[kind]} revoked`,
  reissued: (kind: IssuedKind, number: string) => `${issuedKindLabels[kind]} reissued as ${number}`,
  bulkStarted: 'Issuing has started',
  missing: 'Document not found',
  studentMissing: 'Student not found',
  courseMissing: 'Course not found',
  formatMissing: 'Format not found',
  notInCourse: 'This student is not in this course',
  otherBranchStudent: 'This student belongs to another branch',
  otherBranch: 'This branch is not yours: you issue for your own branch only',
  notCompleted: 'This student has not completed the course: a certificate is issued once the course is completed',
  archivedFormat: 'This format is archived: bring it back into use before issuing with it',
  otherKindFormat: (kind: IssuedKind) => `This is not ${kind === 'idcard' ? 'an' : 'a'} ${noun[kind]} format`,
  alreadyRevoked: 'This document is already revoked',
  supersededNoChange: (number: string) => `This document was reissued as ${number}: change that one instead`,
  revokedNoReissue: 'A revoked document is not reissued: issue a new one instead',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters`,
  noneSelected: 'Choose at least one document',
  tooManySelected: `Choose at most ${CERTIFICATE_SELECTION_MAX} documents: issue larger batches as one bulk job`,
  notIdCards: 'A print sheet holds ID cards only: leave the certificates out',
  stale: 'This document changed since it was opened. Reload it and try again.',
  mayNotIssue: 'You may not issue certificates or ID cards',
} as const;

const id = (what: string) =>
  z
    .string({ required_error: `Choose ${what}` })
    .min(1, `Choose ${what}`)
    .max(100);

const documentRef = z.object({ _id: z.string(), number: z.string() });

/** One issued certificate or ID card, as the list, the overview and every change answer it. */
export const issuedDocumentView = z.object({
  _id: z.string(),
  kind: z.enum(issuedKinds),
  number: z.string().describe('Its kind’s series for the financial year it was issued in: CERT/2026-27/00001, ID/2026-27/00001'),
  verificationCode: z.string().describe('Random, printed with the QR code; the public verification page answers it'),
  studentId: z.string(),
  studentName: z.string(),
  registrationNo: z.string().nullable(),
  courseId: z.string(),
  courseName: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  formatId: z.string(),
  formatName: z.string().describe('The name the format had at the revision it was made from'),
  formatRevision: z.number().int().describe('The format revision it is printed from, for ever'),
  issuedAt: z.string().datetime(),
  issuedBy: z.string().nullable().describe('The name of who issued it'),
  status: z.enum(issuedStatuses),
  revokedAt: z.string().datetime().nullable(),
  revokedReason: z.string().nullable(),
  supersededBy: documentRef.nullable().describe('The reissue that replaced it'),
  supersedes: documentRef.nullable().describe('The document it was reissued in place of'),
  version: z.number().int().describe('Each change is a version; send it back as If-Match'),
});
export type IssuedDocumentView = z.infer<typeof issuedDocumentView>;

export const issuedDocumentSortFields = ['issuedAt', 'number', 'studentName', 'courseName'] as const;

export const issuedDocumentListQuery = z.object({
  ...pagingQuery,
  search: z.string().trim().max(100).optional().describe('Part of the student’s name or registration number, or of the document number'),
  kind: z.enum(issuedKinds).optional(),
  formatId: z.string().max(100).optional(),
  courseId: z.string().max(100).optional(),
  branchId: z.string().max(100).optional().describe('Branch staff see their own branch’s whatever this says'),
  studentId: z.string().max(100).optional(),
  status: z.enum(issuedStatuses).optional(),
  sortBy: z.enum(issuedDocumentSortFields).default('issuedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type IssuedDocumentListQuery = z.infer<typeof issuedDocumentListQuery>;

export const issuedDocumentList = z.object({ documents: z.array(issuedDocumentView), ...pageFields('Documents matching the query') });
export type IssuedDocumentList = z.infer<typeof issuedDocumentList>;

export const issueBody = z
  .object({
    kind: z.enum(issuedKinds),
    formatId: id('a format'),
    studentId: id('a student'),
    courseId: id('a course'),
  })
  .strict();
export type IssueBody = z.infer<typeof issueBody>;

export const revokeBody = z
  .object({
    reason: z
      .string({ required_error: certificateMessages.reasonRequired })
      .trim()
      .min(1, certificateMessages.reasonRequired)
      .max(REASON_MAX, certificateMessages.reasonTooLong),
  })
  .strict();
export type RevokeBody = z.infer<typeof revokeBody>;

export const reissueBody = z
  .object({
    formatId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('The format of its kind to make the new document from; without it, the old one’s format at its latest revision'),
  })
  .strict();
export type ReissueBody = z.infer<typeof reissueBody>;

export const bulkIssueBody = z
  .object({
    kind: z.enum(issuedKinds),
    formatId: id('a format'),
    courseId: id('a course'),
    branchId: z.string().min(1).max(100).optional().describe('One branch’s students; branch staff always issue for their own'),
  })
  .strict();
export type BulkIssueBody = z.infer<typeof bulkIssueBody>;

/** A bulk issue as it goes: the job, and how many documents it has issued so far (students already holding one are skipped). */
export const bulkJobView = jobView.extend({ issued: z.number().int().describe('Documents this job issued') });
export type BulkJobView = z.infer<typeof bulkJobView>;

export const selectionBody = z
  .object({
    ids: z
      .array(z.string().min(1).max(100))
      .min(1, certificateMessages.noneSelected)
      .max(CERTIFICATE_SELECTION_MAX, certificateMessages.tooManySelected)
      .describe('Issued documents, printed in this order'),
  })
  .strict();
export type SelectionBody = z.infer<typeof selectionBody>;

const kindCounts = z.object({
  thisMonth: z.number().int().describe('Issued since the first of this month, India time, reissues included'),
  total: z.number().int().describe('Issued ever, reissues included'),
});
export const certificateOverview = z.object({
  certificate: kindCounts,
  idcard: kindCounts,
  recent: z.array(issuedDocumentView).describe(`The ${CERTIFICATE_RECENT_COUNT} latest issued, newest first`),
});
export type CertificateOverview = z.infer<typeof certificateOverview>;

export const eligibleStudentsQuery = z.object({
  ...pagingQuery,
  kind: z.enum(issuedKinds),
  courseId: z.string().max(100).optional().describe('A course’s students; without it, students of every course'),
  branchId: z.string().max(100).optional(),
  studentId: z.string().max(100).optional().describe('One student: the one a form has picked'),
  search: z.string().trim().max(100).optional().describe('Part of the name or registration number'),
  eligible: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .describe('true: only those a document can be issued to now'),
});
export type EligibleStudentsQuery = z.infer<typeof eligibleStudentsQuery>;

export const eligibleStudent = z.object({
  _id: z.string(),
  name: z.string(),
  registrationNo: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  completedCourse: z.boolean(),
  held: z
    .object({ _id: z.string(), number: z.string() })
    .nullable()
    .describe('The document of this kind for the course the student holds now (issued, not revoked or superseded)'),
  eligible: z.boolean().describe('Has a course, holds none of this kind, and (certificates) completed the course'),
});
export type EligibleStudent = z.infer<typeof eligibleStudent>;

export const eligibleStudentList = z.object({ students: z.array(eligibleStudent), ...pageFields('Students matching the query') });
export type EligibleStudentList = z.infer<typeof eligibleStudentList>;

const tag = 'certificates';
const idParams = z.object({ id: z.string().min(1).max(100) });

export const certificateContract = {
  list: defineContract({
    method: 'get',
    path: '/certificates',
    summary: 'Issued certificates and ID cards, searched, filtered, sorted and paged; branch staff see their branch’s',
    tag,
    query: issuedDocumentListQuery,
    response: issuedDocumentList,
    example: { query: { kind: 'certificate', status: 'issued', page: '1', limit: '20' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/certificates/export',
    summary:
      'Every issued certificate and ID card the filters match, in the list’s order, as CSV or Excel; branch staff get their branch’s',
    tag,
    produces: exportTypes,
    query: issuedDocumentListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  overview: defineContract({
    method: 'get',
    path: '/certificates/overview',
    summary: 'How many of each kind were issued this month and in all, and the latest issues',
    tag,
    response: certificateOverview,
  }),
  students: defineContract({
    method: 'get',
    path: '/certificates/students',
    summary: 'Students to issue to: each with their course, whether they completed it and the document of the kind they hold',
    tag,
    query: eligibleStudentsQuery,
    response: eligibleStudentList,
    example: { query: { kind: 'certificate', search: 'asha', page: '1', limit: '20' } },
  }),
  get: defineContract({
    method: 'get',
    path: '/certificates/:id',
    summary: 'One issued certificate or ID card',
    tag,
    params: idParams,
    response: issuedDocumentView,
    etag: true,
    refuses: [404],
  }),
  issue: defineContract({
    method: 'post',
    path: '/certificates',
    summary:
      'Issues a certificate or ID card to a student for a course, from a format’s latest revision; answers the one the student already holds (200) rather than a second',
    tag,
    body: issueBody,
    response: issuedDocumentView,
    creates: 'or-finds',
    etag: true,
    refuses: [404, 409],
    example: { body: { kind: 'certificate', formatId: 'format-id', studentId: 'student-id', courseId: 'course-id' } },
  }),
  revoke: defineContract({
    method: 'post',
    path: '/certificates/:id/revoke',
    summary: 'Revokes an issued document with a reason; its verification then says revoked and why',
    tag,
    params: idParams,
    body: revokeBody,
    response: issuedDocumentView,
    etag: true,
    ifMatch: true,
    refuses: [404, 409],
    example: { body: { reason: 'Issued with a misspelt name' } },
  }),
  reissue: defineContract({
    method: 'post',
    path: '/certificates/:id/reissue',
    summary: 'Issues a new document with a new number in place of an issued one, which then verifies as superseded; answers the new one',
    tag,
    params: idParams,
    body: reissueBody,
    response: issuedDocumentView,
    creates: true,
    etag: true,
    ifMatch: true,
    refuses: [404, 409],
    example: { body: {} },
  }),
  bulk: defineContract({
    method: 'post',
    path: '/certificates/bulk',
    summary:
      'Starts issuing to every eligible student of a course who holds none of the kind; answers the job, or the one already doing it (200)',
    tag,
    body: bulkIssueBody,
    response: bulkJobView,
    creates: 'or-finds',
    refuses: [404, 409],
    example: { body: { kind: 'idcard', formatId: 'format-id', courseId: 'course-id' } },
  }),
  bulkJob: defineContract({
    method: 'get',
    path: '/certificates/jobs/:jobId',
    summary: 'How far a bulk issue has come',
    tag,
    params: jobParams,
    response: bulkJobView,
    refuses: [404],
  }),
  pdf: defineContract({
    method: 'get',
    path: '/certificates/:id/pdf',
    summary: 'One issued document as a PDF, made from the format revision it was issued with',
    tag,
    params: idParams,
    produces: 'application/pdf',
    refuses: [404],
  }),
  selectionPdf: defineContract({
    method: 'post',
    path: '/certificates/pdf',
    summary: `Issued documents as one PDF, each on its own page(s), in the order given; at most ${CERTIFICATE_SELECTION_MAX}`,
    tag,
    body: selectionBody,
    produces: 'application/pdf',
    refuses: [404],
    example: { body: { ids: ['document-id'] } },
  }),
  idCardSheet: defineContract({
    method: 'post',
    path: '/certificates/idcard-sheet',
    summary: `ID cards as A4 print sheets, ten to a page with crop marks; at most ${CERTIFICATE_SELECTION_MAX}`,
    tag,
    body: selectionBody,
    produces: 'application/pdf',
    refuses: [404],
    example: { body: { ids: ['document-id'] } },
  }),
};
