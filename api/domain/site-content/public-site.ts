import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  publicSiteFilePath,
  siteSections,
  type PublicSiteContent,
  type SiteContent,
  type SiteSection,
} from '../../../common/contracts/site-content';
import { publicSiteImagePath, type PublicSiteImage, type PublicSiteImages } from '../../../common/contracts/site-images';
import { siteFonts } from '../../../common/site-theme';
import type { Executor } from '../../db/client';
import { records, uploads } from '../../db/schema';
import { siteContentOf } from './queries';
import { markdownHtml } from './sanitise';
import { siteUploadKeys } from './uploads';

/** An answer with the tag of its bytes: a visitor's If-None-Match that names it is answered 304. */
export interface TaggedAnswer<T> {
  data: T;
  etag: string;
}

export interface PublicSiteAnswer {
  site: TaggedAnswer<PublicSiteContent>;
  sections: { [S in SiteSection]: TaggedAnswer<PublicSiteContent[S]> };
  /** The uploads the content names, on show today or not: a visitor may open these and no others. */
  uploads: ReadonlySet<string>;
}

const tagged = <T>(data: T): TaggedAnswer<T> => ({
  data,
  etag: `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`,
});

const url = (key: string) => (key ? publicSiteFilePath(key) : null);
/** On show on a day: from its first day (if it has one) to its last (if it has one), both included. */
const onShow = (today: string, from: string, until: string) => (from === '' || from <= today) && (until === '' || until >= today);

/**
 * The published site as visitors read it on a day (or the drafts, as they would read them once
 * published), whole and section by section, each tagged:
 * notices past their expiry and banners out of their schedule are left out, disabled sections of
 * the home page too, a highlighted course that no longer exists is dropped, and every upload is an
 * address that needs no token.
 */
export async function readPublicSite(db: Executor, today: string, which: 'published' | 'draft' = 'published'): Promise<PublicSiteAnswer> {
  const site = await siteContentOf(db, which);
  const [names, sizes, courseTitles] = await Promise.all([
    uploadNames(db, site),
    imageSizesOf(db, site, which),
    courseTitlesOf(db, site.body),
  ]);
  const fileOf = (key: string) => (key ? { url: publicSiteFilePath(key), name: names.get(key) ?? key.split('/').pop()! } : null);
  const imageSizes = (keys: string[]): PublicSiteImages =>
    Object.fromEntries(keys.flatMap((key) => (sizes.has(key) ? [[publicSiteFilePath(key), sizes.get(key)!]] : [])));
  const heroes = site.body.sections.flatMap((section) => (section.enabled && section.kind === 'hero' ? [section.image] : []));
  const albums = site.gallery.albums.filter((album) => album.images.length > 0);
  const slides = site.banners.slides.filter((slide) => onShow(today, slide.from, slide.until));

  const content: PublicSiteContent = {
    header: { ...site.header, logo: url(site.header.logo), imageSizes: imageSizes([site.header.logo]) },
    footer: site.footer,
    body: {
      imageSizes: imageSizes(heroes),
      sections: site.body.sections
        .filter((section) => section.enabled)
        .map((section) => {
          switch (section.kind) {
            case 'hero':
              return { ...section, image: url(section.image) };
            case 'about':
              return { ...section, html: markdownHtml(section.markdown) };
            case 'courses': {
              const { courseIds, ...rest } = section;
              return { ...rest, courses: courseIds.flatMap((id) => (courseTitles.has(id) ? [{ id, title: courseTitles.get(id)! }] : [])) };
            }
            default:
              return section;
          }
        }),
    },
    theme: { ...site.theme, fontStack: siteFonts[site.theme.font].stack },
    gallery: {
      imageSizes: imageSizes(albums.flatMap((album) => album.images.map((item) => item.image))),
      albums: albums.map((album) => ({
        id: album.id,
        title: album.title,
        cover: url(album.cover || album.images[0]!.image),
        images: album.images.map((item) => ({ id: item.id, url: url(item.image)!, caption: item.caption })),
      })),
    },
    certifications: {
      items: site.certifications.items.map((item) => ({ ...item, logo: url(item.logo) })),
      imageSizes: imageSizes(site.certifications.items.map((item) => item.logo)),
    },
    'notice-board': {
      notices: site['notice-board'].notices
        .filter((notice) => onShow(today, '', notice.expires))
        .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.date.localeCompare(a.date))
        .map(({ markdown, attachment, ...notice }) => ({ ...notice, html: markdownHtml(markdown), attachment: fileOf(attachment) })),
    },
    downloads: { files: site.downloads.files.map(({ file, ...item }) => ({ ...item, ...fileOf(file)! })) },
    banners: {
      slides: slides.map(({ from: _from, until: _until, image, ...slide }) => ({ ...slide, image: url(image)! })),
      imageSizes: imageSizes(slides.map((slide) => slide.image)),
    },
  };
  return {
    site: tagged(content),
    sections: Object.fromEntries(siteSections.map((section) => [section, tagged(content[section])])) as PublicSiteAnswer['sections'],
    uploads: new Set(siteUploadKeys(site)),
  };
}

/** The names the files were uploaded under, which a visitor's download keeps. */
async function uploadNames(db: Executor, site: SiteContent): Promise<Map<string, string>> {
  const keys = siteUploadKeys(site, 'file');
  if (!keys.length) return new Map();
  const rows = await db.select({ key: uploads.key, name: uploads.originalFileName }).from(uploads).where(inArray(uploads.key, keys));
  return new Map(rows.map((row) => [row.key, row.name]));
}

/**
 * The size and copies of each image the content names, of those confirmed with them. A draft's
 * image opens to visitors only once published, so a preview of the drafts lists no copies.
 */
async function imageSizesOf(db: Executor, site: SiteContent, which: 'published' | 'draft'): Promise<Map<string, PublicSiteImage>> {
  const keys = siteUploadKeys(site, 'image');
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: uploads.key, width: uploads.imageWidth, height: uploads.imageHeight, copies: uploads.webCopies })
    .from(uploads)
    .where(inArray(uploads.key, keys));
  return new Map(
    rows.flatMap(({ key, width, height, copies }) =>
      width && height
        ? [
            [
              key,
              {
                width,
                height,
                copies: which === 'draft' ? [] : (copies ?? []).map((each) => ({ width: each, url: publicSiteImagePath(key, each) })),
              },
            ],
          ]
        : [],
    ),
  );
}

async function courseTitlesOf(db: Executor, body: SiteContent['body']): Promise<Map<string, string>> {
  const ids = body.sections.flatMap((section) => (section.kind === 'courses' && section.enabled ? section.courseIds : []));
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: records.id, title: records.title })
    .from(records)
    .where(and(eq(records.formType, 'course'), inArray(records.id, ids)));
  return new Map(rows.map((row) => [row.id, row.title]));
}
