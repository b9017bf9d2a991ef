import { documentContract } from '../../common/contracts/documents';
import { anonymousApi, callEndpoint, callFile } from './api.server';
import type { ApiTransport } from './api-transport.server';
import type { AuthedApi } from './auth.server';

export function listMarksheets(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, documentContract.marksheets, { params: { id: examId }, query: { branchId } });
}

export function marksheetPdf(api: AuthedApi, examId: string, studentId: string, origin: string) {
  return callFile(api, documentContract.marksheet, { params: { id: examId, studentId }, origin });
}

/** Starts making a sitting's marksheets as one PDF, or finds the job already making them. */
export function startSittingMarksheets(
  api: AuthedApi,
  examId: string,
  branchId: string | undefined,
  origin: string,
  idempotencyKey: string,
) {
  return callEndpoint(api, documentContract.startMarksheets, { params: { id: examId }, body: { branchId }, origin, idempotencyKey });
}

export function sittingMarksheetsJob(api: AuthedApi, examId: string, jobId: string) {
  return callEndpoint(api, documentContract.marksheetsJob, { params: { id: examId, jobId } });
}

export function sittingMarksheetsPdf(api: AuthedApi, examId: string, jobId: string, origin: string) {
  return callFile(api, documentContract.marksheetsJobPdf, { params: { id: examId, jobId }, origin });
}

export function listAdmitCards(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, documentContract.admitCardList, { params: { id: examId }, query: { branchId } });
}

export function issueAdmitCards(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, documentContract.issueAdmitCards, { params: { id: examId }, body: { branchId } });
}

export function admitCardsPdf(api: AuthedApi, examId: string, query: { branchId?: string; studentId?: string }, origin: string) {
  return callFile(api, documentContract.admitCardsPdf, { params: { id: examId }, query, origin });
}

/** The public look-up of a code: no one signs in to check a paper. */
export function verifyCode(transport: ApiTransport, code: string) {
  return callEndpoint(anonymousApi(transport), documentContract.verify, { params: { code } });
}
