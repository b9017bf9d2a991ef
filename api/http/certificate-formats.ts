import { certificateFormatContract, certificateFormatMessages } from '../../common/contracts/certificate-formats';
import type { Executor } from '../db/client';
import type { Actor } from '../domain/auth/actor';
import { anyFormatReader, readableKinds, requireReading } from '../domain/certificate-formats/access';
import {
  archiveCertificateFormat,
  createCertificateFormat,
  saveCertificateFormat,
  unarchiveCertificateFormat,
} from '../domain/certificate-formats/commands';
import { findFormat, formatKind, formatRevision, formatRevisions, listFormats } from '../domain/certificate-formats/queries';
import { PREVIEW_CODE, studentSample } from '../domain/certificate-formats/sample';
import { printableFormat, printableStudent } from '../domain/certificates/print';
import { certificatesPdf } from '../pdf/certificate';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { requireFormPermission } from './form-access';
import { ifMatchVersion, versionTag } from './if-match';
import { printedOrigin } from './origin';

// Whoever opens formats of some kind passes; the kind of the format then decides whether they read
// or change it (api/domain/certificate-formats/access.ts), and a refusal names that kind.
const access = { kind: 'permission', anyOf: anyFormatReader } as const;

const list = defineEndpoint({
  ...certificateFormatContract.list,
  access,
  async handle({ db, actor, query }) {
    if (query.kind) requireReading(actor, query.kind);
    return { message: 'Formats', data: await listFormats(db, query.kind ? [query.kind] : readableKinds(actor), query) };
  },
});

const show = defineEndpoint({
  ...certificateFormatContract.show,
  access,
  async handle({ db, actor, params, c }) {
    const [format, revisions] = await Promise.all([findFormat(db, params.id), formatRevisions(db, params.id)]);
    requireReading(actor, format.kind);
    c.header('ETag', versionTag(format.version));
    return { message: 'Format', data: { ...format, revisions } };
  },
});

const create = defineEndpoint({
  ...certificateFormatContract.create,
  access,
  async handle({ tx, meta, actor, body }) {
    const id = await createCertificateFormat({ tx, meta }, actor, body);
    return { status: 201, message: certificateFormatMessages.created, data: await findFormat(tx, id) };
  },
});

const save = defineEndpoint({
  ...certificateFormatContract.save,
  access,
  async handle({ tx, meta, actor, params, body, c }) {
    await saveCertificateFormat({ tx, meta }, actor, params.id, body, ifMatchVersion(c));
    const format = await findFormat(tx, params.id);
    c.header('ETag', versionTag(format.version));
    return { message: certificateFormatMessages.saved, data: format };
  },
});

const archive = defineEndpoint({
  ...certificateFormatContract.archive,
  access,
  async handle({ tx, meta, actor, params }) {
    await archiveCertificateFormat({ tx, meta }, actor, params.id);
    const format = await findFormat(tx, params.id);
    return { message: certificateFormatMessages.archived(format.content.name), data: format };
  },
});

const unarchive = defineEndpoint({
  ...certificateFormatContract.unarchive,
  access,
  async handle({ tx, meta, actor, params }) {
    await unarchiveCertificateFormat({ tx, meta }, actor, params.id);
    const format = await findFormat(tx, params.id);
    return { message: certificateFormatMessages.unarchived(format.content.name), data: format };
  },
});

// A student's details are shown to whoever reads both the format and the student, within their branch.
async function requireReadingFor(db: Executor, actor: Actor, id: string) {
  requireReading(actor, await formatKind(db, id));
  requireFormPermission(actor, 'student', 'read');
}

const sample = defineEndpoint({
  ...certificateFormatContract.sample,
  access,
  async handle({ db, actor, params, query }) {
    await requireReadingFor(db, actor, params.id);
    return { message: 'Sample', data: await studentSample(db, actor, query.studentId) };
  },
});

/**
 * A revision filled in for a real student, drawn as issued documents are: a certificate page, or
 * a card's sides each at its size. Its number and verification code say it is a preview.
 */
const preview = defineFileEndpoint({
  ...certificateFormatContract.preview,
  access,
  async handle({ db, actor, params, query, deps, c }) {
    await requireReadingFor(db, actor, params.id);
    const [{ content, revision }, student] = await Promise.all([
      formatRevision(db, params.id, query.revision),
      studentSample(db, actor, query.studentId),
    ]);
    const [format, printed] = await Promise.all([
      printableFormat(deps.storage, content.layout),
      printableStudent(deps.storage, printedOrigin(c, deps), { ...student, code: PREVIEW_CODE }),
    ]);
    const bytes = await certificatesPdf(format, [printed]);
    return { file: { bytes, name: `${content.name}-r${revision}-preview.pdf`, type: 'application/pdf' } };
  },
});

export const certificateFormatEndpoints = [list, show, create, save, archive, unarchive, sample, preview];
