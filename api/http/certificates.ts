import type { Context } from 'hono';
import { certificateContract, certificateMessages } from '../../common/contracts/certificates';
import { jobMessages } from '../../common/contracts/jobs';
import { indianDay } from '../../common/india-time';
import type { Executor } from '../db/client';
import { branchScope } from '../domain/auth/branch-scope';
import { bulkJobView, startBulkIssue } from '../domain/certificates/bulk-issue';
import { issueDocument, issuerOf, reissueDocument, revokeDocument } from '../domain/certificates/commands';
import { documentsPdf, idCardSheetsPdf } from '../domain/certificates/print';
import {
  documentOverview,
  documentsExport,
  eligibleStudents,
  issuedByJob,
  listDocuments,
  printableDocuments,
  readableDocument,
} from '../domain/certificates/queries';
import { exportFile } from '../export/export-file';
import { jobViewOf } from '../jobs/queue';
import type { ApiEnv } from './context';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';
import { printedOrigin } from './origin';

/** Issue, revoke and reissue: the catalogue's "Generate certificates and ID cards". */
const issuers = { kind: 'permission', anyOf: ['CERTIFICATE_GENERATE'] } as const;
/** Read what was issued: "Open generated certificates", and whoever issues. */
const readers = { kind: 'permission', anyOf: ['CERTIFICATE_GENERATED', 'CERTIFICATE_GENERATE'] } as const;

/** A document's answer, with its version as the ETag for the next If-Match. */
async function answered(c: Context<ApiEnv>, db: Executor, scope: string | null, id: string, message: string, status?: 201) {
  const view = await readableDocument(db, id, scope);
  c.header('ETag', versionTag(view.version));
  return { status, message, data: view };
}

const list = defineEndpoint({
  ...certificateContract.list,
  access: readers,
  async handle({ db, actor, query }) {
    return { message: 'Issued documents', data: await listDocuments(db, branchScope(actor), query) };
  },
});

const exportDocuments = defineFileEndpoint({
  ...certificateContract.export,
  access: readers,
  async handle({ db, actor, query: { format, ...query }, deps }) {
    return exportFile(format, documentsExport(db, branchScope(actor), query), indianDay(deps.clock.now()));
  },
});

const overview = defineEndpoint({
  ...certificateContract.overview,
  access: readers,
  async handle({ db, actor, deps }) {
    return { message: 'Overview', data: await documentOverview(db, branchScope(actor), deps.clock.now()) };
  },
});

const students = defineEndpoint({
  ...certificateContract.students,
  access: issuers,
  async handle({ db, actor, query }) {
    return { message: 'Students', data: await eligibleStudents(db, branchScope(actor), query) };
  },
});

const get = defineEndpoint({
  ...certificateContract.get,
  access: readers,
  async handle({ db, actor, params, c }) {
    return answered(c, db, branchScope(actor), params.id, 'Issued document');
  },
});

const issue = defineEndpoint({
  ...certificateContract.issue,
  access: issuers,
  async handle({ tx, meta, actor, body, c }) {
    const { id, created } = await issueDocument({ tx, meta }, issuerOf(actor), body);
    const scope = branchScope(actor);
    return created
      ? answered(c, tx, scope, id, certificateMessages.issued(body.kind), 201)
      : answered(c, tx, scope, id, certificateMessages.alreadyHeld(body.kind));
  },
});

const revoke = defineEndpoint({
  ...certificateContract.revoke,
  access: issuers,
  async handle({ tx, meta, actor, params, body, c }) {
    await revokeDocument({ tx, meta }, actor, params.id, body.reason, ifMatchVersion(c));
    const answer = await answered(c, tx, branchScope(actor), params.id, '');
    return { ...answer, message: certificateMessages.revoked(answer.data.kind) };
  },
});

const reissue = defineEndpoint({
  ...certificateContract.reissue,
  access: issuers,
  async handle({ tx, meta, actor, params, body, c }) {
    const id = await reissueDocument({ tx, meta }, actor, params.id, body.formatId, ifMatchVersion(c));
    const answer = await answered(c, tx, branchScope(actor), id, '', 201);
    return { ...answer, message: certificateMessages.reissued(answer.data.kind, answer.data.number) };
  },
});

const bulk = defineEndpoint({
  ...certificateContract.bulk,
  access: issuers,
  async handle({ tx, meta, actor, body }) {
    const { job, created } = await startBulkIssue({ tx, meta }, issuerOf(actor), body);
    const data = { ...jobViewOf(job), issued: await issuedByJob(tx, job.id) };
    return created ? { status: 201, message: certificateMessages.bulkStarted, data } : { message: jobMessages.alreadyRunning, data };
  },
});

const bulkJob = defineEndpoint({
  ...certificateContract.bulkJob,
  access: issuers,
  async handle({ db, actor, params }) {
    return { message: jobMessages.progress, data: await bulkJobView(db, branchScope(actor), params.jobId) };
  },
});

const pdfName = (...parts: string[]) => `${parts.join('-').replace(/[^\w.-]+/g, '-')}.pdf`;

const pdf = defineFileEndpoint({
  ...certificateContract.pdf,
  access: readers,
  async handle({ db, actor, params, deps, c }) {
    const rows = await printableDocuments(db, [params.id], branchScope(actor));
    const bytes = await documentsPdf(db, deps.storage, printedOrigin(c, deps), rows);
    return { file: { bytes, name: pdfName(rows[0]!.number, rows[0]!.studentName), type: 'application/pdf' } };
  },
});

const selectionPdf = defineFileEndpoint({
  ...certificateContract.selectionPdf,
  access: readers,
  async handle({ db, actor, body, deps, c }) {
    const rows = await printableDocuments(db, body.ids, branchScope(actor));
    const bytes = await documentsPdf(db, deps.storage, printedOrigin(c, deps), rows);
    return { file: { bytes, name: pdfName('documents', String(rows.length)), type: 'application/pdf' } };
  },
});

const idCardSheet = defineFileEndpoint({
  ...certificateContract.idCardSheet,
  access: readers,
  async handle({ db, actor, body, deps, c }) {
    const rows = await printableDocuments(db, body.ids, branchScope(actor));
    const bytes = await idCardSheetsPdf(db, deps.storage, printedOrigin(c, deps), rows);
    return { file: { bytes, name: pdfName('id-card-sheets', String(rows.length)), type: 'application/pdf' } };
  },
});

// The fixed paths come before /certificates/:id, which would otherwise take "export", "overview" or "students" for an id.
export const certificateEndpoints = [
  list,
  exportDocuments,
  overview,
  students,
  bulkJob,
  get,
  issue,
  revoke,
  reissue,
  bulk,
  pdf,
  selectionPdf,
  idCardSheet,
];
