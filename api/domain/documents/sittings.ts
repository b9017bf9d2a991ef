import type { DocumentKind, SittingDocuments } from '../../../common/contracts/documents';
import type { Executor } from '../../db/client';
import { resultsExam, sittingBranch, sittingState, sittingStudents, type Caller, type ResultsExam } from '../exam-results/queries';
import { documentHolders, sittingCodes } from './queries';

const byRollNumber = (a: { rollNo: string | null; name: string }, b: { rollNo: string | null; name: string }) =>
  a.rollNo === b.rollNo ? a.name.localeCompare(b.name) : a.rollNo === null ? 1 : b.rollNo === null ? -1 : a.rollNo.localeCompare(b.rollNo);

/**
 * A sitting the caller opens, with its students' documents of one kind. Admit cards go to the
 * students sitting the exam now; marksheets, once the results are published, to the students the
 * results were published for, whoever has left the course since.
 */
export async function sittingDocumentsOf(
  db: Executor,
  caller: Caller,
  exam: ResultsExam,
  kind: DocumentKind,
  branchId: string | undefined,
): Promise<SittingDocuments> {
  const { branch, branches } = await sittingBranch(db, exam, caller, branchId);
  const examView = { _id: exam.id, examId: exam.examId, examName: exam.examName, courseName: exam.courseName };
  if (!branch) return { exam: examView, branch: null, branches, published: false, students: [] };
  const [state, codes] = await Promise.all([sittingState(db, exam.id, branch._id), sittingCodes(db, kind, exam.id, branch._id)]);
  const published = state.state === 'published';
  if (kind === 'marksheet' && published) {
    const holders = await documentHolders(db, [...codes.keys()]);
    const students = [...holders.values()]
      .map(({ studentId, name, rollNo, registrationNo }) => ({ studentId, name, rollNo, registrationNo, code: codes.get(studentId)! }))
      .sort(byRollNumber);
    return { exam: examView, branch, branches, published, students };
  }
  const students = await sittingStudents(db, exam, branch._id, caller);
  return {
    exam: examView,
    branch,
    branches,
    published,
    students: students.map((student) => ({ ...student, code: codes.get(student.studentId) ?? null })),
  };
}

export async function sittingDocuments(db: Executor, caller: Caller, examId: string, kind: DocumentKind, branchId?: string) {
  return sittingDocumentsOf(db, caller, await resultsExam(db, examId, caller), kind, branchId);
}
