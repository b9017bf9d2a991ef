import { certificateFormatContract, certificateFormatMessages } from '../../common/contracts/certificate-formats';
import { anyFormatReader, readableKinds, requireReading } from '../domain/certificate-formats/access';
import {
  archiveCertificateFormat,
  createCertificateFormat,
  saveCertificateFormat,
  unarchiveCertificateFormat,
} from '../domain/certificate-formats/commands';
import { findFormat, formatRevisions, listFormats } from '../domain/certificate-formats/queries';
import { defineEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

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

export const certificateFormatEndpoints = [list, show, create, save, archive, unarchive];
