import { z } from 'zod';
import { isHexColour, siteFonts, type SiteFont } from '../site-theme';
import { calendarDay } from './calendar-day';
import { defineContract } from './endpoint';
import type { PublicSiteImages } from './site-images';

/**
 * The institute's public website as the admin area edits it and a visitor reads it: nine
 * sections (SPEC.md 2.2's settings pages), each a draft until published, every published
 * version kept (decision 034). The API validates a draft with its section's schema here, and the
 * settings pages build their forms from the same field schemas.
 */

export const siteSections = [
  'header',
  'footer',
  'body',
  'theme',
  'gallery',
  'certifications',
  'notice-board',
  'downloads',
  'banners',
] as const;
export type SiteSection = (typeof siteSections)[number];

export const siteSectionTitles: Record<SiteSection, string> = {
  header: 'Header',
  footer: 'Footer',
  body: 'Body',
  theme: 'Theme',
  gallery: 'Gallery',
  certifications: 'Certifications',
  'notice-board': 'Notice Board',
  downloads: 'Downloads',
  banners: 'Banners',
};

/** SPEC.md 2.2: each page its own permission; downloads under the gallery's, banners under the notice board's. */
export const siteSectionPermissions: Record<SiteSection, string> = {
  header: 'SETTINGS_HEADER',
  footer: 'SETTINGS_FOOTER',
  body: 'SETTINGS_BODY',
  theme: 'SETTINGS_THEME',
  gallery: 'SETTINGS_GALLERY',
  certifications: 'SETTINGS_CERTIFICATIONS',
  'notice-board': 'SETTINGS_NOTICE_BOARD',
  downloads: 'SETTINGS_GALLERY',
  banners: 'SETTINGS_NOTICE_BOARD',
};

/** Whoever edits any section: they open the overview. */
export const siteEditorPermissions = [...new Set(Object.values(siteSectionPermissions))];

export const siteContentMessages = {
  saved: 'Draft saved',
  unchanged: 'Nothing changed since the last save',
  published: (title: string) => `${title} published`,
  nothingToPublish: 'There are no draft changes to publish',
  restored: (number: number) => `Version ${number} restored as the draft. Publish it to make it public.`,
  discarded: 'Draft changes discarded',
  nothingToDiscard: 'There are no draft changes to discard',
  noVersion: (number: number) => `There is no published version ${number}`,
  stale: 'Someone else changed this page since you opened it. Reload it to see their changes, then try again.',
  notSection: 'There is no such settings page',
  invalid: 'Please correct the highlighted fields',
  link: 'Enter a link starting with http:// or https://, or a path on this site starting with /',
  webLink: 'Enter a link starting with http:// or https://',
  colour: 'Enter a colour as # and six hexadecimal digits, like #1d4ed8',
  email: 'Enter a valid email address',
  bannerEnds: 'A banner cannot end before it starts',
  expiryPast: 'The expiry cannot be in the past',
  expiryBeforeDate: 'A notice cannot expire before its date',
  sectionTwice: 'Each section can appear only once',
  duplicateId: 'Two items have the same id',
  imagesRefused: 'Some images or files cannot be used. Upload them again.',
  notFound: 'Not found',
} as const;

/** Where the site's images and files are uploaded from, and the upload rule each answers to (common/uploads/rules.ts). */
export const siteUpload = { formType: 'siteContent', image: 'siteImage', file: 'siteFile' } as const;

/** The upload rule of a file field of a section's form, by the name its content gives the upload: a file, or an image. */
export const siteUploadRuleOf = (path: string) => (/(?:^|\.|\])(?:attachment|file)$/.test(path) ? siteUpload.file : siteUpload.image);

const text = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const requiredText = (label: string, max: number) => text(label, max).min(1, `${label} is required`);

/** An absolute http(s) address, or a path on this site ("/site/notices"): never javascript: or data:. */
export function isSiteLink(value: string): boolean {
  if (/^\/(?!\/)[^\s]*$/.test(value)) return true;
  return isWebLink(value);
}
function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
const siteLink = text('Link', 500).refine(isSiteLink, siteContentMessages.link);
const optionalWebLink = text('Link', 500).refine((value) => value === '' || isWebLink(value), siteContentMessages.webLink);

const colour = z.string().trim().refine(isHexColour, siteContentMessages.colour);

/** An item of a list the editor reorders: its id, given when it is added, keeps it apart from its neighbours. */
const itemId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'An item id is 1 to 40 lowercase letters, digits or dashes');
/** An uploaded image or file, by its stored key; '' for none. */
const uploadKey = z.string().trim().max(512);

const MARKDOWN_MAX = 20_000;
const markdown = (label: string) => text(label, MARKDOWN_MAX);

const link = z.object({ label: requiredText('Label', 60), href: siteLink });

export const socialNetworks = ['facebook', 'instagram', 'youtube', 'x', 'linkedin', 'whatsapp'] as const;
export const socialNetworkNames: Record<(typeof socialNetworks)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
};

function uniqueIds<T extends { id: string }>(items: readonly T[], ctx: z.RefinementCtx, path: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message: siteContentMessages.duplicateId, path: [path, index, 'id'] });
    seen.add(item.id);
  });
}

export const headerContent = z.object({
  instituteName: requiredText('Institute name', 120),
  tagline: text('Tagline', 160).default(''),
  logo: uploadKey.default(''),
  phone: text('Phone', 30).default(''),
  email: text('Email', 120)
    .refine((value) => value === '' || z.string().email().safeParse(value).success, siteContentMessages.email)
    .default(''),
  social: z
    .array(z.object({ network: z.enum(socialNetworks), url: optionalWebLink.refine((v) => v !== '', 'Link is required') }))
    .max(socialNetworks.length)
    .default([]),
  menu: z
    .array(link.extend({ id: itemId }))
    .max(12, 'A menu holds at most 12 links')
    .default([]),
});

export const footerContent = z.object({
  columns: z
    .array(z.object({ id: itemId, title: requiredText('Column title', 60), links: z.array(link).max(10).default([]) }))
    .max(4, 'The footer holds at most 4 columns')
    .default([]),
  address: text('Address', 500).default(''),
  mapLink: optionalWebLink.default(''),
  copyright: text('Copyright line', 160).default(''),
});

const titled = { title: text('Title', 120).default('') };
/** Whether a section shows on the home page; a form leaves a switch that is off out. */
const enabled = z.boolean().default(false);
export const bodySectionKinds = ['hero', 'about', 'courses', 'whyUs', 'testimonials', 'contact'] as const;
export type BodySectionKind = (typeof bodySectionKinds)[number];
export const bodySectionNames: Record<BodySectionKind, string> = {
  hero: 'Hero',
  about: 'About',
  courses: 'Highlighted courses',
  whyUs: 'Why us',
  testimonials: 'Testimonials',
  contact: 'Contact',
};
const bodySection = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hero'),
    enabled,
    ...titled,
    text: text('Text', 500).default(''),
    image: uploadKey.default(''),
    buttonLabel: text('Button label', 40).default(''),
    buttonLink: siteLink.or(z.literal('')).default(''),
  }),
  z.object({ kind: z.literal('about'), enabled, ...titled, markdown: markdown('About').default('') }),
  z.object({
    kind: z.literal('courses'),
    enabled,
    ...titled,
    courseIds: z.array(z.string().min(1).max(100)).max(12, 'Highlight at most 12 courses').default([]),
  }),
  z.object({
    kind: z.literal('whyUs'),
    enabled,
    ...titled,
    points: z
      .array(z.object({ id: itemId, title: requiredText('Point', 80), text: text('Text', 300).default('') }))
      .max(8, 'At most 8 points')
      .default([]),
  }),
  z.object({
    kind: z.literal('testimonials'),
    enabled,
    ...titled,
    items: z
      .array(z.object({ id: itemId, name: requiredText('Name', 80), role: text('Role', 80).default(''), text: requiredText('Words', 600) }))
      .max(12, 'At most 12 testimonials')
      .default([]),
  }),
  z.object({ kind: z.literal('contact'), enabled, ...titled, text: text('Text', 500).default('') }),
]);
export type BodySection = z.infer<typeof bodySection>;

export const bodyContent = z.object({
  sections: z
    .array(bodySection)
    .max(bodySectionKinds.length)
    .superRefine((sections, ctx) => {
      const seen = new Set<string>();
      sections.forEach((section, index) => {
        if (seen.has(section.kind)) ctx.addIssue({ code: 'custom', message: siteContentMessages.sectionTwice, path: [index, 'kind'] });
        seen.add(section.kind);
      });
    }),
});

export const themeContent = z.object({
  primary: colour,
  accent: colour,
  background: colour,
  font: z.enum(Object.keys(siteFonts) as [SiteFont, ...SiteFont[]], { message: 'Choose one of the fonts offered' }),
  mode: z.enum(['light', 'dark'], { message: 'Choose light or dark' }),
});

export const galleryContent = z
  .object({
    albums: z
      .array(
        z.object({
          id: itemId,
          title: requiredText('Album title', 120),
          cover: uploadKey.default(''),
          images: z
            .array(z.object({ id: itemId, image: uploadKey.min(1, 'Upload the image'), caption: text('Caption', 200).default('') }))
            .max(100, 'An album holds at most 100 images')
            .default([]),
        }),
      )
      .max(50, 'At most 50 albums'),
  })
  .superRefine((gallery, ctx) => {
    uniqueIds(gallery.albums, ctx, 'albums');
    gallery.albums.forEach((album, index) => {
      if (album.cover && !album.images.some((image) => image.image === album.cover))
        ctx.addIssue({ code: 'custom', message: 'The cover is one of the album’s images', path: ['albums', index, 'cover'] });
    });
  });

export const certificationsContent = z
  .object({
    items: z
      .array(
        z.object({
          id: itemId,
          name: requiredText('Name', 120),
          number: text('Number', 60).default(''),
          link: optionalWebLink.default(''),
          logo: uploadKey.default(''),
        }),
      )
      .max(50, 'At most 50 certifications'),
  })
  .superRefine((value, ctx) => uniqueIds(value.items, ctx, 'items'));

export const noticeBoardContent = z
  .object({
    notices: z
      .array(
        z
          .object({
            id: itemId,
            title: requiredText('Title', 160),
            markdown: markdown('Text').default(''),
            date: calendarDay,
            pinned: z.boolean().default(false),
            expires: calendarDay.or(z.literal('')).default(''),
            attachment: uploadKey.default(''),
          })
          .refine((notice) => notice.expires === '' || notice.expires >= notice.date, {
            message: siteContentMessages.expiryBeforeDate,
            path: ['expires'],
          }),
      )
      .max(200, 'At most 200 notices'),
  })
  .superRefine((value, ctx) => uniqueIds(value.notices, ctx, 'notices'));

export const downloadsContent = z
  .object({
    files: z
      .array(
        z.object({
          id: itemId,
          title: requiredText('Title', 160),
          category: text('Category', 60).default(''),
          file: uploadKey.min(1, 'Upload the file'),
        }),
      )
      .max(200, 'At most 200 files'),
  })
  .superRefine((value, ctx) => uniqueIds(value.files, ctx, 'files'));

export const bannersContent = z
  .object({
    slides: z
      .array(
        z
          .object({
            id: itemId,
            image: uploadKey.min(1, 'Upload the image'),
            title: text('Title', 120).default(''),
            link: siteLink.or(z.literal('')).default(''),
            from: calendarDay.or(z.literal('')).default(''),
            until: calendarDay.or(z.literal('')).default(''),
          })
          .refine((slide) => slide.from === '' || slide.until === '' || slide.until >= slide.from, {
            message: siteContentMessages.bannerEnds,
            path: ['until'],
          }),
      )
      .max(20, 'At most 20 banners'),
  })
  .superRefine((value, ctx) => uniqueIds(value.slides, ctx, 'slides'));

export const siteContentSchemas = {
  header: headerContent,
  footer: footerContent,
  body: bodyContent,
  theme: themeContent,
  gallery: galleryContent,
  certifications: certificationsContent,
  'notice-board': noticeBoardContent,
  downloads: downloadsContent,
  banners: bannersContent,
} satisfies Record<SiteSection, z.ZodTypeAny>;

export type SiteContent = { [S in SiteSection]: z.infer<(typeof siteContentSchemas)[S]> };
export type HeaderContent = SiteContent['header'];
export type FooterContent = SiteContent['footer'];
export type ThemeContent = SiteContent['theme'];
export type CertificationsContent = SiteContent['certifications'];
export type NoticeBoardContent = SiteContent['notice-board'];
export type DownloadsContent = SiteContent['downloads'];
export type BannersContent = SiteContent['banners'];

/** What a section holds before anyone saves it: a site that reads well from the first day. */
export const defaultSiteContent: SiteContent = {
  header: headerContent.parse({ instituteName: 'Our Institute', menu: [] }),
  footer: footerContent.parse({}),
  body: {
    sections: [
      { kind: 'hero', enabled: true, title: 'Learn with us', text: '', image: '', buttonLabel: '', buttonLink: '' },
      { kind: 'about', enabled: true, title: 'About us', markdown: '' },
      { kind: 'courses', enabled: true, title: 'Our courses', courseIds: [] },
      { kind: 'whyUs', enabled: false, title: 'Why study with us', points: [] },
      { kind: 'testimonials', enabled: false, title: 'What our students say', items: [] },
      { kind: 'contact', enabled: true, title: 'Contact us', text: '' },
    ],
  },
  theme: { primary: '#1d4ed8', accent: '#b45309', background: '#ffffff', font: 'system', mode: 'light' },
  gallery: { albums: [] },
  certifications: { items: [] },
  'notice-board': { notices: [] },
  downloads: { files: [] },
  banners: { slides: [] },
};

export const siteSectionParam = z.enum(siteSections, { message: siteContentMessages.notSection });
const sectionParams = z.object({ section: siteSectionParam });

const version = z.number().int().describe('Send as If-Match: "<version>" to refuse a change made since');
const who = z.string().nullable().describe('The name of who did it');

const contrastCheck = z.object({ label: z.string(), ratio: z.number(), passes: z.boolean() });

export const siteSectionSummary = z.object({
  section: siteSectionParam,
  title: z.string(),
  state: z.enum(['unpublished', 'published', 'changed']).describe('never published; as published; draft changes pending'),
  publishedNumber: z.number().int().nullable(),
  publishedAt: z.string().datetime().nullable(),
  publishedBy: who,
  draftSavedAt: z.string().datetime().nullable(),
  draftSavedBy: who,
  editable: z.boolean().describe('Whether the caller may edit it'),
  version,
});
export type SiteSectionSummary = z.infer<typeof siteSectionSummary>;

export const sitePublishedVersion = z.object({
  number: z.number().int(),
  publishedAt: z.string().datetime(),
  publishedBy: who,
  restoredFrom: z.number().int().nullable().describe('The earlier version it was restored from'),
});
export type SitePublishedVersion = z.infer<typeof sitePublishedVersion>;

export const siteSectionView = siteSectionSummary.extend({
  draft: z.record(z.unknown()).describe('The section’s content as its schema has it (see the section’s page)'),
  published: z.record(z.unknown()).nullable(),
  history: z.array(sitePublishedVersion).describe('Every published version, newest first'),
  warnings: z.array(contrastCheck).describe('The theme’s contrast checks; empty for other sections'),
});
export type SiteSectionView<S extends SiteSection = SiteSection> = Omit<z.infer<typeof siteSectionView>, 'draft' | 'published'> & {
  section: S;
  draft: SiteContent[S];
  published: SiteContent[S] | null;
};

export const saveSiteDraftBody = z.object({
  content: z.record(z.unknown()).describe('The whole section, as its schema has it'),
});
export const restoreSiteVersionBody = z.object({ number: z.number().int().min(1) });

export const publicSite = z.object({
  header: z.record(z.unknown()),
  footer: z.record(z.unknown()),
  body: z.record(z.unknown()),
  theme: z.record(z.unknown()),
  gallery: z.record(z.unknown()),
  certifications: z.record(z.unknown()),
  'notice-board': z.record(z.unknown()),
  downloads: z.record(z.unknown()),
  banners: z.record(z.unknown()),
});

const tag = 'site content';

export const siteContentContract = {
  overview: defineContract({
    method: 'get',
    path: '/site-content',
    summary: 'Each settings page of the public site: published, or with draft changes pending',
    tag,
    response: z.object({ sections: z.array(siteSectionSummary) }),
  }),
  show: defineContract({
    method: 'get',
    path: '/site-content/:section',
    summary: 'One settings page: its draft, what is published, and every published version',
    tag,
    params: sectionParams,
    response: siteSectionView,
    etag: true,
    refuses: [404],
  }),
  saveDraft: defineContract({
    method: 'put',
    path: '/site-content/:section',
    summary: 'Saves the page’s draft; visitors see nothing of it until it is published',
    tag,
    params: sectionParams,
    body: saveSiteDraftBody,
    response: siteSectionView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: { body: { content: { instituteName: 'Shree Computer Institute', tagline: 'Skills for life' } } },
  }),
  publish: defineContract({
    method: 'post',
    path: '/site-content/:section/publish',
    summary: 'Publishes the draft at once, kept as a new version',
    tag,
    params: sectionParams,
    response: siteSectionView,
    etag: true,
    ifMatch: true,
    refuses: [404],
  }),
  restore: defineContract({
    method: 'post',
    path: '/site-content/:section/restore',
    summary: 'Makes an earlier published version the draft again',
    tag,
    params: sectionParams,
    body: restoreSiteVersionBody,
    response: siteSectionView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: { body: { number: 1 } },
  }),
  discard: defineContract({
    method: 'post',
    path: '/site-content/:section/discard',
    summary: 'Drops the draft changes: the draft is what is published again',
    tag,
    params: sectionParams,
    response: siteSectionView,
    etag: true,
    ifMatch: true,
    refuses: [404],
  }),
  preview: defineContract({
    method: 'get',
    path: '/site-content/preview',
    summary: 'The site as visitors would read it if every draft were published now',
    tag,
    response: publicSite,
  }),
  publicSite: defineContract({
    method: 'get',
    path: '/public/site',
    summary: 'The published site, every section, for anyone: notices past their expiry and banners out of schedule left out',
    tag,
    response: publicSite,
    cached: true,
  }),
  publicSection: defineContract({
    method: 'get',
    path: '/public/site/:section',
    summary: 'One published section of the site, for anyone',
    tag,
    params: sectionParams,
    response: z.record(z.unknown()),
    cached: true,
    refuses: [404],
  }),
};

const SITE_FILES_PATH = '/api/v1/public/site/files/';

/** What a visitor's page is given for an uploaded image or file: an address on this server that needs no token. */
export const publicSiteFilePath = (key: string) => `${SITE_FILES_PATH}${key.replace(`${siteUpload.formType}/`, '')}`;

/** The upload a public address names, or null: a preview of drafts opens their files another way. */
export const siteFileKey = (address: string) =>
  address.startsWith(SITE_FILES_PATH) ? `${siteUpload.formType}/${address.slice(SITE_FILES_PATH.length)}` : null;

type BodyOf<K extends BodySectionKind> = Extract<BodySection, { kind: K }>;

/**
 * The published site as visitors read it: uploads as addresses, Markdown as safe HTML, only what
 * is on show today. A section with images gives each one's size and smaller copies by its address.
 */
export interface PublicSiteContent {
  header: Omit<HeaderContent, 'logo'> & { logo: string | null; imageSizes: PublicSiteImages };
  footer: FooterContent;
  body: {
    sections: Array<
      | (Omit<BodyOf<'hero'>, 'image'> & { image: string | null })
      | (BodyOf<'about'> & { html: string })
      | (Omit<BodyOf<'courses'>, 'courseIds'> & { courses: { id: string; title: string }[] })
      | BodyOf<'whyUs'>
      | BodyOf<'testimonials'>
      | BodyOf<'contact'>
    >;
    imageSizes: PublicSiteImages;
  };
  theme: ThemeContent & { fontStack: string };
  gallery: {
    albums: { id: string; title: string; cover: string | null; images: { id: string; url: string; caption: string }[] }[];
    imageSizes: PublicSiteImages;
  };
  certifications: {
    items: (Omit<CertificationsContent['items'][number], 'logo'> & { logo: string | null })[];
    imageSizes: PublicSiteImages;
  };
  'notice-board': {
    notices: (Omit<NoticeBoardContent['notices'][number], 'markdown' | 'attachment'> & {
      html: string;
      attachment: { url: string; name: string } | null;
    })[];
  };
  downloads: { files: (Omit<DownloadsContent['files'][number], 'file'> & { url: string; name: string })[] };
  banners: {
    slides: (Omit<BannersContent['slides'][number], 'image' | 'from' | 'until'> & { image: string })[];
    imageSizes: PublicSiteImages;
  };
}
