import type { Context, Hono } from 'hono';
import {
  siteContentContract,
  siteContentMessages,
  siteEditorPermissions,
  siteSectionPermissions,
  siteSectionTitles,
  siteUpload,
  type SiteSection,
} from '../../common/contracts/site-content';
import { indianDay } from '../../common/india-time';
import { hasAnyPermission, type Actor } from '../domain/auth/actor';
import { discardSiteDraft, publishSiteSection, restoreSiteVersion, saveSiteDraft } from '../domain/site-content/commands';
import { readPublicSite } from '../domain/site-content/public-site';
import { siteOverview, siteSectionView } from '../domain/site-content/queries';
import type { Executor } from '../db/client';
import { WEB_COPY_TYPE, webCopyKey } from '../images/web-copies';
import { isSafeKey } from '../storage/object-storage';
import type { ApiDeps, ApiEnv } from './context';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';
import { ifMatchVersion, versionTag } from './if-match';

const editors = { kind: 'permission', anyOf: siteEditorPermissions } as const;

/** Each page answers to its own permission (SPEC.md 2.2); the endpoints open to any editor and check it here. */
function requireEditor(actor: Actor, section: SiteSection) {
  if (!hasAnyPermission(actor, [siteSectionPermissions[section]])) {
    throw new HttpError(403, `You do not have permission to edit the ${siteSectionTitles[section].toLowerCase()}`);
  }
}

async function answer(c: Context<ApiEnv>, db: Executor, actor: Actor, section: SiteSection, message: string) {
  const view = await siteSectionView(db, section, actor);
  c.header('ETag', versionTag(view.version));
  return { message, data: view };
}

/** Publishing and its kin speak to visitors at once: a minute at most in any cache. */
const PUBLIC_MAX_AGE_SECONDS = 60;

const overview = defineEndpoint({
  ...siteContentContract.overview,
  access: editors,
  async handle({ db, actor }) {
    return { message: 'Site content', data: { sections: await siteOverview(db, actor) } };
  },
});

const show = defineEndpoint({
  ...siteContentContract.show,
  access: editors,
  async handle({ db, actor, params, c }) {
    requireEditor(actor, params.section);
    return answer(c, db, actor, params.section, siteSectionTitles[params.section]);
  },
});

const saveDraft = defineEndpoint({
  ...siteContentContract.saveDraft,
  access: editors,
  changesSettings: true,
  async handle({ tx, meta, actor, params, body, c }) {
    requireEditor(actor, params.section);
    const before = ifMatchVersion(c);
    await saveSiteDraft({ tx, meta }, actor, params.section, body.content, before);
    const reply = await answer(c, tx, actor, params.section, siteContentMessages.saved);
    return before === reply.data.version ? { ...reply, message: siteContentMessages.unchanged } : reply;
  },
});

const publish = defineEndpoint({
  ...siteContentContract.publish,
  access: editors,
  changesSettings: true,
  async handle({ tx, meta, actor, params, c }) {
    requireEditor(actor, params.section);
    await publishSiteSection({ tx, meta }, params.section, ifMatchVersion(c));
    return answer(c, tx, actor, params.section, siteContentMessages.published(siteSectionTitles[params.section]));
  },
});

const restore = defineEndpoint({
  ...siteContentContract.restore,
  access: editors,
  changesSettings: true,
  async handle({ tx, meta, actor, params, body, c }) {
    requireEditor(actor, params.section);
    await restoreSiteVersion({ tx, meta }, params.section, body.number, ifMatchVersion(c));
    return answer(c, tx, actor, params.section, siteContentMessages.restored(body.number));
  },
});

const discard = defineEndpoint({
  ...siteContentContract.discard,
  access: editors,
  changesSettings: true,
  async handle({ tx, meta, actor, params, c }) {
    requireEditor(actor, params.section);
    await discardSiteDraft({ tx, meta }, params.section, ifMatchVersion(c));
    return answer(c, tx, actor, params.section, siteContentMessages.discarded);
  },
});

const preview = defineEndpoint({
  ...siteContentContract.preview,
  access: editors,
  async handle({ db, deps }) {
    const { site } = await readPublicSite(db, indianDay(deps.clock.now()), 'draft');
    return { message: 'Preview', data: site.data };
  },
});

const publicSite = defineEndpoint({
  ...siteContentContract.publicSite,
  access: { kind: 'public' },
  async handle({ db, deps }) {
    const { site } = await deps.settings.publicSite(db, indianDay(deps.clock.now()));
    return { message: 'Site', data: site.data, cache: { etag: site.etag, maxAgeSeconds: PUBLIC_MAX_AGE_SECONDS } };
  },
});

const publicSection = defineEndpoint({
  ...siteContentContract.publicSection,
  access: { kind: 'public' },
  async handle({ db, deps, params }) {
    const { sections } = await deps.settings.publicSite(db, indianDay(deps.clock.now()));
    const section = sections[params.section];
    return {
      message: siteSectionTitles[params.section],
      data: section.data as Record<string, unknown>,
      cache: { etag: section.etag, maxAgeSeconds: PUBLIC_MAX_AGE_SECONDS },
    };
  },
});

export const siteContentEndpoints = [overview, preview, show, saveDraft, publish, restore, discard, publicSite, publicSection];

/** How long a visitor's address of a published file is good for, and how long a cache keeps the way to it. */
const FILE_ADDRESS_SECONDS = 3600;
const FILE_REDIRECT_MAX_AGE = 1800;
/**
 * An image's copy never changes at its address: a browser keeps it a year. A shared cache asks
 * again after an hour, so an image taken off the site stops reaching new visitors within the hour
 * (a browser that showed it keeps it).
 */
const COPY_CACHE_CONTROL = 'public, max-age=31536000, s-maxage=3600, immutable';
const COPY_NAME = /^([1-9][0-9]{0,4})\.webp$/;

/**
 * The files of the published site, for anyone: `/public/site/files/<year>/<month>/<name>` sends a
 * visitor on to a signed address of the stored file. Only a file a published section names
 * opens; a draft's does not, nor any other upload.
 */
export function mountSiteFiles(app: Hono<ApiEnv>, deps: ApiDeps) {
  app.get('/public/site/files/:year/:month/:name', async (c) => {
    const key = `${siteUpload.formType}/${c.req.param('year')}/${c.req.param('month')}/${c.req.param('name')}`;
    const site = await deps.settings.publicSite(deps.database.db, indianDay(deps.clock.now()));
    if (!isSafeKey(key) || !site.uploads.has(key)) {
      return c.json({ success: false, message: siteContentMessages.notFound }, 404);
    }
    const url = await deps.storage.presignGet({ key, expiresIn: FILE_ADDRESS_SECONDS });
    c.header('Cache-Control', `public, max-age=${FILE_REDIRECT_MAX_AGE}`);
    return c.redirect(url, 302);
  });

  /**
   * The WebP copy of a published image at a width (`…/images/<year>/<month>/<name>/<width>.webp`),
   * served from here, as a signed address would expire long before a browser's copy of it. The
   * same check as the file's: a draft's image has no copy to show.
   */
  app.get('/public/site/images/:year/:month/:name/:copy', async (c) => {
    const key = `${siteUpload.formType}/${c.req.param('year')}/${c.req.param('month')}/${c.req.param('name')}`;
    const width = COPY_NAME.exec(c.req.param('copy'))?.[1];
    const site = await deps.settings.publicSite(deps.database.db, indianDay(deps.clock.now()));
    const stored = width && isSafeKey(key) && site.uploads.has(key) ? await deps.storage.head(webCopyKey(key, Number(width))) : null;
    if (!stored) return c.json({ success: false, message: siteContentMessages.notFound }, 404);
    const etag = `"${width}-${stored.size}"`;
    c.header('Cache-Control', COPY_CACHE_CONTROL);
    c.header('ETag', etag);
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
    const bytes = await deps.storage.readStart(webCopyKey(key, Number(width)), stored.size);
    c.header('Content-Type', WEB_COPY_TYPE);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(bytes), 200);
  });
}
