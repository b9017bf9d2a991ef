import type { Database } from '../db/client';
import { bulkIssueKind } from '../domain/certificates/bulk-issue';
import { sittingMarksheetsKind } from '../domain/documents/sitting-marksheets';
import type { ObjectStorage } from '../storage/object-storage';
import type { JobKind } from './runner';

/** Every kind of job this process runs: a job of a kind not listed waits for a process that runs it. */
export function jobKinds(deps: { database: Database; storage: ObjectStorage }): JobKind<unknown>[] {
  return [sittingMarksheetsKind(deps), bulkIssueKind(deps)];
}
