import { examResultContract, examResultMessages } from '../../common/contracts/exam-results';
import { enterMarks, examSheet, publishResults } from '../domain/exam-results/commands';
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

export const examResultEndpoints = [sheet, saveMarks, publish];
