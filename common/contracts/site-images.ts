/**
 * What a visitor's page needs to show an uploaded image well: its size (turned upright), so its
 * place is kept before it loads, and its smaller WebP copies for `srcset`, narrowest first. An
 * image uploaded before copies were made has none; a preview of drafts lists none, as a draft's
 * image opens to visitors only once it is published.
 */
export interface PublicSiteImage {
  width: number;
  height: number;
  copies: { width: number; url: string }[];
}

/** The images a section of the public site names, by the address the section gives each. */
export type PublicSiteImages = Record<string, PublicSiteImage>;

const SITE_IMAGES_PATH = '/api/v1/public/site/images/';

/** The address of an uploaded image's copy at a width: `/api/v1/public/site/images/<yyyy>/<mm>/<name>/<width>.webp`. */
export const publicSiteImagePath = (key: string, width: number) => `${SITE_IMAGES_PATH}${key.slice(key.indexOf('/') + 1)}/${width}.webp`;
