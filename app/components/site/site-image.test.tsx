import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicSiteFilePath } from '../../../common/contracts/site-content';
import { publicSiteImagePath } from '../../../common/contracts/site-images';
import { SiteImage, type SiteImageProps } from './site-image';

const key = 'siteContent/2026/12/0a1b-campus.jpg';
const src = publicSiteFilePath(key);
const copies = (...widths: number[]) => widths.map((width) => ({ width, url: publicSiteImagePath(key, width) }));
const box = { src, sizes: '100vw', alt: '', width: 1600, height: 600 } as const;

const attributes = (props: SiteImageProps) => {
  const html = renderToStaticMarkup(<SiteImage {...props} />);
  // HTML's attribute names are read without regard to case: React writes `srcSet`, a browser reads `srcset`.
  return Object.fromEntries([...html.matchAll(/ ([A-Za-z]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!]));
};

describe('SiteImage', () => {
  it('offers the copies by width for the browser to choose, with the image’s own size, and keeps the upload as src', () => {
    const html = attributes({
      ...box,
      imageSizes: { [src]: { width: 2400, height: 1600, copies: copies(160, 480, 960, 1600) } },
      load: 'lazy',
    });
    expect(html).toMatchObject({
      src,
      srcset: copies(160, 480, 960, 1600)
        .map((copy) => `${copy.url} ${copy.width}w`)
        .join(', '),
      sizes: '100vw',
      width: '2400',
      height: '1600',
      loading: 'lazy',
      decoding: 'async',
    });
    expect(html.fetchpriority).toBeUndefined();
  });

  it('fetches the first image at once and before the others', () => {
    const html = attributes({
      ...box,
      imageSizes: { [src]: { width: 1200, height: 800, copies: copies(160, 480, 960, 1200) } },
      load: 'first',
    });
    expect(html).toMatchObject({ loading: 'eager', fetchpriority: 'high', decoding: 'async' });
  });

  it('shows an image with no copies, or one small enough for a single copy, as uploaded, in its box’s size until its own is known', () => {
    expect(attributes({ ...box, imageSizes: {}, load: 'eager' })).toEqual({
      src,
      alt: '',
      width: '1600',
      height: '600',
      decoding: 'async',
      loading: 'eager',
    });
    const small = attributes({ ...box, imageSizes: { [src]: { width: 120, height: 40, copies: copies(120) } }, load: 'lazy' });
    expect(small).toMatchObject({ src, width: '120', height: '40' });
    expect(small.srcset).toBeUndefined();
    expect(small.sizes).toBeUndefined();
  });
});
