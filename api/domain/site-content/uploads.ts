import { siteSections, siteUpload, type SiteContent, type SiteSection } from '../../../common/contracts/site-content';
import type { NamedImage } from '../record-files';

/** An upload a section names: where it sits in the content, its key, and whether it is an image or a file. */
export type SiteUpload = { path: string; key: string; kind: 'image' | 'file' };

const image = (path: string, key: string): SiteUpload => ({ path, key, kind: 'image' });
const file = (path: string, key: string): SiteUpload => ({ path, key, kind: 'file' });

const uploadsOf: { [S in SiteSection]: (content: SiteContent[S]) => SiteUpload[] } = {
  header: (c) => [image('logo', c.logo)],
  footer: () => [],
  body: (c) => c.sections.flatMap((s, i) => (s.kind === 'hero' ? [image(`sections.${i}.image`, s.image)] : [])),
  theme: () => [],
  gallery: (c) => c.albums.flatMap((album, i) => album.images.map((item, j) => image(`albums.${i}.images.${j}.image`, item.image))),
  certifications: (c) => c.items.map((item, i) => image(`items.${i}.logo`, item.logo)),
  'notice-board': (c) => c.notices.map((notice, i) => file(`notices.${i}.attachment`, notice.attachment)),
  downloads: (c) => c.files.map((item, i) => file(`files.${i}.file`, item.file)),
  banners: (c) => c.slides.map((slide, i) => image(`slides.${i}.image`, slide.image)),
};

/** Each upload a section's content names; an empty key names none. */
export function siteUploadsIn<S extends SiteSection>(section: S, content: SiteContent[S]): SiteUpload[] {
  return uploadsOf[section](content).filter((upload) => upload.key !== '');
}

/** Every upload a whole site's content names, of every section, or of one kind. */
export function siteUploadKeys(site: SiteContent, kind?: SiteUpload['kind']): string[] {
  return siteSections.flatMap((section) =>
    siteUploadsIn(section, site[section])
      .filter((upload) => !kind || upload.kind === kind)
      .map((upload) => upload.key),
  );
}

/** The uploads as the upload rules check them, each under its path in the request (`content.logo`). */
export const siteUploadChecks = (uploads: readonly SiteUpload[]): NamedImage[] =>
  uploads.map(({ path, key, kind }) => ({ path: `content.${path}`, key, rule: kind === 'image' ? siteUpload.image : siteUpload.file }));
