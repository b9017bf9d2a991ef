import { marksheetTemplateContract, marksheetTemplateMessages } from '../../common/contracts/marksheet-templates';
import { createMarksheetTemplate, makeMarksheetTemplateDefault, saveMarksheetTemplate } from '../domain/marksheet-templates/commands';
import { requirePrintableImages } from '../domain/marksheet-templates/images';
import { findTemplate, listTemplates, templateRevision, templateRevisions } from '../domain/marksheet-templates/queries';
import { templatePreviewPdf } from '../pdf/exam-documents';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { printedOrigin } from './origin';
import { ifMatchVersion, versionTag } from './if-match';

const access = { kind: 'permission', anyOf: ['MARKSHEET_TEMPLATE_MANAGE', 'EXAM_TEMPLATE_MANAGEMENT'] } as const;

const list = defineEndpoint({
  ...marksheetTemplateContract.list,
  access,
  async handle({ db, query }) {
    return { message: 'Marksheet templates', data: await listTemplates(db, query) };
  },
});

const show = defineEndpoint({
  ...marksheetTemplateContract.show,
  access,
  async handle({ db, params, c }) {
    const [template, versions] = await Promise.all([findTemplate(db, params.id), templateRevisions(db, params.id)]);
    c.header('ETag', versionTag(template.version));
    return { message: 'Marksheet template', data: { ...template, versions } };
  },
});

const create = defineEndpoint({
  ...marksheetTemplateContract.create,
  access,
  async handle({ tx, meta, body }) {
    const id = await createMarksheetTemplate({ tx, meta }, body);
    return { status: 201, message: marksheetTemplateMessages.created, data: await findTemplate(tx, id) };
  },
});

const save = defineEndpoint({
  ...marksheetTemplateContract.save,
  access,
  async handle({ tx, meta, params, body, c }) {
    await saveMarksheetTemplate({ tx, meta }, params.id, body, ifMatchVersion(c));
    const template = await findTemplate(tx, params.id);
    c.header('ETag', versionTag(template.version));
    return { message: marksheetTemplateMessages.saved, data: template };
  },
});

const makeDefault = defineEndpoint({
  ...marksheetTemplateContract.makeDefault,
  access,
  async handle({ tx, meta, params }) {
    await makeMarksheetTemplateDefault({ tx, meta }, params.id);
    const template = await findTemplate(tx, params.id);
    return { message: marksheetTemplateMessages.madeDefault(template.content.name), data: template };
  },
});

const preview = defineFileEndpoint({
  ...marksheetTemplateContract.preview,
  access,
  async handle({ db, params, query, deps, c }) {
    const { content, revision } = await templateRevision(db, params.id, query.revision);
    const bytes = await templatePreviewPdf(content, deps.storage, printedOrigin(c, deps));
    return { file: { bytes, name: `template-${content.name}-v${revision}.pdf`, type: 'application/pdf' } };
  },
});

/** The editor's draft made into a sample marksheet, held to every rule of a save but saved nowhere. */
const previewDraft = defineFileEndpoint({
  ...marksheetTemplateContract.previewDraft,
  access,
  async handle({ db, actor, body, deps, c }) {
    await requirePrintableImages(db, actor, body);
    const bytes = await templatePreviewPdf(body, deps.storage, printedOrigin(c, deps));
    return { file: { bytes, name: 'template-draft.pdf', type: 'application/pdf' } };
  },
});

export const marksheetTemplateEndpoints = [list, show, create, save, makeDefault, preview, previewDraft];
