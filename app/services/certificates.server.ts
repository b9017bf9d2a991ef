import { certificateFormatContract } from '../../common/contracts/certificate-formats';
import { certificateContract, type IssuedKind } from '../../common/contracts/certificates';
import type { BodyOf, QueryOf } from '../../common/contracts/endpoint';
import type { Option } from '~/lib/list-query';
import { callEndpoint, callFile, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';

/** Calls to /api/v1/certificates: the certificates and ID cards issued to students. */

export function listIssued(api: AuthedApi, query: QueryOf<typeof certificateContract.list>) {
  return callEndpoint(api, certificateContract.list, { query });
}

export function certificateOverview(api: AuthedApi) {
  return callEndpoint(api, certificateContract.overview);
}

export function eligibleStudents(api: AuthedApi, query: QueryOf<typeof certificateContract.students>) {
  return callEndpoint(api, certificateContract.students, { query });
}

export function getIssued(api: AuthedApi, id: string) {
  return callEndpoint(api, certificateContract.get, { params: { id } });
}

export function issueDocument(api: AuthedApi, body: BodyOf<typeof certificateContract.issue>, idempotencyKey?: string) {
  return callEndpoint(api, certificateContract.issue, { body, idempotencyKey });
}

export function revokeDocument(api: AuthedApi, id: string, reason: string, version?: number) {
  return callEndpoint(api, certificateContract.revoke, { params: { id }, body: { reason }, ...ifMatch(version) });
}

export function reissueDocument(api: AuthedApi, id: string, version?: number) {
  return callEndpoint(api, certificateContract.reissue, { params: { id }, body: {}, ...ifMatch(version) });
}

export function startBulkIssue(api: AuthedApi, body: BodyOf<typeof certificateContract.bulk>, idempotencyKey?: string) {
  return callEndpoint(api, certificateContract.bulk, { body, idempotencyKey });
}

export function bulkIssueJob(api: AuthedApi, jobId: string) {
  return callEndpoint(api, certificateContract.bulkJob, { params: { jobId } });
}

export function issuedPdf(api: AuthedApi, id: string, origin: string) {
  return callFile(api, certificateContract.pdf, { params: { id }, origin });
}

/** Several documents as one PDF, each on its own page(s), or ID cards as print sheets. */
export function selectionPdf(api: AuthedApi, ids: string[], sheets: boolean, origin: string) {
  return callFile(api, sheets ? certificateContract.idCardSheet : certificateContract.selectionPdf, { body: { ids }, origin });
}

/** The formats of a kind in use, as choices: the first hundred by name, which is more than an institute keeps. */
export async function formatChoices(api: AuthedApi, kind: IssuedKind): Promise<Option[]> {
  const answer = await callEndpoint(api, certificateFormatContract.list, { query: { kind, page: 1, limit: 100 } });
  return answer.ok ? answer.data.formats.map((format) => ({ value: format._id, label: format.content.name })) : [];
}
