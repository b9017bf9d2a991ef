import { describe, expect, it } from 'vitest';
import { publicSiteFilePath } from '../../common/contracts/site-content';
import { siteHref, withPreviewAddresses } from './public-site';

describe('siteHref', () => {
  it('keeps a preview in preview on the site’s own pages only', () => {
    expect(siteHref('/site/notices', true)).toBe('/site/notices?preview=1');
    expect(siteHref('/site', true)).toBe('/site?preview=1');
    expect(siteHref('/site#about', true)).toBe('/site?preview=1#about');
    expect(siteHref('/site/gallery?album=day', true)).toBe('/site/gallery?album=day&preview=1');
    expect(siteHref('/verify', true)).toBe('/verify');
    expect(siteHref('/sitemap', true)).toBe('/sitemap');
    expect(siteHref('https://example.com/site', true)).toBe('https://example.com/site');
    expect(siteHref('/site/notices', false)).toBe('/site/notices');
  });
});

describe('withPreviewAddresses', () => {
  it('opens every upload of the drafts through the admin area, and leaves other strings alone', () => {
    const key = 'siteContent/2026/12/0a1b-photo.png';
    const site = {
      header: { logo: publicSiteFilePath(key), instituteName: 'Shree' },
      gallery: { albums: [{ images: [{ url: publicSiteFilePath(key), n: 1 }] }] },
    };
    const opened = `/resources/uploads?key=${encodeURIComponent(key)}`;
    expect(withPreviewAddresses(site)).toEqual({
      header: { logo: opened, instituteName: 'Shree' },
      gallery: { albums: [{ images: [{ url: opened, n: 1 }] }] },
    });
  });

  it('names an image’s size by its preview address, so a page still finds it', () => {
    const key = 'siteContent/2026/12/0a1b-banner.png';
    const banners = {
      slides: [{ image: publicSiteFilePath(key) }],
      imageSizes: { [publicSiteFilePath(key)]: { width: 800, height: 300, copies: [] } },
    };
    const opened = `/resources/uploads?key=${encodeURIComponent(key)}`;
    expect(withPreviewAddresses(banners)).toEqual({
      slides: [{ image: opened }],
      imageSizes: { [opened]: { width: 800, height: 300, copies: [] } },
    });
  });
});
