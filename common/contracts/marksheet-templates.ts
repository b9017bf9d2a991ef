import { z } from 'zod';
import { defaultGradingScale, FAILING_GRADE, type GradeStep } from '../exam-results';
import { uploadRuleFor } from '../uploads/rules';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';

/**
 * A marksheet template: the institute's header, the title, which details of the student show, the
 * grading scale, who signs and the footer. Every save is a version of its own, kept; publishing
 * results records the version of the default template, and their marksheets are made from it.
 */

export const MARKSHEET_TEMPLATE_LIMITS = { name: 80, institute: 120, address: 300, title: 60, footer: 300, role: 40, grade: 4 };
export const MAX_GRADES = 12;
export const MAX_SIGNATURES = 3;

/**
 * Where a template's images are uploaded from (docs/decisions/008): the form type of their keys and
 * the fields whose upload rules they answer to (common/uploads/rules.ts).
 */
export const templateImageUpload = { formType: 'marksheetTemplate', logo: 'templateLogo', signature: 'templateSignature' } as const;
export const templateImageRule = uploadRuleFor(templateImageUpload.logo);

export const marksheetDetails = ['photo', 'fatherName', 'registrationNo', 'rollNo', 'course', 'centre'] as const;
export type MarksheetDetail = (typeof marksheetDetails)[number];
export const marksheetDetailLabels: Record<MarksheetDetail, string> = {
  photo: 'Photo',
  fatherName: 'Father’s name',
  registrationNo: 'Registration number',
  rollNo: 'Roll number',
  course: 'Course',
  centre: 'Centre',
};

export const marksheetTemplateMessages = {
  created: 'Template created',
  saved: 'Template saved',
  madeDefault: (name: string) => `${name} is now the default template`,
  missing: 'Template not found',
  nameTaken: 'A template of this name already exists',
  stale: 'This template changed since it was opened. Reload it and try again.',
  required: (what: string) => `${what} is required`,
  tooLong: (what: string, max: number) => `${what} must be at most ${max} characters`,
  percentage: 'A boundary is a percentage from 0 to 100',
  emptyScale: 'A grading scale needs at least one grade',
  gradeTwice: (grade: string) => `${grade} appears twice in the grading scale`,
  failingGrade: `${FAILING_GRADE} is given below the lowest grade: leave it out of the scale`,
  topGrade: 'The top grade must reach 100%',
  gap: (from: number, to: number) => `No grade covers ${from}% to ${to}%`,
  overlap: (upper: string, lower: string) => `${upper} and ${lower} overlap`,
  upsideDown: (grade: string) => `${grade} must start below where it ends`,
  imagesRefused: 'An image of the template cannot be used: upload it again',
};

const text = (what: string, max: number) =>
  z
    .string({ required_error: marksheetTemplateMessages.required(what) })
    .trim()
    .min(1, marksheetTemplateMessages.required(what))
    .max(max, marksheetTemplateMessages.tooLong(what, max));
const optionalText = (what: string, max: number) => z.string().trim().max(max, marksheetTemplateMessages.tooLong(what, max)).default('');
const percentage = z
  .number({ invalid_type_error: marksheetTemplateMessages.percentage })
  .min(0, marksheetTemplateMessages.percentage)
  .max(100, marksheetTemplateMessages.percentage);

/** A grade and the percentages it covers: from (inclusive) up to `to`. */
export const gradeBand = z.object({ grade: text('A grade', MARKSHEET_TEMPLATE_LIMITS.grade), from: percentage, to: percentage });
export type GradeBand = z.infer<typeof gradeBand>;

/**
 * What is wrong with a scale, top grade first: each band starts below where it ends, the top one
 * reaches 100 and each next one ends where the one above it starts, so no percentage falls
 * between two grades or under two. Empty when the scale is sound.
 */
export function scaleProblems(bands: readonly GradeBand[]): Array<{ index: number; message: string }> {
  const problems: Array<{ index: number; message: string }> = [];
  if (bands.length === 0) return [{ index: 0, message: marksheetTemplateMessages.emptyScale }];
  const seen = new Set<string>();
  bands.forEach((band, index) => {
    const grade = band.grade.trim().toUpperCase();
    if (grade === FAILING_GRADE) problems.push({ index, message: marksheetTemplateMessages.failingGrade });
    else if (seen.has(grade)) problems.push({ index, message: marksheetTemplateMessages.gradeTwice(band.grade) });
    seen.add(grade);
    if (band.from >= band.to) problems.push({ index, message: marksheetTemplateMessages.upsideDown(band.grade) });
    if (index === 0 && band.to !== 100) problems.push({ index, message: marksheetTemplateMessages.topGrade });
    const above = bands[index - 1];
    if (above && band.to < above.from) problems.push({ index, message: marksheetTemplateMessages.gap(band.to, above.from) });
    if (above && band.to > above.from) problems.push({ index, message: marksheetTemplateMessages.overlap(above.grade, band.grade) });
  });
  return problems;
}

/** A sound scale as the steps grades are given by (common/exam-results.ts). */
export const gradeSteps = (bands: readonly GradeBand[]): GradeStep[] => bands.map(({ grade, from }) => ({ grade, from }));

/** The default scale as bands, for a new template. */
export const defaultGradeBands: GradeBand[] = defaultGradingScale.map((step, index) => ({
  grade: step.grade,
  from: step.from,
  to: index === 0 ? 100 : defaultGradingScale[index - 1]!.from,
}));

/** The stored key of an image uploaded for templates; the API checks it is one, and a PNG or JPEG. */
const imageKey = z
  .string()
  .trim()
  .max(512)
  .nullable()
  .default(null)
  .transform((key) => key || null)
  .describe(`The key of an image uploaded for marksheet templates (form type ${templateImageUpload.formType}), or null`);

/** Who signs, and the image of their signature printed above the line. */
export const templateSignature = z.object({ role: text('Who signs', MARKSHEET_TEMPLATE_LIMITS.role), image: imageKey }).strict();
export type TemplateSignature = z.infer<typeof templateSignature>;

/** A template's parts, each held to its limits; the body of a save adds the scale's checks. */
const templateParts = z
  .object({
    name: text('Name', MARKSHEET_TEMPLATE_LIMITS.name),
    instituteName: text('Institute name', MARKSHEET_TEMPLATE_LIMITS.institute),
    address: optionalText('Address', MARKSHEET_TEMPLATE_LIMITS.address),
    logo: imageKey.describe('The institute’s logo, beside its name in the header: an image key, or null'),
    title: text('Title', MARKSHEET_TEMPLATE_LIMITS.title),
    details: z
      .array(z.enum(marksheetDetails))
      .max(marksheetDetails.length)
      .describe('The student’s details the marksheet shows, besides their name'),
    gradingScale: z.array(gradeBand).max(MAX_GRADES, `At most ${MAX_GRADES} grades`).describe('Top grade first; below the last is F'),
    signatures: z.array(templateSignature).max(MAX_SIGNATURES, `At most ${MAX_SIGNATURES} signatures`),
    footer: optionalText('Footer', MARKSHEET_TEMPLATE_LIMITS.footer),
  })
  .strict();

/** Puts each problem of the scale (scaleProblems) under its band. */
function checkScale(content: { gradingScale: GradeBand[] }, context: z.RefinementCtx) {
  for (const problem of scaleProblems(content.gradingScale)) {
    context.addIssue({ code: 'custom', path: ['gradingScale', problem.index], message: problem.message });
  }
}

export const marksheetTemplateContent = templateParts.superRefine(checkScale);
export type MarksheetTemplateContent = z.infer<typeof marksheetTemplateContent>;

/** Content being edited, previewed before it is saved: all a save checks but the name, which no marksheet prints. */
export const marksheetTemplateDraft = templateParts
  .extend({ name: optionalText('Name', MARKSHEET_TEMPLATE_LIMITS.name) })
  .superRefine(checkScale);

/** What a new template starts from. */
export const blankTemplate: MarksheetTemplateContent = {
  name: '',
  instituteName: '',
  address: '',
  logo: null,
  title: 'STATEMENT OF MARKS',
  details: ['photo', 'fatherName', 'registrationNo', 'rollNo', 'course', 'centre'],
  gradingScale: defaultGradeBands,
  signatures: [
    { role: 'Centre Head', image: null },
    { role: 'Controller of Examinations', image: null },
  ],
  footer: '',
};

export const marksheetTemplateView = z.object({
  _id: z.string(),
  content: templateParts,
  isDefault: z.boolean(),
  version: z.number().int().describe('Each save is a version; send it back as If-Match'),
  updatedAt: z.string().datetime(),
});
export type MarksheetTemplateView = z.infer<typeof marksheetTemplateView>;

const templateVersion = z.object({
  revision: z.number().int().describe('Each save is a revision, numbered from 1'),
  savedAt: z.string().datetime(),
  savedBy: z.string().nullable().describe('The name of who saved it'),
  content: marksheetTemplateView.shape.content,
});
export type MarksheetTemplateVersion = z.infer<typeof templateVersion>;

const tag = 'marksheet templates';
const idParams = z.object({ id: z.string().min(1).max(100) });
const example = {
  name: 'Board style',
  instituteName: 'Sunrise Institute of Technology',
  address: '12 Civil Lines, Kanpur 208001',
  logo: null,
  title: 'STATEMENT OF MARKS',
  details: ['photo', 'fatherName', 'registrationNo', 'rollNo', 'course', 'centre'],
  gradingScale: defaultGradeBands,
  signatures: [{ role: 'Centre Head', image: null }],
  footer: '',
};

export const marksheetTemplateContract = {
  list: defineContract({
    method: 'get',
    path: '/marksheet-templates',
    summary: 'The marksheet templates, the default first, then by name',
    tag,
    query: z.object({ ...pagingQuery }),
    response: z.object({ templates: z.array(marksheetTemplateView), ...pageFields('Templates') }),
  }),
  show: defineContract({
    method: 'get',
    path: '/marksheet-templates/:id',
    summary: 'A marksheet template as last saved, with every version kept',
    tag,
    params: idParams,
    response: marksheetTemplateView.extend({ versions: z.array(templateVersion).describe('Newest first') }),
    refuses: [404],
    etag: true,
  }),
  create: defineContract({
    method: 'post',
    path: '/marksheet-templates',
    summary: 'Creates a marksheet template; the first one becomes the default',
    tag,
    body: marksheetTemplateContent,
    response: marksheetTemplateView,
    creates: true,
    refuses: [409],
    example: { body: example },
  }),
  save: defineContract({
    method: 'put',
    path: '/marksheet-templates/:id',
    summary: 'Saves a new version of a template; marksheets of results published before keep the version they were made from',
    tag,
    params: idParams,
    body: marksheetTemplateContent,
    response: marksheetTemplateView,
    refuses: [404, 409],
    etag: true,
    ifMatch: true,
    example: { body: { ...example, title: 'MARKSHEET' } },
  }),
  makeDefault: defineContract({
    method: 'post',
    path: '/marksheet-templates/:id/default',
    summary: 'Makes a template the one results published from now on are printed with',
    tag,
    params: idParams,
    response: marksheetTemplateView,
    refuses: [404],
  }),
  preview: defineContract({
    method: 'get',
    path: '/marksheet-templates/:id/preview',
    summary: 'A marksheet of a sample student made with a revision of the template, as a PDF',
    tag,
    params: idParams,
    query: z.object({
      revision: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Which saved content; the latest unless named'),
    }),
    produces: 'application/pdf',
    refuses: [404],
  }),
  previewDraft: defineContract({
    method: 'post',
    path: '/marksheet-templates/preview',
    summary:
      'A marksheet of a sample student laid out by content not saved yet (the editor’s draft), as a PDF; it saves nothing, so a retry needs no Idempotency-Key',
    tag,
    body: marksheetTemplateDraft,
    produces: 'application/pdf',
    example: { body: { ...example, name: '' } },
  }),
};
