import { documentMessages } from '../../../common/contracts/documents';
import type { MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import { outcomeOf, type GradeStep, type MarkValue, type StudentOutcome } from '../../../common/exam-results';
import { sittingScale, templateRevision } from '../marksheet-templates/queries';
import type { Executor } from '../../db/client';
import { branchScope } from '../auth/branch-scope';
import { conflict, missing } from '../errors';
import { resultsExam, sittingBranchOf, sittingMarks, sittingState, type Caller, type ResultsExam } from '../exam-results/queries';
import { centreOf, currentDocument, documentHolders, type DocumentHolder } from './queries';

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
  const [holders, state, marks, centre] = await Promise.all([
    documentHolders(db, [studentId]),
    sittingState(db, exam.id, document.branchId),
    sittingMarks(db, exam.id, document.branchId, [studentId]),
    centreOf(db, document.branchId),
  ]);
  const student = holders.get(studentId);
  if (!student) throw missing(documentMessages.notSitting);
  const [template, scale] = await Promise.all([
    document.templateId && document.templateRevision !== null
      ? templateRevision(db, document.templateId, document.templateRevision).then((found) => found.content)
      : null,
    sittingScale(db, state),
  ]);
  const values = Object.fromEntries(Object.entries(marks.get(studentId) ?? {}).map(([key, cell]) => [key, cell.value]));
  return {
    template,
    scale,
    exam,
    centre,
    student,
    marks: values,
    outcome: outcomeOf(exam.subjects, values, scale),
    publishedAt: state.publishedAt ?? document.issuedAt,
    code: document.code,
  };
}
