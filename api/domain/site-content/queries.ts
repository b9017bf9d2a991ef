import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  defaultSiteContent,
  siteSections as sectionNames,
  siteSectionPermissions,
  siteSectionTitles,
  type SiteContent,
  type SitePublishedVersion,
  type SiteSection,
  type SiteSectionSummary,
  type SiteSectionView,
} from '../../../common/contracts/site-content';
import { themeContrast } from '../../../common/site-theme';
import type { Executor } from '../../db/client';
import { siteSections, siteVersions, users } from '../../db/schema';
import { hasAnyPermission, type Actor } from '../auth/actor';
import { sameContent } from './decide';
import { siteUploadsIn } from './uploads';

const draftSaver = alias(users, 'draft_saver');
const publisher = alias(users, 'publisher');

type SectionRow = {
  section: string;
  draft: unknown;
  draftSavedAt: Date | null;
  draftSavedBy: string | null;
  published: unknown;
  publishedNumber: number | null;
  publishedAt: Date | null;
  publishedBy: string | null;
  version: number;
};

const sectionColumns = {
  section: siteSections.section,
  draft: siteSections.draft,
  draftSavedAt: siteSections.draftSavedAt,
  draftSavedBy: draftSaver.name,
  published: siteSections.published,
  publishedNumber: siteSections.publishedNumber,
  publishedAt: siteSections.publishedAt,
  publishedBy: publisher.name,
  version: siteSections.version,
};

function sectionRows(db: Executor, only?: SiteSection) {
  return db
    .select(sectionColumns)
    .from(siteSections)
    .leftJoin(draftSaver, eq(draftSaver.id, siteSections.draftSavedBy))
    .leftJoin(publisher, eq(publisher.id, siteSections.publishedBy))
    .where(only ? eq(siteSections.section, only) : undefined);
}

const mayEdit = (actor: Actor, section: SiteSection) => hasAnyPermission(actor, [siteSectionPermissions[section]]);

/** A section with no row has never been saved: the first day's content, at version 0. */
function summaryOf(section: SiteSection, row: SectionRow | undefined, actor: Actor): SiteSectionSummary {
  const draft = row?.draft ?? defaultSiteContent[section];
  const published = row?.published ?? null;
  return {
    section,
    title: siteSectionTitles[section],
    state: published === null ? 'unpublished' : sameContent(draft, published) ? 'published' : 'changed',
    publishedNumber: row?.publishedNumber ?? null,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    publishedBy: row?.publishedBy ?? null,
    draftSavedAt: row?.draftSavedAt?.toISOString() ?? null,
    draftSavedBy: row?.draftSavedBy ?? null,
    editable: mayEdit(actor, section),
    version: row?.version ?? 0,
  };
}

/** Every section, in the order of the settings pages, each saying whether the caller may edit it. */
export async function siteOverview(db: Executor, actor: Actor): Promise<SiteSectionSummary[]> {
  const rows = new Map((await sectionRows(db)).map((row) => [row.section, row]));
  return sectionNames.map((section) => summaryOf(section, rows.get(section), actor));
}

export async function siteHistory(db: Executor, section: SiteSection): Promise<SitePublishedVersion[]> {
  const rows = await db
    .select({
      number: siteVersions.number,
      publishedAt: siteVersions.publishedAt,
      publishedBy: users.name,
      restoredFrom: siteVersions.restoredFrom,
    })
    .from(siteVersions)
    .leftJoin(users, eq(users.id, siteVersions.publishedBy))
    .where(eq(siteVersions.section, section))
    .orderBy(desc(siteVersions.number));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

export async function siteSectionView<S extends SiteSection>(db: Executor, section: S, actor: Actor): Promise<SiteSectionView<S>> {
  const [[row], history] = await Promise.all([sectionRows(db, section), siteHistory(db, section)]);
  const draft = (row?.draft ?? defaultSiteContent[section]) as SiteContent[S];
  return {
    ...summaryOf(section, row, actor),
    section,
    draft,
    published: (row?.published ?? null) as SiteContent[S] | null,
    history,
    warnings: section === 'theme' ? themeContrast(draft as SiteContent['theme']) : [],
  };
}

/**
 * What visitors see of each section: its published content, or the first day's before any
 * publishing; or, for a preview, each section's draft.
 */
export async function siteContentOf(db: Executor, which: 'published' | 'draft'): Promise<SiteContent> {
  const rows = await db
    .select({ section: siteSections.section, published: siteSections.published, draft: siteSections.draft })
    .from(siteSections);
  const held = new Map(rows.map((row) => [row.section, which === 'draft' ? row.draft : row.published]));
  return Object.fromEntries(sectionNames.map((section) => [section, held.get(section) ?? defaultSiteContent[section]])) as SiteContent;
}

/**
 * The uploads any section's draft or published version names: the site's images are the
 * institute's, whoever uploaded them, so a save may keep them without checking them again.
 */
export async function siteHeldUploads(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ section: siteSections.section, draft: siteSections.draft, published: siteSections.published })
    .from(siteSections);
  return new Set(
    rows.flatMap((row) => {
      const section = row.section as SiteSection;
      return [row.draft, row.published].flatMap((content) =>
        content ? siteUploadsIn(section, content as SiteContent[typeof section]).map((upload) => upload.key) : [],
      );
    }),
  );
}
