import { z } from 'zod';
import { issuedKinds, issuedStatuses, revokeBody, type IssuedKind } from '../../common/contracts/certificates';
import { apiListQuery, choiceParam, listQueryParser, textParam, withParams, type QueryDefaults } from './list-query';
import { canOpen } from './route-registry';

/** The issued documents' screens: where they are, what the list's address holds, who may issue. */
export const certificatePaths = {
  overview: '/admin/certificates',
  generated: '/admin/certificates/generated',
  formats: '/admin/certificates/formats',
  idcardFormats: '/admin/certificates/idcard-formats',
  pdf: (id: string) => `/admin/certificates/generated/${encodeURIComponent(id)}/pdf`,
  print: '/resources/certificates-print',
  /** The one-student issue form of a kind, with a student already found and picked when given. */
  issue: (kind: IssuedKind, student?: { _id: string; search: string }) =>
    `/admin/certificates/generated?${new URLSearchParams({ issue: kind, ...(student ? { q: student.search, student: student._id } : {}) })}`,
  bulk: (kind: IssuedKind, courseId?: string) =>
    `/admin/certificates/generated?${new URLSearchParams({ bulk: kind, ...(courseId ? { courseId } : {}) })}`,
};

/** A kind as a sentence says it: "Revoke ID card", "Issue certificate". */
export const issuedNoun = (kind: IssuedKind) => (kind === 'idcard' ? 'ID card' : 'certificate');

const issuedSorts = ['issuedAt', 'number', 'studentName', 'courseName'] as const;
export const issuedDefaults: QueryDefaults<(typeof issuedSorts)[number]> = { sort: 'issuedAt', order: 'desc' };
export const parseIssuedQuery = listQueryParser({
  sorts: issuedSorts,
  filters: {
    kind: choiceParam(issuedKinds),
    status: choiceParam(issuedStatuses),
    formatId: textParam(100),
    courseId: textParam(100),
    branchId: textParam(100),
  },
});
export type IssuedQuery = ReturnType<typeof parseIssuedQuery>;

/** The list's address as the API's query. */
export function issuedApiQuery(query: Omit<IssuedQuery, 'page' | 'limit' | 'view'>) {
  const { search, kind, status, formatId, courseId, branchId, sort, order } = query;
  return apiListQuery({ search, kind, status, formatId, courseId, branchId, sort, order });
}

/** A kind named in an address, or null for anything else. */
export const parseIssuedKind = (value: string | null): IssuedKind | null => issuedKinds.find((kind) => kind === value) ?? null;

/** The generated screen's dialogs are opened by these parameters of its address; they are not the list's. */
export const generatedDialogParams = ['issue', 'q', 'student', 'bulk', 'job', 'revoke', 'reissue'] as const;

/** The address with the dialogs closed; a `kept` one stays (the bulk job shown under the list). */
export const withoutDialogs = (search: string, ...kept: (typeof generatedDialogParams)[number][]) =>
  withParams(search, Object.fromEntries(generatedDialogParams.filter((name) => !kept.includes(name)).map((name) => [name, null])));

/** Issuing, revoking and reissuing: the catalogue's "Generate certificates and ID cards". The API refuses anyone else anyway. */
export const issuesDocuments = (user: { role: string; permissions: readonly string[] }) =>
  canOpen({ permissions: ['CERTIFICATE_GENERATE'] }, user);

const id = (what: string) =>
  z
    .string({ required_error: `Choose ${what}` })
    .min(1, `Choose ${what}`)
    .max(100);
const version = z.coerce.number().int().min(1).optional();

/** The generated screen's forms, told apart by their intent. */
export const generatedActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('issue'),
    kind: z.enum(issuedKinds),
    studentId: id('a student'),
    courseId: id('a course'),
    formatId: id('a format'),
    idempotencyKey: z.string().max(100).optional(),
  }),
  z.object({
    intent: z.literal('bulk'),
    kind: z.enum(issuedKinds),
    courseId: id('a course'),
    formatId: id('a format'),
    branchId: z.string().max(100).optional(),
    idempotencyKey: z.string().max(100).optional(),
  }),
  z.object({
    intent: z.literal('revoke'),
    id: id('a document'),
    version,
    reason: revokeBody.shape.reason,
  }),
  z.object({ intent: z.literal('reissue'), id: id('a document'), version }),
  z.object({ intent: z.literal('dismiss') }),
]);

/** What the print route is posted: the documents chosen on the list, as one PDF or as ID card sheets. */
export const printSchema = z.object({
  ids: z.array(z.string().min(1).max(100)).default([]),
  as: z.enum(['pdf', 'sheets']).default('pdf'),
});
