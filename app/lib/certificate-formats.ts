import { z } from 'zod';
import {
  blankFormat,
  certificateFormatName,
  formatImageUpload,
  type CertificateFormatView,
} from '../../common/contracts/certificate-formats';
import { pageSizes, type FieldType, type FormatKind, type FormatLayout, type Side } from '../../common/certificate-layout';
import { starterLayout } from '../../common/certificate-starters';
import { uploadRuleFor } from '../../common/uploads/rules';
import { choiceParam, listQueryParser, type QueryDefaults } from './list-query';
import { canOpen } from './route-registry';

/** Each kind's screens: where they are and what they call things. */
export const formatScreens = {
  certificate: {
    path: '/admin/certificates/formats',
    title: 'Certificate Formats',
    noun: { one: 'certificate format', other: 'certificate formats' },
    newLabel: 'New certificate format',
    description: 'How certificates look: the page, its background and where each detail is printed.',
    manager: 'CERTIFICATE_TEMPLATE_MANAGE',
  },
  idcard: {
    path: '/admin/certificates/idcard-formats',
    title: 'ID Card Formats',
    noun: { one: 'ID card format', other: 'ID card formats' },
    newLabel: 'New ID card format',
    description: 'How ID cards look: both sides of a CR80 card, their backgrounds and where each detail is printed.',
    manager: 'IDCARD_TEMPLATE_MANAGE',
  },
} as const satisfies Record<FormatKind, unknown>;

export const formatPaths = {
  list: (kind: FormatKind) => formatScreens[kind].path,
  designer: (kind: FormatKind, id: string) => `${formatScreens[kind].path}/${encodeURIComponent(id)}`,
  preview: (kind: FormatKind, id: string, query: { studentId: string; revision?: number }) =>
    `${formatPaths.designer(kind, id)}/preview?${new URLSearchParams({
      studentId: query.studentId,
      ...(query.revision ? { revision: String(query.revision) } : {}),
    })}`,
};

/**
 * Whether the user changes formats of a kind: its manage permission, and working for the
 * institute rather than one branch (docs/decisions/032). The API refuses anyone else anyway;
 * the screens leave them the controls they cannot use out.
 */
export function managesFormats(kind: FormatKind, user: { role: string; permissions: readonly string[]; branchId: string | null }) {
  return canOpen({ permissions: [formatScreens[kind].manager] }, user) && (user.role === 'superadmin' || user.branchId === null);
}

/** The list's address: search, archived shown or not, and page; formats are listed by name. */
const formatSorts = ['name'] as const;
export const formatDefaults: QueryDefaults<(typeof formatSorts)[number]> = { sort: 'name', order: 'asc' };
export const parseFormatQuery = listQueryParser({ sorts: formatSorts, filters: { archived: choiceParam(['shown']) } });

/** A format as the list shows it: the kit names every row's `title`. */
export type FormatRow = CertificateFormatView & { title: string };

/** The page sizes and orientations a kind is drawn on, as the new format's form offers them. */
export const kindPageSizes: Record<FormatKind, readonly (keyof typeof pageSizes)[]> = { certificate: ['A4', 'Letter'], idcard: ['CR80'] };
export const orientations = ['portrait', 'landscape'] as const;
export const pageSizeLabels: Record<keyof typeof pageSizes, string> = { A4: 'A4', Letter: 'Letter', CR80: 'CR80 card' };

export const pageLabel = (layout: Pick<FormatLayout, 'pageSize' | 'orientation'>) =>
  `${pageSizeLabels[layout.pageSize]}, ${layout.orientation}`;

/** What a new format starts from: a finished layout of its kind to change, or an empty page. */
export const formatStarts = ['finished', 'empty'] as const;
export const formatStartLabels: Record<(typeof formatStarts)[number], string> = {
  finished: 'A finished layout to change',
  empty: 'An empty page',
};

/** The list's forms: a new format (its name and page), and archiving or bringing one back. */
export const formatListSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    name: certificateFormatName,
    pageSize: z.enum(['A4', 'Letter', 'CR80']),
    orientation: z.enum(orientations),
    start: z.enum(formatStarts).default('finished'),
  }),
  z.object({ intent: z.enum(['archive', 'unarchive']), id: z.string().min(1).max(100) }),
]);

/** A new format's first content: the page chosen, laid out already or empty. */
export function newFormat(
  kind: FormatKind,
  {
    name,
    pageSize,
    orientation,
    start,
  }: { name: string; pageSize: FormatLayout['pageSize']; orientation: FormatLayout['orientation']; start: (typeof formatStarts)[number] },
) {
  if (start === 'finished') return { name, layout: starterLayout(kind, pageSize, orientation) };
  return { name, layout: { ...blankFormat(kind).layout, pageSize, orientation } };
}

/** A format's images: a background per side, and the signature its signature fields print. */
export type ImageSlot = Side | 'signature';
export type FormatImages = Record<ImageSlot, string | null>;

/** The images a kind takes: a certificate has one side. */
export const imageSlots = (kind: FormatKind): readonly ImageSlot[] =>
  kind === 'idcard' ? ['front', 'back', 'signature'] : ['front', 'signature'];

export const imagesOf = (layout: FormatLayout): FormatImages => ({ ...layout.background, signature: layout.signature ?? null });
export const withImages = (layout: FormatLayout, { front, back, signature }: FormatImages): FormatLayout => ({
  ...layout,
  background: { front, back },
  signature,
});

/** The upload field whose rule an image answers to. */
const imageField = (kind: FormatKind, slot: ImageSlot) =>
  slot === 'signature' ? formatImageUpload.signature : formatImageUpload.backgrounds[kind];

/** The form name of an image: its upload rule's field last, so an upload meets that rule. */
export const imageInputName = (kind: FormatKind, slot: ImageSlot) => `${slot}_${imageField(kind, slot)}`;
export const imageRule = (kind: FormatKind, slot: ImageSlot) => uploadRuleFor(imageField(kind, slot));
/** Where the API names an image's refusal. */
export const imagePath = (slot: ImageSlot) => (slot === 'signature' ? 'layout.signature' : `layout.background.${slot}`);

export function imageLabel(kind: FormatKind, slot: ImageSlot) {
  if (slot === 'signature') return 'Signature';
  if (kind === 'certificate') return 'Background';
  return slot === 'front' ? 'Front background' : 'Back background';
}

/** The designer's name field: the API's own rule, so the form and the save say the same. */
export const designerNameSchema = z.object({ name: certificateFormatName });

/**
 * What the designer's fields show until a student is picked: a made-up student and document, so
 * the page reads as it will print.
 */
export const builtInSample: Partial<Record<FieldType, string>> = {
  studentName: 'Aarav Sharma',
  fatherName: 'Rajesh Sharma',
  course: 'Diploma in Computer Applications',
  duration: '12 months',
  grade: 'A',
  completionDate: '31/03/2026',
  registrationNo: 'MC/2026/0001',
  rollNo: '1001',
  branch: 'Main Centre',
  validUntil: '31/03/2027',
  bloodGroup: 'O+',
  emergencyContact: '+91 98765 43210',
  documentNumber: 'C/2026-27/000001',
  issueDate: '15/04/2026',
};
