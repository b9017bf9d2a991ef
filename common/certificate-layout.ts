import { z } from 'zod';

/**
 * The layout of a certificate or ID card format: a page, a background image per side and fields
 * placed on it. Positions and sizes are millimetres from the side's top-left corner, so a format
 * prints the same on any device and the designer draws it to scale.
 */

export const formatKinds = ['certificate', 'idcard'] as const;
export type FormatKind = (typeof formatKinds)[number];

/** Millimetres in a PDF point, a 72nd of an inch: font sizes are in points, positions in millimetres. */
export const MM_PER_POINT = 25.4 / 72;

/** Page sizes in millimetres, portrait. CR80 is the bank-card size ID cards are printed at. */
export const pageSizes = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
  CR80: { width: 54, height: 85.6 },
} as const;
type PageSize = keyof typeof pageSizes;
const pageSizesOf: Record<FormatKind, readonly PageSize[]> = { certificate: ['A4', 'Letter'], idcard: ['CR80'] };

const orientations = ['portrait', 'landscape'] as const;

export const sides = ['front', 'back'] as const;
export type Side = (typeof sides)[number];

/** What a field shows. Text fields carry free text with placeholders; the rest are filled from the student and the document. */
export const fieldTypes = [
  'studentName',
  'fatherName',
  'course',
  'duration',
  'grade',
  'completionDate',
  'registrationNo',
  'rollNo',
  'branch',
  'validUntil',
  'bloodGroup',
  'emergencyContact',
  'documentNumber',
  'issueDate',
  'verificationCode',
  'text',
  'photo',
  'signature',
  'qr',
  'barcode',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const fieldTypeLabels: Record<FieldType, string> = {
  studentName: 'Student name',
  fatherName: 'Father’s name',
  course: 'Course',
  duration: 'Duration',
  grade: 'Grade or result',
  completionDate: 'Completion date',
  registrationNo: 'Registration number',
  rollNo: 'Roll number',
  branch: 'Branch',
  validUntil: 'Valid until',
  bloodGroup: 'Blood group',
  emergencyContact: 'Emergency contact',
  documentNumber: 'Certificate or card number',
  issueDate: 'Issue date',
  verificationCode: 'Verification code',
  text: 'Text',
  photo: 'Photo',
  signature: 'Signature',
  qr: 'QR code',
  barcode: 'Barcode',
};

/** Fields drawn as an image rather than as text. */
export const imageFieldTypes: readonly FieldType[] = ['photo', 'signature', 'qr', 'barcode'];

/** What `{{name}}` a text field may hold: the text fields' values, by their type's name. */
export const placeholders = fieldTypes.filter((type) => !imageFieldTypes.includes(type) && type !== 'text');

export const fontFamilies = ['Noto Sans', 'Noto Serif'] as const;
export const fontWeights = ['normal', 'bold'] as const;
export const alignments = ['left', 'center', 'right'] as const;

export const FORMAT_LIMITS = { fields: 40, text: 500, fontSizeMin: 4, fontSizeMax: 96 };

export const layoutMessages = {
  offPage: (label: string) => `${label} lies outside the page`,
  unknownPlaceholder: (name: string) => `{{${name}}} is not a placeholder: use one of ${placeholders.join(', ')}`,
  sizeForKind: 'This page size is not for this kind of format',
  backOnCertificate: 'A certificate has one side: place its fields on the front',
  backBackgroundOnCertificate: 'A certificate has one side: it has no back to put an image on',
  fieldIdTwice: (id: string) => `Two fields are named ${id}: each needs a name of its own`,
  colour: 'A colour is # and six hex digits',
  textRequired: 'A text field needs its text',
  tooManyFields: `At most ${FORMAT_LIMITS.fields} fields`,
};

const millimetres = z.number().finite().min(0).max(1000);

export const formatField = z
  .object({
    id: z.string().min(1).max(40),
    type: z.enum(fieldTypes),
    side: z.enum(sides).default('front'),
    x: millimetres,
    y: millimetres,
    width: millimetres.min(1),
    height: millimetres.min(1),
    fontFamily: z.enum(fontFamilies).default('Noto Sans'),
    fontSize: z.number().min(FORMAT_LIMITS.fontSizeMin).max(FORMAT_LIMITS.fontSizeMax).default(12).describe('Points'),
    fontWeight: z.enum(fontWeights).default('normal'),
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, layoutMessages.colour)
      .default('#111827'),
    align: z.enum(alignments).default('left'),
    text: z.string().max(FORMAT_LIMITS.text).default('').describe('A text field’s words, with {{placeholders}}'),
  })
  .strict();
export type FormatField = z.infer<typeof formatField>;

export const formatLayout = z
  .object({
    kind: z.enum(formatKinds),
    pageSize: z.enum(Object.keys(pageSizes) as [PageSize, ...PageSize[]]),
    orientation: z.enum(orientations),
    background: z.object({ front: z.string().max(512).nullable(), back: z.string().max(512).nullable() }).describe('Image keys'),
    // Formats saved before signatures had images carry none: their signature fields print empty.
    signature: z.string().max(512).nullable().optional().describe('Image key of the signature every signature field prints'),
    fields: z.array(formatField).max(FORMAT_LIMITS.fields, layoutMessages.tooManyFields),
  })
  .strict();
export type FormatLayout = z.infer<typeof formatLayout>;

/** The size of one side in millimetres, turned for landscape. */
export function sideSize(layout: Pick<FormatLayout, 'pageSize' | 'orientation'>) {
  const { width, height } = pageSizes[layout.pageSize];
  return layout.orientation === 'landscape' ? { width: height, height: width } : { width, height };
}

const PLACEHOLDER = /\{\{\s*([^}\s]+)\s*\}\}/g;

/** The placeholders a text names that are not placeholders. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(placeholders as string[]).includes(name));
}

/** Fills a text's placeholders from the values given; one without a value reads as nothing. */
export function fillPlaceholders(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

/** What is wrong with a layout, each at its path; empty when it can be saved. */
export function layoutProblems(layout: FormatLayout): Array<{ path: (string | number)[]; message: string }> {
  const problems: Array<{ path: (string | number)[]; message: string }> = [];
  if (!pageSizesOf[layout.kind].includes(layout.pageSize)) problems.push({ path: ['pageSize'], message: layoutMessages.sizeForKind });
  if (layout.kind === 'certificate' && layout.background.back) {
    problems.push({ path: ['background', 'back'], message: layoutMessages.backBackgroundOnCertificate });
  }
  const { width, height } = sideSize(layout);
  const ids = new Set<string>();
  layout.fields.forEach((field, index) => {
    const label = fieldTypeLabels[field.type];
    // The designer tells fields apart by their ids: dragging one must not move another.
    if (ids.has(field.id)) problems.push({ path: ['fields', index, 'id'], message: layoutMessages.fieldIdTwice(field.id) });
    ids.add(field.id);
    if (field.side === 'back' && layout.kind === 'certificate') {
      problems.push({ path: ['fields', index, 'side'], message: layoutMessages.backOnCertificate });
    }
    // A hundredth of a millimetre of slack: positions come from pointer arithmetic.
    if (field.x + field.width > width + 0.01 || field.y + field.height > height + 0.01) {
      problems.push({ path: ['fields', index], message: layoutMessages.offPage(label) });
    }
    if (field.type === 'text') {
      if (!field.text.trim()) problems.push({ path: ['fields', index, 'text'], message: layoutMessages.textRequired });
      for (const name of unknownPlaceholders(field.text)) {
        problems.push({ path: ['fields', index, 'text'], message: layoutMessages.unknownPlaceholder(name) });
      }
    }
  });
  return problems;
}

/** A layout with its problems as zod issues, for a save's body. */
export const checkedFormatLayout = formatLayout.superRefine((layout, context) => {
  for (const problem of layoutProblems(layout)) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
