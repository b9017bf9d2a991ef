import { examResultContract, type MarkCell } from '../../common/contracts/exam-results';
import { resultContract } from '../../common/contracts/results';
import type { QueryOf } from '../../common/contracts/endpoint';
import { callEndpoint, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';

export function listExamResults(api: AuthedApi, query: QueryOf<typeof resultContract.list>) {
  return callEndpoint(api, resultContract.list, { query });
}

/** An exam's sitting in a branch: the caller's own, the one named, else the first with students. */
export function loadExamSheet(api: AuthedApi, examId: string, branchId?: string) {
  return callEndpoint(api, examResultContract.sheet, { params: { id: examId }, query: { branchId } });
}

export function saveMarks(api: AuthedApi, examId: string, cells: MarkCell[]) {
  return callEndpoint(api, examResultContract.saveMarks, { params: { id: examId }, body: { cells } });
}

export function publishExamResults(api: AuthedApi, examId: string, branchId: string, version?: number) {
  return callEndpoint(api, examResultContract.publish, { params: { id: examId }, body: { branchId }, ...ifMatch(version) });
}
