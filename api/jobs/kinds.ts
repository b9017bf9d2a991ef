import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { importRecordsKind } from '../domain/imports/import-job';
import { bulkIssueKind } from '../domain/certificates/bulk-issue';
import { sittingMarksheetsKind } from '../domain/documents/sitting-marksheets';
import type { ObjectStorage } from '../storage/object-storage';
import type { JobKind } from './runner';

/** Every kind of job this process runs: a job of a kind not listed waits for a process that runs it. */
export function jobKinds(deps: { database: Database; storage: ObjectStorage; logger?: Logger }): JobKind<unknown>[] {
  return [sittingMarksheetsKind(deps), bulkIssueKind(deps), importRecordsKind(deps)];
}
