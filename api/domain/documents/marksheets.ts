import { and, desc, eq, isNull } from 'drizzle-orm';
import { documentMessages } from '../../../common/contracts/documents';
import type { MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import { outcomeOf, type GradeStep, type MarkValue, type StudentOutcome } from '../../../common/exam-results';
import { sittingScale, templateRevision } from '../marksheet-templates/queries';
import type { Executor } from '../../db/client';
import { issuedDocuments, records } from '../../db/schema';
import { branchScope } from '../auth/branch-scope';
import { conflict, missing } from '../errors';
import {
  anyBranch,
  resultsExam,
  sittingBranchOf,
  sittingMarks,
  sittingState,
  type Caller,
  type ResultsExam,
} from '../exam-results/queries';
import { centreOf, currentDocument, currentDocuments, documentHolders, type DocumentHolder } from './queries';

/** What a student's marksheet says: the exam, the centre, the student, their marks and outcome, and its code; and the template it is printed with. */
export interface MarksheetFacts {
  template: MarksheetTemplateContent | null;
  scale: GradeStep[];
  exam: ResultsExam;
  centre: { name: string; address: string | null };
  student: DocumentHolder;
  marks: Record<string, MarkValue>;
  outcome: StudentOutcome;
  publishedAt: Date;
  code: string;
}

/**
 * A student's marksheet of an exam: only of results published, and only to whom reaches the
 * student's branch. A student the caller may not reach is "not sitting", as one who never sat.
 */
export async function marksheetFacts(db: Executor, caller: Caller, examId: string, studentId: string): Promise<MarksheetFacts> {
  const exam = await resultsExam(db, examId, caller);
  const document = await currentDocument(db, 'marksheet', exam.id, studentId);
  const scope = branchScope(caller);
  if (!document || (scope !== null && document.branchId !== scope)) {
    const branchId = (await sittingBranchOf(db, exam, [studentId], caller)).get(studentId);
    if (branchId !== undefined && (await sittingState(db, exam.id, branchId)).state !== 'published') {
      throw conflict(documentMessages.notPublished);
    }
    throw missing(documentMessages.notSitting);
  }
  const [facts] = await sittingMarksheetFacts(db, exam, document.branchId, [studentId]);
  return facts!;
}

/**
 * The marksheets of students of one published sitting, in the order given: the sitting, its
 * centre, scale and templates are read once for them all, the students and their marks at once.
 */
export async function sittingMarksheetFacts(
  db: Executor,
  exam: ResultsExam,
  branchId: string,
  studentIds: readonly string[],
): Promise<MarksheetFacts[]> {
  const [documents, holders, state, marks, centre] = await Promise.all([
    currentDocuments(db, 'marksheet', exam.id, studentIds),
    documentHolders(db, studentIds),
    sittingState(db, exam.id, branchId),
    sittingMarks(db, exam.id, branchId, studentIds),
    centreOf(db, branchId),
  ]);
  const scale = await sittingScale(db, state);
  const templates = new Map<string, Promise<MarksheetTemplateContent | null>>();
  const templateOf = (id: string | null, revision: number | null) => {
    if (!id || revision === null) return null;
    const key = `${id}@${revision}`;
    if (!templates.has(key))
      templates.set(
        key,
        templateRevision(db, id, revision).then((found) => found.content),
      );
    return templates.get(key)!;
  };
  return Promise.all(
    studentIds.map(async (studentId) => {
      const document = documents.get(studentId);
      const student = holders.get(studentId);
      if (!document || document.branchId !== branchId || !student) throw missing(documentMessages.notSitting);
      const values = Object.fromEntries(Object.entries(marks.get(studentId) ?? {}).map(([key, cell]) => [key, cell.value]));
      return {
        template: await templateOf(document.templateId, document.templateRevision),
        scale,
        exam,
        centre,
        student,
        marks: values,
        outcome: outcomeOf(exam.subjects, values, scale),
        publishedAt: state.publishedAt ?? document.issuedAt,
        code: document.code,
      };
    }),
  );
}

/**
 * The grade a student's newest published marksheet of an exam of a course gives them, as the
 * marksheet prints it: what their certificate of the course says. None before one is published.
 */
export async function courseGrade(db: Executor, studentId: string, courseId: string): Promise<string | null> {
  const [newest] = await db
    .select({ examId: issuedDocuments.examId, branchId: issuedDocuments.branchId })
    .from(issuedDocuments)
    .innerJoin(records, eq(records.id, issuedDocuments.examId))
    .where(
      and(
        eq(issuedDocuments.studentId, studentId),
        eq(issuedDocuments.kind, 'marksheet'),
        isNull(issuedDocuments.supersededAt),
        eq(records.courseId, courseId),
      ),
    )
    .orderBy(desc(issuedDocuments.issuedAt))
    .limit(1);
  if (!newest) return null;
  const [facts] = await sittingMarksheetFacts(db, await resultsExam(db, newest.examId, anyBranch), newest.branchId, [studentId]);
  return facts!.outcome.grade;
}
