import { importContract, type ImportFormType, type ImportMapping } from '../../common/contracts/imports';
import type { ExportFormat } from '../../common/contracts/export';
import { callEndpoint, callFile, type ApiFile } from './api.server';
import type { AuthedApi } from './auth.server';

export function createImport(api: AuthedApi, formType: ImportFormType, fileKey: string) {
  return callEndpoint(api, importContract.create, { body: { formType, fileKey } });
}

export function showImport(api: AuthedApi, id: string) {
  return callEndpoint(api, importContract.get, { params: { id } });
}

/** Starts a dry run or the import; a key per page shown makes a double post start one run. */
export function runImport(api: AuthedApi, id: string, mapping: ImportMapping, dryRun: boolean, idempotencyKey: string) {
  return callEndpoint(api, importContract.run, { params: { id }, body: { mapping, dryRun }, idempotencyKey });
}

export function importRun(api: AuthedApi, id: string, jobId: string) {
  return callEndpoint(api, importContract.runView, { params: { id, jobId } });
}

export function failedRowsFile(api: AuthedApi, id: string, jobId: string, origin: string) {
  return callFile(api, importContract.failedRows, { params: { id, jobId }, origin });
}

export function importTemplateFile(api: AuthedApi, formType: ImportFormType, format: ExportFormat) {
  return api.call<ApiFile>('GET', `/imports/templates/${formType}`, { query: { format }, file: true });
}
