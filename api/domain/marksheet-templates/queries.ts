import { asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  marksheetTemplateMessages,
  type MarksheetTemplateContent,
  type MarksheetTemplateVersion,
  type MarksheetTemplateView,
  type TemplateSignature,
} from '../../../common/contracts/marksheet-templates';
import { defaultGradingScale, type GradeStep } from '../../../common/exam-results';
import { gradeSteps } from '../../../common/contracts/marksheet-templates';
import type { Executor } from '../../db/client';
import { savedRevision, savedRevisions } from '../../db/projections/revisions';
import { marksheetTemplateRevisions, marksheetTemplates } from '../../db/schema';
import { missing } from '../errors';

type TemplateRow = typeof marksheetTemplates.$inferSelect;

/**
 * Content as it was saved. Templates saved before they had images name each signature by who
 * signs alone, and no logo: they read as signatures and a header without images.
 */
function contentOf(saved: unknown): MarksheetTemplateContent {
  const content = saved as Omit<MarksheetTemplateContent, 'signatures'> & { signatures: Array<string | TemplateSignature> };
  return {
    ...content,
    logo: content.logo ?? null,
    signatures: content.signatures.map((signature) => (typeof signature === 'string' ? { role: signature, image: null } : signature)),
  };
}

const view = (row: TemplateRow): MarksheetTemplateView => ({
  _id: row.id,
  content: contentOf(row.content),
  isDefault: row.isDefault,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** Who holds a name (any case), for a save that must not take another's. */
export async function templateNameHolder(db: Executor, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: marksheetTemplates.id })
    .from(marksheetTemplates)
    .where(sql`lower(${marksheetTemplates.name}) = ${name.trim().toLowerCase()}`);
  return row?.id ?? null;
}

export async function templateCount(db: Executor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(marksheetTemplates);
  return row?.count ?? 0;
}

export async function listTemplates(db: Executor, { page, limit }: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(marksheetTemplates)
      .orderBy(desc(marksheetTemplates.isDefault), asc(sql`lower(${marksheetTemplates.name})`), asc(marksheetTemplates.id))
      .limit(limit)
      .offset((page - 1) * limit),
    templateCount(db),
  ]);
  return { templates: rows.map(view), page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export async function findTemplate(db: Executor, id: string): Promise<MarksheetTemplateView> {
  const [row] = await db.select().from(marksheetTemplates).where(eq(marksheetTemplates.id, id));
  if (!row) throw missing(marksheetTemplateMessages.missing);
  return view(row);
}

/** Every content a template was saved with, newest first, with who saved it. */
export async function templateRevisions(db: Executor, id: string): Promise<MarksheetTemplateVersion[]> {
  const revisions = await savedRevisions(db, marksheetTemplateRevisions, marksheetTemplateRevisions.templateId, id);
  return revisions.map((revision) => ({ ...revision, content: contentOf(revision.content) }));
}

/** One saved content of a template; the latest when none is named. */
export async function templateRevision(
  db: Executor,
  id: string,
  revision?: number,
): Promise<{ revision: number; content: MarksheetTemplateContent }> {
  const saved = await savedRevision(db, marksheetTemplateRevisions, marksheetTemplateRevisions.templateId, id, revision);
  if (!saved) throw missing(marksheetTemplateMessages.missing);
  return { revision: saved.revision, content: contentOf(saved.content) };
}

/** The default template and its latest content: what results published now are printed with. */
export async function defaultTemplate(db: Executor): Promise<{ id: string; revision: number; content: MarksheetTemplateContent } | null> {
  const [row] = await db.select().from(marksheetTemplates).where(eq(marksheetTemplates.isDefault, true)).limit(1);
  return row ? { id: row.id, revision: row.revision, content: contentOf(row.content) } : null;
}

/** Whether a template, as last saved, prints this image (as its logo or a signature). */
export async function anyTemplateHoldsImage(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marksheetTemplates.id })
    .from(marksheetTemplates)
    .where(
      sql`${marksheetTemplates.content}->>'logo' = ${key} OR ${marksheetTemplates.content}->'signatures' @> ${JSON.stringify([{ image: key }])}::jsonb`,
    )
    .limit(1);
  return row !== undefined;
}

/** The grading scale results are graded by now: the default template's, else the institute's default. */
export async function currentGradingScale(db: Executor): Promise<GradeStep[]> {
  const template = await defaultTemplate(db);
  return template ? gradeSteps(template.content.gradingScale) : [...defaultGradingScale];
}

/**
 * The scale a sitting is graded by: that of the template its results were published with, else
 * (a draft, or published before any template) the scale of now.
 */
export async function sittingScale(
  db: Executor,
  sitting: { templateId: string | null; templateRevision: number | null } | null,
): Promise<GradeStep[]> {
  if (sitting?.templateId && sitting.templateRevision !== null) {
    return gradeSteps((await templateRevision(db, sitting.templateId, sitting.templateRevision)).content.gradingScale);
  }
  return currentGradingScale(db);
}
