import { examResultContract, examResultMessages } from '../../common/contracts/exam-results';
import { enterMarks, examSheet, publishResults } from '../domain/exam-results/commands';
import { studentResults } from '../domain/exam-results/queries';
import { formPermissionNames } from './form-access';
import { defineEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

/** Whoever enters results, in both naming sets. */
const access = { kind: 'permission', anyOf: ['RESULT_MANAGE', 'EXAM_MARKS_ENTRY'] } as const;

const sheet = defineEndpoint({
  ...examResultContract.sheet,
  access,
  async handle({ db, actor, params, query, c }) {
    const data = await examSheet(db, actor, params.id, query.branchId);
    c.header('ETag', versionTag(data.sitting.version));
    return { message: examResultMessages.sheet, data };
  },
});

const saveMarks = defineEndpoint({
  ...examResultContract.saveMarks,
  access,
  async handle({ tx, meta, actor, params, body }) {
    return { message: examResultMessages.saved, data: await enterMarks({ tx, meta }, actor, params.id, body.cells) };
  },
});

const publish = defineEndpoint({
  ...examResultContract.publish,
  access,
  async handle({ tx, meta, actor, params, body, c }) {
    const data = await publishResults({ tx, meta }, actor, params.id, body.branchId, ifMatchVersion(c));
    c.header('ETag', versionTag(data.sitting.version));
    return { message: examResultMessages.published, data };
  },
});

/** Whoever reads students sees their results on their details; so does whoever enters results. */
const ofStudent = defineEndpoint({
  ...examResultContract.ofStudent,
  access: { kind: 'permission', anyOf: [...formPermissionNames('student', 'read'), ...access.anyOf] },
  async handle({ db, actor, params }) {
    return { message: examResultMessages.studentResults, data: { exams: await studentResults(db, actor, params.id) } };
  },
});

export const examResultEndpoints = [sheet, saveMarks, publish, ofStudent];
