import { importContract, importFormTypes, importMessages } from '../../common/contracts/imports';
import { jobMessages } from '../../common/contracts/jobs';
import { indianDay } from '../../common/india-time';
import type { Actor } from '../domain/auth/actor';
import {
  createImport,
  failedRowsTable,
  findImport,
  importRunView,
  importTemplate,
  importView,
  prepareImport,
  startImportRun,
} from '../domain/imports/imports';
import { exportFile } from '../export/export-file';
import type { Executor } from '../db/client';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { formPermissionNames, requireFormPermission } from './form-access';

/** Whoever may add records of one of the importable forms; each import is held to its own form's permission. */
const importers = {
  kind: 'permission',
  anyOf: [...new Set(importFormTypes.flatMap((formType) => formPermissionNames(formType, 'create')))],
} as const;

async function reachableImport(db: Executor, actor: Actor, id: string) {
  const row = await findImport(db, actor, id);
  requireFormPermission(actor, row.formType, 'create');
  return row;
}

const create = defineEndpoint({
  ...importContract.create,
  access: importers,
  // The whole file is read before the transaction opens: a large one takes seconds.
  prepare: ({ db, deps, actor, body }) => {
    requireFormPermission(actor, body.formType, 'create');
    return prepareImport(db, deps.storage, actor, body.fileKey);
  },
  async handle({ tx, meta, actor, body, prepared }) {
    const row = await createImport({ tx, meta }, actor, body, prepared);
    return { status: 201, message: importMessages.created, data: await importView(tx, actor, row) };
  },
});

const get = defineEndpoint({
  ...importContract.get,
  access: importers,
  async handle({ db, actor, params }) {
    return { message: 'Import', data: await importView(db, actor, await reachableImport(db, actor, params.id)) };
  },
});

const run = defineEndpoint({
  ...importContract.run,
  access: importers,
  async handle({ tx, meta, actor, params, body }) {
    const row = await reachableImport(tx, actor, params.id);
    const { run: started, created } = await startImportRun({ tx, meta }, actor, row, body);
    if (!created) return { message: jobMessages.alreadyRunning, data: started };
    return { status: 201, message: body.dryRun ? importMessages.dryRunStarted : importMessages.importStarted, data: started };
  },
});

const runView = defineEndpoint({
  ...importContract.runView,
  access: importers,
  async handle({ db, actor, params }) {
    const row = await reachableImport(db, actor, params.id);
    return { message: jobMessages.progress, data: await importRunView(db, row, params.jobId) };
  },
});

const failedRows = defineFileEndpoint({
  ...importContract.failedRows,
  access: importers,
  async handle({ db, actor, params, deps }) {
    const row = await reachableImport(db, actor, params.id);
    return exportFile('csv', await failedRowsTable(db, deps.storage, row, params.jobId), indianDay(deps.clock.now()));
  },
});

const template = defineFileEndpoint({
  ...importContract.template,
  access: importers,
  async handle({ db, actor, params, query, deps }) {
    requireFormPermission(actor, params.formType, 'create');
    return exportFile(query.format, await importTemplate(db, params.formType), indianDay(deps.clock.now()));
  },
});

export const importEndpoints = [create, template, get, run, runView, failedRows];
