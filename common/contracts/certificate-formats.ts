import { z } from 'zod';
import {
  checkedFormatLayout,
  fieldTypes,
  formatKinds,
  formatLayout,
  sides,
  type FormatKind,
  type FormatLayout,
} from '../certificate-layout';
import { uploadRuleFor } from '../uploads/rules';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';

/**
 * A certificate or ID card format: a name and a layout (common/certificate-layout.ts). Every save
 * is a revision of its own, kept; an issued document records the revision it was made from. The
 * institute's formats, not a branch's: branch staff read them to issue, the institute's staff
 * change them (docs/decisions/032).
 */

const CERTIFICATE_FORMAT_NAME_MAX = 80;

/**
 * Where a format's images are uploaded from (docs/decisions/008): the form type of their keys
 * and the field whose upload rule each answers to (common/uploads/rules.ts): a background's
 * depends on the kind, the signature's does not.
 */
export const formatImageUpload = {
  formType: 'certificateFormat',
  backgrounds: { certificate: 'certificateBackground', idcard: 'idcardBackground' } satisfies Record<FormatKind, string>,
  signature: 'formatSignature',
} as const;
export const formatBackgroundRule = (kind: FormatKind) => uploadRuleFor(formatImageUpload.backgrounds[kind]);
export const formatSignatureRule = () => uploadRuleFor(formatImageUpload.signature);

/** A layout's images with the path a refusal names and the upload rule each must meet. */
export function formatImages(layout: Pick<FormatLayout, 'kind' | 'background' | 'signature'>) {
  return [
    ...sides.map((side) => ({
      path: `layout.background.${side}`,
      key: layout.background[side],
      rule: formatImageUpload.backgrounds[layout.kind],
    })),
    { path: 'layout.signature', key: layout.signature ?? null, rule: formatImageUpload.signature },
  ].filter((image): image is { path: string; key: string; rule: string } => image.key !== null);
}

/** Each kind as a sentence names it. */
const formatKindNouns: Record<FormatKind, string> = { certificate: 'certificate', idcard: 'ID card' };

export const certificateFormatMessages = {
  created: 'Format created',
  saved: 'Format saved',
  archived: (name: string) => `${name} is archived`,
  unarchived: (name: string) => `${name} is back in use`,
  missing: 'Format not found',
  nameTaken: (kind: FormatKind) =>
    kind === 'certificate' ? 'A certificate format of this name already exists' : 'An ID card format of this name already exists',
  stale: 'This format changed since it was opened. Reload it and try again.',
  required: 'Name is required',
  tooLong: `Name must be at most ${CERTIFICATE_FORMAT_NAME_MAX} characters`,
  kindKept: 'A format keeps its kind: make a new format for the other kind',
  archivedFormat: 'This format is archived: bring it back into use before changing it',
  imagesRefused: 'An image of the format cannot be used: upload it again',
  mayNotRead: (kind: FormatKind) => `You may not open ${formatKindNouns[kind]} formats`,
  mayNotChange: (kind: FormatKind) => `You may not change ${formatKindNouns[kind]} formats`,
  instituteOnly: 'Formats are the institute’s: only its staff change them',
  studentMissing: 'Student not found',
  revisionMissing: 'This format has no such revision',
};

export const certificateFormatName = z
  .string({ required_error: certificateFormatMessages.required })
  .trim()
  .min(1, certificateFormatMessages.required)
  .max(CERTIFICATE_FORMAT_NAME_MAX, certificateFormatMessages.tooLong);

/** What a save sends: the name, unique among formats of its kind in any case, and a layout with no problem. */
const certificateFormatContent = z
  .object({
    name: certificateFormatName,
    layout: checkedFormatLayout.describe(
      `Millimetres from each side's top-left corner; backgrounds and the signature are keys of images uploaded under the form type ${formatImageUpload.formType}`,
    ),
  })
  .strict();
export type CertificateFormatContent = z.infer<typeof certificateFormatContent>;

/** Content as stored and answered: a layout saved before a rule was added is still read. */
const savedContent = z.object({ name: z.string(), layout: formatLayout });

const certificateFormatView = z.object({
  _id: z.string(),
  kind: z.enum(formatKinds),
  content: savedContent,
  archived: z.boolean().describe('Archived formats are kept, with their revisions, but offered for no new document'),
  revision: z.number().int().describe('The number of the latest saved content, from 1: what an issued document records'),
  version: z.number().int().describe('Each change is a version; send it back as If-Match'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type CertificateFormatView = z.infer<typeof certificateFormatView>;

const certificateFormatRevision = z.object({
  revision: z.number().int().describe('Each save is a revision, numbered from 1'),
  savedAt: z.string().datetime(),
  savedBy: z.string().nullable().describe('The name of who saved it'),
  content: savedContent,
});
export type CertificateFormatRevision = z.infer<typeof certificateFormatRevision>;

const certificateFormatListQuery = z.object({
  ...pagingQuery,
  kind: z.enum(formatKinds).optional().describe('Formats of one kind; without it, every kind the caller may open'),
  search: z.string().trim().max(100).optional().describe('Part of the name, in any case'),
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true lists archived formats too'),
});
export type CertificateFormatListQuery = z.infer<typeof certificateFormatListQuery>;

const certificateFormatList = z.object({ formats: z.array(certificateFormatView), ...pageFields('Formats matching the query') });
export type CertificateFormatList = z.infer<typeof certificateFormatList>;

/** What the designer starts a new format of a kind from: an empty page of the kind's first size. */
export function blankFormat(kind: FormatKind): CertificateFormatContent {
  const layout: FormatLayout = {
    kind,
    pageSize: kind === 'certificate' ? 'A4' : 'CR80',
    orientation: kind === 'certificate' ? 'landscape' : 'portrait',
    background: { front: null, back: null },
    fields: [],
  };
  return { name: '', layout };
}

const field = { side: 'front', fontFamily: 'Noto Serif', fontWeight: 'normal', colour: '#111827', align: 'center' } as const;
const example: CertificateFormatContent = {
  name: 'Course completion',
  layout: {
    ...blankFormat('certificate').layout,
    fields: [
      { ...field, id: 'name', type: 'studentName', x: 48.5, y: 90, width: 200, height: 14, fontSize: 28, fontWeight: 'bold', text: '' },
      {
        ...field,
        id: 'line',
        type: 'text',
        x: 28.5,
        y: 110,
        width: 240,
        height: 20,
        fontSize: 14,
        text: 'has completed {{course}} ({{duration}}) with grade {{grade}}',
      },
      { ...field, id: 'qr', type: 'qr', x: 250, y: 165, width: 30, height: 30, fontSize: 12, text: '' },
    ],
  },
};

const tag = 'certificate formats';
const idParams = z.object({ id: z.string().min(1).max(100) });

const previewStudent = z.string().min(1).max(100).describe('The student whose details fill the fields');

/**
 * What a format's fields read for a student before anything is issued to them: their details,
 * and for what only an issued document has (its number, dates) values that say so.
 */
const studentSample = z.object({
  studentId: z.string(),
  values: z
    .record(z.enum(fieldTypes), z.string())
    .describe('The text fields’ values by their type, also what {{placeholders}} are filled from'),
  photo: z.string().nullable().describe('The upload key of the student’s photo'),
});
export type StudentSample = z.infer<typeof studentSample>;

export const certificateFormatContract = {
  list: defineContract({
    method: 'get',
    path: '/certificate-formats',
    summary: 'Certificate and ID card formats by name; archived ones only when asked for',
    tag,
    query: certificateFormatListQuery,
    response: certificateFormatList,
    example: { query: { kind: 'certificate', search: 'course', page: '1', limit: '20' } },
  }),
  show: defineContract({
    method: 'get',
    path: '/certificate-formats/:id',
    summary: 'A format as last saved, with every revision kept',
    tag,
    params: idParams,
    response: certificateFormatView.extend({ revisions: z.array(certificateFormatRevision).describe('Newest first') }),
    refuses: [404],
    etag: true,
  }),
  create: defineContract({
    method: 'post',
    path: '/certificate-formats',
    summary: 'Creates a certificate or ID card format: its first revision',
    tag,
    body: certificateFormatContent,
    response: certificateFormatView,
    creates: true,
    refuses: [409],
    example: { body: example },
  }),
  save: defineContract({
    method: 'put',
    path: '/certificate-formats/:id',
    summary: 'Saves a new revision of a format, of the same kind; documents issued before keep the revision they were made from',
    tag,
    params: idParams,
    body: certificateFormatContent,
    response: certificateFormatView,
    refuses: [404, 409],
    etag: true,
    ifMatch: true,
    example: { body: { ...example, name: 'Course completion (gold)' } },
  }),
  archive: defineContract({
    method: 'post',
    path: '/certificate-formats/:id/archive',
    summary: 'Archives a format: kept with its revisions, left out of the list and of new documents',
    tag,
    params: idParams,
    response: certificateFormatView,
    refuses: [404],
  }),
  unarchive: defineContract({
    method: 'post',
    path: '/certificate-formats/:id/unarchive',
    summary: 'Brings an archived format back into use',
    tag,
    params: idParams,
    response: certificateFormatView,
    refuses: [404],
  }),
  sample: defineContract({
    method: 'get',
    path: '/certificate-formats/:id/sample',
    summary: 'What the format’s fields read for a student the caller may see: what its designer previews with',
    tag,
    params: idParams,
    query: z.object({ studentId: previewStudent }),
    response: studentSample,
    refuses: [404],
  }),
  preview: defineContract({
    method: 'get',
    path: '/certificate-formats/:id/preview',
    summary: 'A revision of the format filled in for a student the caller may see, as a PDF: a certificate, or a card front and back',
    tag,
    params: idParams,
    query: z.object({
      studentId: previewStudent,
      revision: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Which saved content; the latest unless named'),
    }),
    produces: 'application/pdf',
    refuses: [404],
  }),
};
