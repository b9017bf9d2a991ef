import { resultContract, type ResultEntry, type ResultState } from '../../common/contracts/results';
import type { RecordView } from '../../common/contracts/dynamic-data';
import { fieldsDataToValues } from '../../common/forms/fields';
import { branchScope } from '../domain/auth/branch-scope';
import { resultsStates } from '../domain/exam-results/queries';
import { listRecords } from '../domain/record-queries';
import { defineEndpoint } from './endpoint';
import { formPermissionNames } from './form-access';

/** Whoever reads exams, enters results or makes an exam's documents: both naming sets. */
const readers = [
  ...formPermissionNames('examResult', 'read'),
  'RESULT_MANAGE',
  'EXAM_MARKS_ENTRY',
  'MARKSHEET_GENERATE',
  'EXAM_STUDENT_MARKSHEET',
  'ADMIT_CARD_GENERATE',
  'EXAM_ADMIT_CARD',
];

function entryOf(exam: RecordView, state: ResultState): ResultEntry {
  const values = fieldsDataToValues(exam.fieldsData);
  return {
    _id: exam._id,
    examId: exam.code,
    examName: exam.title,
    examType: typeof values.examType === 'string' ? values.examType : null,
    courseId: exam.courseId,
    courseName: exam.courseName,
    branchId: exam.branchId,
    branchName: exam.branchName,
    subjects: Array.isArray(values.examSubjectsTable) ? (values.examSubjectsTable as Record<string, unknown>[]) : [],
    state,
    createdAt: exam.createdAt,
    updatedAt: exam.updatedAt,
  };
}

const list = defineEndpoint({
  ...resultContract.list,
  access: { kind: 'permission', anyOf: readers },
  async handle({ db, actor, query: { sortBy, ...query } }) {
    const { records, ...paging } = await listRecords(db, { ...query, formType: 'examResult', sort: sortBy }, branchScope(actor));
    const states = await resultsStates(
      db,
      records.map((exam) => exam._id),
      actor,
    );
    return { message: 'Results', data: { results: records.map((exam) => entryOf(exam, states.get(exam._id)!)), ...paging } };
  },
});

export const resultEndpoints = [list];
