import { and, eq, inArray } from 'drizzle-orm';
import {
  siteContentMessages,
  siteContentSchemas,
  siteUpload,
  type SiteContent,
  type SiteSection,
} from '../../../common/contracts/site-content';
import { fieldErrors } from '../../../common/forms/schema-builder';
import { indianDay } from '../../../common/india-time';
import { records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { runCommand, type CommandContext, type RunOptions } from '../command';
import { invalid } from '../errors';
import { requireUploadedImages } from '../record-files';
import { siteSectionDecider, type SiteSectionCommand } from './decide';
import { siteSectionStream } from './events';
import { siteHeldUploads } from './queries';
import { withoutMarkup } from './sanitise';
import { siteUploadChecks, siteUploadsIn } from './uploads';

const versionCheck = (version: number | undefined): RunOptions =>
  version === undefined ? {} : { ifMatch: { version, staleMessage: siteContentMessages.stale } };

const prefixed = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([path, messages]) => [`content.${path}`, messages]));

/**
 * A section's content as it may be kept: every text without markup (so no script reaches a
 * visitor, whichever page shows it), then held to the section's schema, its uploads to the
 * site's upload rules, and its highlighted courses to the courses that exist.
 */
async function acceptableContent<S extends SiteSection>(ctx: CommandContext, actor: Actor, section: S, raw: unknown) {
  const parsed = siteContentSchemas[section].safeParse(withoutMarkup(raw));
  if (!parsed.success) throw invalid(siteContentMessages.invalid, prefixed(fieldErrors(parsed.error)));
  const content = parsed.data as SiteContent[S];
  const held = await siteHeldUploads(ctx.tx);
  await requireUploadedImages(ctx.tx, actor, siteUploadChecks(siteUploadsIn(section, content)), {
    formType: siteUpload.formType,
    held: async (key) => held.has(key),
    message: siteContentMessages.imagesRefused,
  });
  if (section === 'body') await requireCourses(ctx, content as SiteContent['body']);
  return content;
}

async function requireCourses(ctx: CommandContext, body: SiteContent['body']) {
  const index = body.sections.findIndex((s) => s.kind === 'courses');
  const wanted = index < 0 ? [] : (body.sections[index] as Extract<SiteContent['body']['sections'][number], { kind: 'courses' }>).courseIds;
  if (!wanted.length) return;
  const found = await ctx.tx
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.formType, 'course'), inArray(records.id, wanted)));
  const known = new Set(found.map((row) => row.id));
  const errors = Object.fromEntries(
    wanted.flatMap((id, i) => (known.has(id) ? [] : [[`content.sections.${index}.courseIds.${i}`, ['This course no longer exists']]])),
  );
  if (Object.keys(errors).length) throw invalid(siteContentMessages.invalid, errors);
}

function run(ctx: CommandContext, section: SiteSection, command: SiteSectionCommand, version?: number) {
  return runCommand(ctx, siteSectionStream(section), siteSectionDecider(section), command, versionCheck(version));
}

export async function saveSiteDraft(ctx: CommandContext, actor: Actor, section: SiteSection, raw: unknown, version?: number) {
  const content = await acceptableContent(ctx, actor, section, raw);
  await run(ctx, section, { type: 'SaveSiteDraft', data: { content, today: indianDay(ctx.meta.occurredAt) } }, version);
}

export const publishSiteSection = (ctx: CommandContext, section: SiteSection, version?: number) =>
  run(ctx, section, { type: 'PublishSiteSection' }, version);

export const restoreSiteVersion = (ctx: CommandContext, section: SiteSection, number: number, version?: number) =>
  run(ctx, section, { type: 'RestoreSiteVersion', data: { number } }, version);

export const discardSiteDraft = (ctx: CommandContext, section: SiteSection, version?: number) =>
  run(ctx, section, { type: 'DiscardSiteDraft' }, version);
