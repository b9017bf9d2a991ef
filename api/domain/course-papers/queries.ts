import { and, asc, count, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import {
  coursePaperKindLabels,
  type CoursePaperKind,
  type CoursePaperList,
  type CoursePaperListQuery,
  type CoursePaperView,
} from '../../../common/contracts/course-papers';
import type { Executor } from '../../db/client';
import { coursePapers, records, uploads } from '../../db/schema';
import { inPages, type ExportTable } from '../../export/columns';
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

type Filters = Omit<CoursePaperListQuery, 'page' | 'limit'>;

function sortOrder(query: Filters): SQL[] {
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

function paperFilter(query: Filters) {
  // strpos rather than LIKE: a search for "%" or "_" finds those characters, with no escaping.
  const search = query.search?.toLowerCase();
  return and(
    query.courseId ? eq(coursePapers.courseId, query.courseId) : undefined,
    search ? sql`(strpos(lower(${coursePapers.code}), ${search}) > 0 or strpos(lower(${coursePapers.name}), ${search}) > 0)` : undefined,
    query.kind ? eq(coursePapers.kind, query.kind) : undefined,
  );
}

/** The papers the filters match of the courses the caller may read, in the list's order, a page of them. */
async function paperPage(db: Executor, query: Filters, caller: Caller, offset: number, limit: number): Promise<CoursePaperView[]> {
  const scope = branchScope(caller);
  const rows = await db
    .select(paperColumns(scope))
    .from(coursePapers)
    .innerJoin(records, ofCourse(scope))
    .leftJoin(uploads, uploadOfQuestionPaper)
    .where(paperFilter(query))
    .orderBy(...sortOrder(query))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toView(caller, row));
}

export async function listCoursePapers(db: Executor, query: CoursePaperListQuery, caller: Caller): Promise<CoursePaperList> {
  const [papers, [matching]] = await Promise.all([
    paperPage(db, query, caller, (query.page - 1) * query.limit, query.limit),
    db
      .select({ n: count() })
      .from(coursePapers)
      .innerJoin(records, ofCourse(branchScope(caller)))
      .where(paperFilter(query)),
  ]);
  const total = Number(matching?.n ?? 0);
  return {
    papers,
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** Every paper the list's filters match, of the courses the caller may read, in its order, as a file's rows, in the screen's words. */
export function coursePapersExport(db: Executor, query: Filters, caller: Caller): ExportTable<CoursePaperView> {
  return {
    fileName: (today) => `course-papers-${today}`,
    sheet: 'Course papers',
    columns: [
      { header: 'Code', value: (paper) => paper.code, width: 14 },
      { header: 'Name', value: (paper) => paper.name, width: 32 },
      { header: 'Course', value: (paper) => paper.courseName, width: 32 },
      { header: 'Type', value: (paper) => coursePaperKindLabels[paper.kind] },
      { header: 'Marks', kind: 'count', value: (paper) => paper.questionPaperMarks },
      { header: 'Passing', kind: 'count', value: (paper) => paper.passingMarks },
      // Whether there is one, as the screen says it: a file cannot travel in a cell.
      { header: 'Question paper', value: (paper) => (paper.questionPaper ? 'Attached' : 'None'), width: 16 },
    ],
    rows: inPages((offset, limit) => paperPage(db, query, caller, offset, limit)),
  };
}
