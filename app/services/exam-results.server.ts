import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { examResultContract, type MarkCell } from '../../common/contracts/exam-results';
import { resultContract } from '../../common/contracts/results';
import type { MarkValue } from '../../common/exam-results';
import type { QueryOf } from '../../common/contracts/endpoint';
import { callEndpoint, ifMatch } from './api.server';
import { requireAdminRoute, type AuthedApi } from './auth.server';

export function listExamResults(api: AuthedApi, query: QueryOf<typeof resultContract.list>) {
  return callEndpoint(api, resultContract.list, { query });
}

/** An exam's sitting in a branch: the caller's own, the one named, else the first with students. */
export function loadExamSheet(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, examResultContract.sheet, { params: { id: examId }, query: { branchId } });
}

/**
 * The loader of a screen on one sitting: the exam's sheet in the branch the address names
 * (`?branch=`), else the caller's first; a refusal is the route's error.
 */
export async function sittingSheetLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const branch = new URL(request.url).searchParams.get('branch') || undefined;
  const sheet = await loadExamSheet(api, params.examId ?? '', branch);
  if (!sheet.ok) throw data({ message: sheet.message }, { status: sheet.status, headers });
  return data({ sheet: sheet.data }, { headers });
}

export function saveMarks(api: AuthedApi, examId: string, cells: MarkCell[]) {
  return callEndpoint(api, examResultContract.saveMarks, { params: { id: examId }, body: { cells } });
}

export function publishExamResults(api: AuthedApi, examId: string, branchId: string, version?: number) {
  return callEndpoint(api, examResultContract.publish, { params: { id: examId }, body: { branchId }, ...ifMatch(version) });
}

/** Who sits an exam in a branch, and who was excused there. */
export function loadSittingRoster(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, examResultContract.roster, { params: { id: examId }, query: { branchId } });
}

export function findSittingCandidates(api: AuthedApi, examId: string, branchId: string | undefined, q: string) {
  return callEndpoint(api, examResultContract.candidates, { params: { id: examId }, query: { branchId, q } });
}

export function addToSitting(api: AuthedApi, examId: string, body: { branchId?: string; studentId: string; reason?: string }) {
  return callEndpoint(api, examResultContract.addStudent, { params: { id: examId }, body });
}

export function excuseFromSitting(api: AuthedApi, examId: string, studentId: string, reason: string) {
  return callEndpoint(api, examResultContract.excuseStudent, { params: { id: examId, studentId }, body: { reason } });
}

export function reviseExamResult(
  api: AuthedApi,
  examId: string,
  body: { studentId: string; marks: Array<{ subject: string; value: MarkValue }>; reason: string },
  version?: number,
) {
  return callEndpoint(api, examResultContract.revise, { params: { id: examId }, body, ...ifMatch(version) });
}

export function loadResultsHistory(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, examResultContract.history, { params: { id: examId }, query: { branchId } });
}

/** Checks a stored file of marks against a sitting (a dry run) or imports its good rows. */
export function importMarks(api: AuthedApi, examId: string, body: { fileKey: string; branchId?: string; dryRun: boolean }) {
  return callEndpoint(api, examResultContract.importMarks, { params: { id: examId }, body });
}
