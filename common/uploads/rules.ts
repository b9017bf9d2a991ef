/**
 * What may be uploaded (SPEC.md sections 5 and 9): 5 MB of an image, PDF, DOC or DOCX by
 * default; student photo, documents, signature and branch documents 1 MB of JPG, PNG, SVG or GIF;
 * course image 2 MB of the same; exam and subject papers 5 MB of PDF, DOC or DOCX; a marksheet
 * template's logo and signatures 0.5 MB of PNG or JPG; a certificate format's background 2 MB and
 * an ID card format's 1 MB of PNG or JPG; the public site's images 2 MB of JPG, PNG or WEBP and its
 * files 5 MB of PDF, DOC, DOCX, JPG or PNG. The API holds
 * every upload to them (address, confirm, a file posted with a form, a file value of a record);
 * the browser shows them as hints and checks them before sending. Nothing here depends on node.
 */
export const MB = 1024 * 1024;

export interface FileKind {
  label: string;
  contentType: string;
  extensions: readonly string[];
  /** What file-type reports for the real bytes; null: a text format, told apart by its markup. */
  detected: readonly string[] | null;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const fileKinds = {
  jpg: { label: 'JPG', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'], detected: ['image/jpeg'] },
  png: { label: 'PNG', contentType: 'image/png', extensions: ['png'], detected: ['image/png', 'image/apng'] },
  svg: { label: 'SVG', contentType: 'image/svg+xml', extensions: ['svg'], detected: null },
  gif: { label: 'GIF', contentType: 'image/gif', extensions: ['gif'], detected: ['image/gif'] },
  webp: { label: 'WEBP', contentType: 'image/webp', extensions: ['webp'], detected: ['image/webp'] },
  pdf: { label: 'PDF', contentType: 'application/pdf', extensions: ['pdf'], detected: ['application/pdf'] },
  // Word 97-2003 files are OLE compound files.
  doc: { label: 'DOC', contentType: 'application/msword', extensions: ['doc'], detected: ['application/x-cfb'] },
  // A DOCX is a zip; when its parts lie beyond the bytes read, only the zip is recognised.
  docx: { label: 'DOCX', contentType: DOCX, extensions: ['docx'], detected: [DOCX, 'application/zip'] },
  // Rows to import: text with no markup, or a workbook (a zip, like a DOCX).
  csv: { label: 'CSV', contentType: 'text/csv', extensions: ['csv'], detected: null },
  xlsx: { label: 'XLSX', contentType: XLSX, extensions: ['xlsx'], detected: [XLSX, 'application/zip'] },
} satisfies Record<string, FileKind>;

type KindName = keyof typeof fileKinds;

export interface UploadRule {
  maxBytes: number;
  accepts: readonly KindName[];
  /**
   * Widths of the smaller WebP copies a web page shows in the image's stead, made when the upload
   * is confirmed (never wider than the image itself). Only images a browser shows take them.
   */
  webCopies?: readonly number[];
}

const images: KindName[] = ['jpg', 'png', 'svg', 'gif'];

/** A spreadsheet of rows to import (decision 038). */
export const IMPORT_FILE_RULE: UploadRule = { maxBytes: 20 * MB, accepts: ['csv', 'xlsx'] };
const papers: KindName[] = ['pdf', 'doc', 'docx'];

export const defaultUploadRule: UploadRule = {
  maxBytes: 5 * MB,
  accepts: ['jpg', 'png', 'gif', 'svg', 'webp', 'pdf', 'doc', 'docx'],
};

// Maps, not objects: the names come from requests, and `constructor` must not find Object's.
const fieldRules = new Map<string, UploadRule>([
  ['studentPhoto', { maxBytes: 1 * MB, accepts: images }],
  ['documents', { maxBytes: 1 * MB, accepts: images }],
  ['signature', { maxBytes: 1 * MB, accepts: images }],
  ['branchDocument1', { maxBytes: 1 * MB, accepts: images }],
  ['branchDocument2', { maxBytes: 1 * MB, accepts: images }],
  ['courseImage', { maxBytes: 2 * MB, accepts: images }],
  ['examPaper', { maxBytes: 5 * MB, accepts: papers }],
  ['subjectPaper', { maxBytes: 5 * MB, accepts: papers }],
  // A course paper's question paper (course papers screen).
  ['questionPaper', { maxBytes: 5 * MB, accepts: papers }],
  // A marksheet template's logo and signatures: what a PDF can draw, and small, as every marksheet carries them.
  ['templateLogo', { maxBytes: MB / 2, accepts: ['png', 'jpg'] }],
  ['templateSignature', { maxBytes: MB / 2, accepts: ['png', 'jpg'] }],
  // A format's background fills its page: room for a printable A4, a card's far less.
  ['certificateBackground', { maxBytes: 2 * MB, accepts: ['png', 'jpg'] }],
  ['idcardBackground', { maxBytes: 1 * MB, accepts: ['png', 'jpg'] }],
  // The signature a format's signature fields print, as small as a marksheet template's.
  ['formatSignature', { maxBytes: MB / 2, accepts: ['png', 'jpg'] }],
  // The public site's images (logo, hero, gallery, banners): what every browser shows, never SVG,
  // which could carry a script to a visitor; and its downloads and notice attachments.
  // A logo is shown at 64 pixels at most, a banner across a wide screen: copies for both.
  ['siteImage', { maxBytes: 2 * MB, accepts: ['jpg', 'png', 'webp'], webCopies: [160, 480, 960, 1600] }],
  ['siteFile', { maxBytes: 5 * MB, accepts: ['pdf', 'doc', 'docx', 'jpg', 'png'] }],
  ['importFile', IMPORT_FILE_RULE],
]);

/**
 * The rule of a form field. Files inside a table row are named `field_index_subfield`
 * (`examSubjectsTable_0_subjectPaper`), so the last part names the field too.
 */
export function uploadRuleFor(fieldName?: string | null): UploadRule {
  if (!fieldName) return defaultUploadRule;
  return fieldRules.get(fieldName) ?? fieldRules.get(fieldName.split('_').pop() ?? '') ?? defaultUploadRule;
}

export const uploadMessages = {
  noFile: 'No file provided',
  tooLarge: (rule: UploadRule) => `File size must be less than ${formatMb(rule.maxBytes)}MB`,
  unsupported: (rule: UploadRule) => `File type not supported. Accepted: ${acceptedList(rule)}`,
  sizeMismatch: 'The uploaded file’s size does not match the size given for it. Please upload it again.',
  contentMismatch: 'The file’s content does not match its type. Please choose another file.',
  notUploaded: 'The file was not uploaded, or its upload address has expired. Please upload it again.',
  notFound: 'File not found',
  invalidKey: 'Invalid file key',
  unreadableImage: 'The image cannot be read: it may be damaged. Please choose another file.',
  tooManyPixels: (megapixels: number) => `The image is too large: at most ${megapixels} megapixels. Please choose a smaller one.`,
} as const;

export function acceptedList(rule: UploadRule): string {
  return rule.accepts.map((name) => fileKinds[name].label).join(', ');
}

function formatMb(bytes: number): string {
  return String(Math.round((bytes / MB) * 100) / 100);
}

/** The rule as a person reads it: "Max 1MB (JPG, PNG, SVG, GIF)". */
export function uploadRuleHint(rule: UploadRule): string {
  return `Max ${formatMb(rule.maxBytes)}MB (${acceptedList(rule)})`;
}

/** The rule as a file input's accept attribute: ".jpg,.jpeg,.jfif,.png,...". */
export function acceptAttribute(rule: UploadRule): string {
  return rule.accepts.flatMap((name) => fileKinds[name].extensions.map((extension) => `.${extension}`)).join(',');
}

// A Map, so that a type such as `constructor` finds nothing rather than an Object property.
const aliases = new Map([
  ['image/jpg', 'image/jpeg'],
  ['image/pjpeg', 'image/jpeg'],
  ['image/x-png', 'image/png'],
]);

const csvTypes = new Set(['application/vnd.ms-excel', 'text/plain', 'application/csv', 'text/x-csv', 'text/comma-separated-values']);

/**
 * The content type an upload is stored with: the browser's type, normalised; when the browser
 * gave none (or only octet-stream), the one the file name's extension stands for.
 */
export function resolveContentType(fileType: string | undefined, fileName: string): string {
  const given = (fileType ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  // Windows names a CSV after the program that opens it (Excel's type) and others call it plain text.
  if (extension === 'csv' && csvTypes.has(given)) return fileKinds.csv.contentType;
  if (given && given !== 'application/octet-stream') return aliases.get(given) ?? given;
  const kind = Object.values(fileKinds).find((k) => (k.extensions as readonly string[]).includes(extension));
  return kind?.contentType ?? (given || 'application/octet-stream');
}

export interface UploadCandidate {
  fileName: string;
  contentType: string;
  size: number;
}

/** The message that refuses this upload under the rule, or null when it may go ahead. */
export function checkUpload(rule: UploadRule, { fileName, contentType, size }: UploadCandidate): string | null {
  if (!fileName.trim() || !(size > 0)) return uploadMessages.noFile;
  if (size > rule.maxBytes) return uploadMessages.tooLarge(rule);
  if (!kindOf(rule, contentType)) return uploadMessages.unsupported(rule);
  return null;
}

function kindOf(rule: UploadRule, contentType: string): FileKind | undefined {
  return rule.accepts.map((name) => fileKinds[name] as FileKind).find((kind) => kind.contentType === contentType);
}
