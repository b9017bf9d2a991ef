import { and, asc, count, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { CoursePaperKind, CoursePaperList, CoursePaperListQuery, CoursePaperView } from '../../../common/contracts/course-papers';
import type { Executor } from '../../db/client';
import { coursePapers, records, uploads } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { reachOf, readableBy, type RecordReach } from '../record-queries';
import { canSeeUpload } from '../uploads';

/** Who reads or changes papers: their role and branch decide which courses' papers they reach. */
export type Caller = Pick<Actor, 'role' | 'branchId'>;

/**
 * Papers are read with their course's record: a paper whose course was deleted is not shown, nor
 * one whose course the caller may not read (a course of another branch: `scope` is the caller's
 * branch, null for the institute's own staff), and its course's name is the record's title as it
 * is now.
 */
const ofCourse = (scope: string | null) => and(eq(records.id, coursePapers.courseId), eq(records.formType, 'course'), readableBy(scope));

/** How far the caller reaches the course: 'none' when there is no such course or they may not read it. */
export async function courseReach(db: Executor, courseId: string, caller: Caller): Promise<RecordReach> {
  const [row] = await db
    .select({ reach: reachOf(branchScope(caller)) })
    .from(records)
    .where(and(eq(records.id, courseId), eq(records.formType, 'course')));
  return row?.reach ?? 'none';
}

/** The paper of the course that holds this code, compared in any case, if one does. */
export async function codeHolder(db: Executor, courseId: string, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: coursePapers.id })
    .from(coursePapers)
    .where(and(eq(coursePapers.courseId, courseId), sql`lower(${coursePapers.code}) = ${code.trim().toLowerCase()}`));
  return row?.id ?? null;
}

/** Where a new paper of the course goes: after the last. */
export async function nextPosition(db: Executor, courseId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(coursePapers.position) })
    .from(coursePapers)
    .where(eq(coursePapers.courseId, courseId));
  return (row?.last ?? 0) + 1;
}

/**
 * A paper's row with its course's name, how far the caller reaches the course, and the upload its
 * question paper is, if any: who may open a stored file is the upload's to say (canSeeUpload),
 * whoever may read the paper.
 */
const paperColumns = (scope: string | null) => ({
  paper: coursePapers,
  courseName: records.title,
  reach: reachOf(scope),
  uploadKey: uploads.key,
  uploadBranch: uploads.branchId,
});
const uploadOfQuestionPaper = eq(uploads.key, coursePapers.questionPaper);

interface PaperRow {
  paper: typeof coursePapers.$inferSelect;
  courseName: string | null;
  reach: RecordReach;
  uploadKey: string | null;
  uploadBranch: string | null;
}

function toView(caller: Caller, { paper: row, courseName, reach, uploadKey, uploadBranch }: PaperRow): CoursePaperView {
  return {
    _id: row.id,
    courseId: row.courseId,
    courseName: courseName ?? '',
    courseChangeable: reach === 'write',
    code: row.code,
    name: row.name,
    kind: row.kind as CoursePaperKind,
    questionPaperMarks: row.questionPaperMarks,
    passingMarks: row.passingMarks,
    questionPaper: row.questionPaper,
    questionPaperReadable: uploadKey !== null && canSeeUpload(caller, { branchId: uploadBranch }),
    position: row.position,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The paper, if the caller may read its course, with how far they reach that course. The
 * institute's own staff also find one whose course is gone (its course name is then empty and
 * their reach of it 'none'), so that it can still be removed.
 */
export async function findCoursePaper(
  db: Executor,
  id: string,
  caller: Caller,
): Promise<{ paper: CoursePaperView; course: RecordReach } | null> {
  const scope = branchScope(caller);
  const query = db
    .select({ ...paperColumns(scope), courseId: records.id })
    .from(coursePapers)
    .leftJoin(uploads, uploadOfQuestionPaper);
  const [row] = await (scope === null ? query.leftJoin(records, ofCourse(null)) : query.innerJoin(records, ofCourse(scope))).where(
    eq(coursePapers.id, id),
  );
  if (!row) return null;
  return { paper: toView(caller, row), course: row.courseId === null ? 'none' : row.reach };
}

function sortOrder(query: CoursePaperListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    position: coursePapers.position,
    code: sql`lower(${coursePapers.code})`,
    name: sql`lower(${coursePapers.name})`,
    kind: coursePapers.kind,
    questionPaperMarks: coursePapers.questionPaperMarks,
    createdAt: coursePapers.createdAt,
    updatedAt: coursePapers.updatedAt,
  }[query.sortBy];
  // Across courses, papers keep together by course, in the course's order.
  const byCourse = query.sortBy === 'position' && !query.courseId ? [direction(sql`lower(${records.title})`), direction(records.id)] : [];
  return [...byCourse, direction(key), direction(coursePapers.id)];
}

export async function listCoursePapers(db: Executor, query: CoursePaperListQuery, caller: Caller): Promise<CoursePaperList> {
  const scope = branchScope(caller);
  // strpos rather than LIKE: a search for "%" or "_" finds those characters, with no escaping.
  const search = query.search?.toLowerCase();
  const filter = and(
    query.courseId ? eq(coursePapers.courseId, query.courseId) : undefined,
    search ? sql`(strpos(lower(${coursePapers.code}), ${search}) > 0 or strpos(lower(${coursePapers.name}), ${search}) > 0)` : undefined,
    query.kind ? eq(coursePapers.kind, query.kind) : undefined,
  );
  const [rows, [matching]] = await Promise.all([
    db
      .select(paperColumns(scope))
      .from(coursePapers)
      .innerJoin(records, ofCourse(scope))
      .leftJoin(uploads, uploadOfQuestionPaper)
      .where(filter)
      .orderBy(...sortOrder(query))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(coursePapers).innerJoin(records, ofCourse(scope)).where(filter),
  ]);
  const total = Number(matching?.n ?? 0);
  return {
    papers: rows.map((row) => toView(caller, row)),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}
