import { examResultContract, examResultMessages, marksImportMessages } from '../../common/contracts/exam-results';
import { enterMarks, examSheet, publishResults } from '../domain/exam-results/commands';
import { studentResults } from '../domain/exam-results/queries';
import { reviseResult, resultsHistory } from '../domain/exam-results/revisions';
import { changeSitting, sittingCandidates, sittingRoster } from '../domain/exam-results/roster';
import { formPermissionNames } from './form-access';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { exportFile } from '../export/export-file';
import { sheetExport } from '../domain/exam-results/sheet-export';
import { indianDay } from '../../common/india-time';
import { ifMatchVersion, versionTag } from './if-match';
import { importMarks, readMarksFile } from '../domain/exam-results/marks-import';

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

const exportSheet = defineFileEndpoint({
  ...examResultContract.export,
  access,
  async handle({ db, actor, params, query: { format, branchId }, deps }) {
    const sheet = await examSheet(db, actor, params.id, branchId);
    return exportFile(format, sheetExport(sheet), indianDay(deps.clock.now()));
  },
});

const saveMarks = defineEndpoint({
  ...examResultContract.saveMarks,
  access,
  async handle({ tx, meta, actor, params, body }) {
    return { message: examResultMessages.saved, data: await enterMarks({ tx, meta }, actor, params.id, body.cells) };
  },
});

/** Whoever enters marks in the grid imports them from a file: the file is read before the transaction opens. */
const importFromFile = defineEndpoint({
  ...examResultContract.importMarks,
  access,
  prepare: ({ db, deps, actor, params, body }) => readMarksFile(db, deps.storage, actor, params.id, body.fileKey),
  async handle({ tx, meta, actor, params, body, prepared }) {
    const data = await importMarks({ tx, meta }, actor, params.id, body, prepared);
    const message = body.dryRun
      ? marksImportMessages.checked
      : data.counts.marks === 0
        ? marksImportMessages.nothingToImport
        : marksImportMessages.imported;
    return { message, data };
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

const roster = defineEndpoint({
  ...examResultContract.roster,
  access,
  async handle({ db, actor, params, query }) {
    return { message: examResultMessages.roster, data: await sittingRoster(db, actor, params.id, query.branchId) };
  },
});

const candidates = defineEndpoint({
  ...examResultContract.candidates,
  access,
  async handle({ db, actor, params, query }) {
    return { message: examResultMessages.candidates, data: await sittingCandidates(db, actor, params.id, query) };
  },
});

const addStudent = defineEndpoint({
  ...examResultContract.addStudent,
  access,
  async handle({ tx, meta, actor, params, body }) {
    const data = await changeSitting({ tx, meta }, actor, params.id, { type: 'AddToSitting', ...body });
    return { message: examResultMessages.added, data };
  },
});

const excuseStudent = defineEndpoint({
  ...examResultContract.excuseStudent,
  access,
  async handle({ tx, meta, actor, params, body }) {
    const data = await changeSitting({ tx, meta }, actor, params.id, {
      type: 'ExcuseFromSitting',
      studentId: params.studentId,
      reason: body.reason,
    });
    return { message: examResultMessages.excused, data };
  },
});

const revise = defineEndpoint({
  ...examResultContract.revise,
  access,
  async handle({ tx, meta, actor, params, body, c }) {
    return { message: examResultMessages.revised, data: await reviseResult({ tx, meta }, actor, params.id, body, ifMatchVersion(c)) };
  },
});

const history = defineEndpoint({
  ...examResultContract.history,
  access,
  async handle({ db, actor, params, query }) {
    return { message: examResultMessages.history, data: await resultsHistory(db, actor, params.id, query.branchId) };
  },
});

export const examResultEndpoints = [
  sheet,
  exportSheet,
  saveMarks,
  importFromFile,
  publish,
  ofStudent,
  roster,
  candidates,
  addStudent,
  excuseStudent,
  revise,
  history,
];
