import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CERTIFICATE_RECENT_COUNT,
  certificateMessages,
  issuedKindLabels,
  issuedStatusLabels,
  type CertificateOverview,
  type EligibleStudentList,
  type EligibleStudentsQuery,
  type IssueBody,
  type IssuedDocumentList,
  type IssuedDocumentListQuery,
  type IssuedDocumentView,
  type IssuedKind,
  type IssuedStatus,
} from '../../../common/contracts/certificates';
import type { CertificateVerification } from '../../../common/contracts/documents';
import { indianDay, startOf } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { issuedCertificates, records, users } from '../../db/schema';
import { inPages, type ExportTable } from '../../export/columns';
import { missing } from '../errors';
import { readBillingSettings, sellerOf } from '../invoices/billing';
import { maskedCode } from '../invoices/verification';

type IssuedRow = typeof issuedCertificates.$inferSelect;

const ref = (id: string | null, number: string | null) => (id && number ? { _id: id, number } : null);

const viewOf = (row: IssuedRow, issuedBy: string | null): IssuedDocumentView => ({
  _id: row.id,
  kind: row.kind as IssuedKind,
  number: row.number,
  verificationCode: row.code,
  studentId: row.studentId,
  studentName: row.studentName,
  registrationNo: row.registrationNo,
  courseId: row.courseId,
  courseName: row.courseName,
  branchId: row.branchId,
  branchName: row.branchName,
  formatId: row.formatId,
  formatName: row.formatName,
  formatRevision: row.formatRevision,
  issuedAt: row.issuedAt.toISOString(),
  issuedBy,
  status: row.status as IssuedStatus,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedReason: row.revokedReason,
  supersededBy: ref(row.supersededById, row.supersededByNumber),
  supersedes: ref(row.supersedesId, row.supersedesNumber),
  version: row.version,
});

/** A branch's staff reach their branch's documents; the institute's staff every one. */
const inScope = (scope: string | null) => (scope === null ? undefined : eq(issuedCertificates.branchId, scope));

const withIssuer = (db: Executor) =>
  db
    .select({ row: issuedCertificates, issuedBy: users.name })
    .from(issuedCertificates)
    .leftJoin(users, eq(users.id, issuedCertificates.issuedBy));

/** A document the caller reaches, as it stands; another branch's answers as missing. */
export async function readableDocument(db: Executor, id: string, scope: string | null): Promise<IssuedDocumentView> {
  const [found] = await withIssuer(db).where(and(eq(issuedCertificates.id, id), inScope(scope)));
  if (!found) throw missing(certificateMessages.missing);
  return viewOf(found.row, found.issuedBy);
}

/** The document of a kind a student holds now for a course (issued, not revoked or superseded). */
export async function currentDocument(db: Executor, { kind, studentId, courseId }: Pick<IssueBody, 'kind' | 'studentId' | 'courseId'>) {
  const [row] = await db
    .select({ _id: issuedCertificates.id, number: issuedCertificates.number })
    .from(issuedCertificates)
    .where(
      and(
        eq(issuedCertificates.kind, kind),
        eq(issuedCertificates.studentId, studentId),
        eq(issuedCertificates.courseId, courseId),
        eq(issuedCertificates.status, 'issued'),
      ),
    );
  return row ?? null;
}

const pageOf = (total: number, page: number, limit: number) => ({ total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) });

type Filters = Omit<IssuedDocumentListQuery, 'page' | 'limit'>;

function documentFilter(scope: string | null, query: Filters) {
  return and(
    inScope(scope),
    query.search ? like(issuedCertificates.searchText, containing(query.search.toLowerCase())) : undefined,
    query.kind ? eq(issuedCertificates.kind, query.kind) : undefined,
    query.formatId ? eq(issuedCertificates.formatId, query.formatId) : undefined,
    query.courseId ? eq(issuedCertificates.courseId, query.courseId) : undefined,
    query.branchId ? eq(issuedCertificates.branchId, query.branchId) : undefined,
    query.studentId ? eq(issuedCertificates.studentId, query.studentId) : undefined,
    query.status ? eq(issuedCertificates.status, query.status) : undefined,
  );
}

/** The documents the filters match in the caller's reach, in the list's order, a page of them. */
async function documentPage(db: Executor, scope: string | null, query: Filters, offset: number, limit: number) {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    issuedAt: issuedCertificates.issuedAt,
    // Numbers of one series sort by their sequence; the series' year and kind come first in the text.
    number: issuedCertificates.number,
    studentName: sql`lower(${issuedCertificates.studentName})`,
    courseName: sql`lower(${issuedCertificates.courseName})`,
  }[query.sortBy];
  const rows = await withIssuer(db)
    .where(documentFilter(scope, query))
    .orderBy(direction(key), direction(issuedCertificates.issuedAt), direction(issuedCertificates.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ row, issuedBy }) => viewOf(row, issuedBy));
}

export async function listDocuments(db: Executor, scope: string | null, query: IssuedDocumentListQuery): Promise<IssuedDocumentList> {
  const [documents, [counted]] = await Promise.all([
    documentPage(db, scope, query, (query.page - 1) * query.limit, query.limit),
    db.select({ total: count() }).from(issuedCertificates).where(documentFilter(scope, query)),
  ]);
  return { documents, ...pageOf(counted?.total ?? 0, query.page, query.limit) };
}

/** An instant as the day it was in India, as the screen shows it. */
const dayOf = (at: string | null) => (at ? indianDay(new Date(at)) : null);

/** Every document the list's filters match in the caller's reach, in its order, as a file's rows, in the screen's words. */
export function documentsExport(db: Executor, scope: string | null, query: Filters): ExportTable<IssuedDocumentView> {
  return {
    fileName: (today) => `generated-certificates-${today}`,
    sheet: 'Generated certificates',
    columns: [
      { header: 'Number', value: (document) => document.number, width: 20 },
      { header: 'Student', value: (document) => document.studentName, width: 28 },
      { header: 'Registration no.', value: (document) => document.registrationNo, width: 18 },
      { header: 'Kind', value: (document) => issuedKindLabels[document.kind], width: 14 },
      { header: 'Course', value: (document) => document.courseName, width: 28 },
      { header: 'Branch', value: (document) => document.branchName, width: 20 },
      { header: 'Format', value: (document) => document.formatName, width: 24 },
      { header: 'Status', value: (document) => issuedStatusLabels[document.status] },
      { header: 'Superseded by', value: (document) => document.supersededBy?.number, width: 20 },
      { header: 'Issued', kind: 'date', value: (document) => dayOf(document.issuedAt) },
      { header: 'Issued by', value: (document) => document.issuedBy, width: 24 },
      { header: 'Revoked on', kind: 'date', value: (document) => dayOf(document.revokedAt) },
      { header: 'Reason', value: (document) => document.revokedReason, width: 32 },
    ],
    rows: inPages((offset, limit) => documentPage(db, scope, query, offset, limit)),
  };
}

/** The counts of each kind issued this month (India time) and ever, and the latest issues, in the caller's reach. */
export async function documentOverview(db: Executor, scope: string | null, now: Date): Promise<CertificateOverview> {
  const monthStart = startOf('month', now);
  const [counts, recent] = await Promise.all([
    db
      .select({
        kind: issuedCertificates.kind,
        total: count(),
        thisMonth: sql<number>`count(*) filter (where ${issuedCertificates.issuedAt} >= ${monthStart.toISOString()})`.mapWith(Number),
      })
      .from(issuedCertificates)
      .where(inScope(scope))
      .groupBy(issuedCertificates.kind),
    withIssuer(db)
      .where(inScope(scope))
      .orderBy(desc(issuedCertificates.issuedAt), desc(issuedCertificates.id))
      .limit(CERTIFICATE_RECENT_COUNT),
  ]);
  const of = (kind: IssuedKind) => {
    const row = counts.find((counted) => counted.kind === kind);
    return { thisMonth: row?.thisMonth ?? 0, total: row?.total ?? 0 };
  };
  return { certificate: of('certificate'), idcard: of('idcard'), recent: recent.map(({ row, issuedBy }) => viewOf(row, issuedBy)) };
}

const course = alias(records, 'course');
const branch = alias(records, 'branch');

/**
 * Students to issue to, by name, each with their course, whether they completed it and the
 * document of the kind they hold for it. Eligible: in a course, holding none of the kind for it,
 * and, for a certificate, having completed it.
 */
function eligibleParts(kind: IssuedKind, scope: string | null, query: Omit<EligibleStudentsQuery, 'page' | 'limit' | 'kind'>) {
  const held = alias(issuedCertificates, 'held');
  const eligible = sql<boolean>`(${records.courseId} IS NOT NULL AND ${held.id} IS NULL${
    kind === 'certificate' ? sql` AND ${records.completedCourse}` : sql``
  })`;
  const filter = and(
    eq(records.formType, 'student'),
    scope === null ? undefined : eq(records.branchId, scope),
    query.courseId ? eq(records.courseId, query.courseId) : undefined,
    query.branchId ? eq(records.branchId, query.branchId) : undefined,
    query.studentId ? eq(records.id, query.studentId) : undefined,
    query.search ? like(records.searchText, containing(query.search.toLowerCase())) : undefined,
    query.eligible === undefined ? undefined : query.eligible ? eligible : sql`NOT ${eligible}`,
  );
  const joinHeld = and(
    eq(held.studentId, records.id),
    eq(held.courseId, records.courseId),
    eq(held.kind, kind),
    eq(held.status, 'issued'),
  ) as SQL;
  return { held, eligible, filter, joinHeld };
}

export async function eligibleStudents(db: Executor, scope: string | null, query: EligibleStudentsQuery): Promise<EligibleStudentList> {
  const { held, eligible, filter, joinHeld } = eligibleParts(query.kind, scope, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        _id: records.id,
        name: records.title,
        registrationNo: records.registrationNo,
        courseId: records.courseId,
        courseName: course.title,
        branchId: records.branchId,
        branchName: branch.title,
        completedCourse: records.completedCourse,
        heldId: held.id,
        heldNumber: held.number,
        eligible,
      })
      .from(records)
      .leftJoin(course, eq(course.id, records.courseId))
      .leftJoin(branch, eq(branch.id, records.branchId))
      .leftJoin(held, joinHeld)
      .where(filter)
      .orderBy(asc(sql`lower(${records.title})`), asc(records.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(records).leftJoin(held, joinHeld).where(filter),
  ]);
  return {
    students: rows.map(({ heldId, heldNumber, ...row }) => ({ ...row, held: ref(heldId, heldNumber) })),
    ...pageOf(counted?.total ?? 0, query.page, query.limit),
  };
}

/** The students of a course a bulk issue gives a document to: eligible now, by name, in the issuer's reach. */
export async function eligibleStudentIds(
  db: Executor,
  kind: IssuedKind,
  scope: string | null,
  courseId: string,
  branchId: string | undefined,
): Promise<string[]> {
  const { held, filter, joinHeld } = eligibleParts(kind, scope, { courseId, branchId, eligible: true });
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .leftJoin(held, joinHeld)
    .where(filter)
    .orderBy(asc(sql`lower(${records.title})`), asc(records.id));
  return rows.map((row) => row.id);
}

/** How many documents a bulk job has issued. */
export async function issuedByJob(db: Executor, jobId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(issuedCertificates).where(eq(issuedCertificates.jobId, jobId));
  return row?.n ?? 0;
}

/** The documents of a selection in the caller's reach, in the order asked; any other answers as missing. */
export async function printableDocuments(db: Executor, ids: readonly string[], scope: string | null): Promise<IssuedRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(issuedCertificates)
    .where(and(inArray(issuedCertificates.id, unique), inScope(scope)));
  if (rows.length !== unique.length) throw missing(certificateMessages.missing);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id)!);
}

const verificationStates = { issued: 'valid', revoked: 'revoked', superseded: 'superseded' } as const;

/**
 * What a certificate's or ID card's code says to anyone (decision 033): the institute (as its
 * documents name it) and the student's branch, the holder (registration number mostly masked, as on bills), the course, the
 * day, and whether it stands, with the reason when revoked. Nothing of its number or format.
 */
export async function certificateVerification(db: Executor, code: string): Promise<CertificateVerification | null> {
  const [row] = await db.select().from(issuedCertificates).where(eq(issuedCertificates.code, code));
  if (!row) return null;
  const settings = await readBillingSettings(db);
  const status = row.status as IssuedStatus;
  return {
    code: row.code,
    kind: row.kind as IssuedKind,
    state: verificationStates[status],
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: [sellerOf(settings).name, row.branchName].filter(Boolean).join(', '),
    holder: { name: row.studentName, registrationNo: row.registrationNo ? maskedCode(row.registrationNo) : null },
    course: row.courseName,
    revokedReason: status === 'revoked' ? row.revokedReason : null,
  };
}
