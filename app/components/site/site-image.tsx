import type { PublicSiteImages } from '../../../common/contracts/site-images';

/** The one image a visitor sees first (the first banner, or the hero without banners): fetched at once and before the others. */
const firstImage = { loading: 'eager', fetchpriority: 'high' } as Record<string, string>;

export interface SiteImageProps {
  /** The image's address as the section gives it. */
  src: string;
  /** The section's image sizes, where this image's size and copies are found by its address. */
  imageSizes: PublicSiteImages;
  /** How wide the image is drawn, as the `sizes` attribute says it: the browser picks a copy by it. */
  sizes: string;
  /** The box's own proportions, used until the image's size is known (one uploaded before sizes were kept). */
  width: number;
  height: number;
  alt: string;
  className?: string;
  /** `first`: the image a visitor sees first; `eager`: in view as the page opens; `lazy`: further down, fetched as it nears the view. */
  load: 'first' | 'eager' | 'lazy';
}

/**
 * An uploaded image of the public site: its WebP copies offered by `srcset`, so a phone fetches a
 * few tens of KB rather than the upload (which `src` keeps for a browser without `srcset`), and
 * the image's own width and height, so the page keeps its place before it arrives. Decoded off
 * the main thread; lazily fetched below the fold.
 */
export function SiteImage({ src, imageSizes, sizes, width, height, alt, className, load }: SiteImageProps) {
  const known = imageSizes[src];
  // One copy is an image no wider than the narrowest copy: small already, shown as uploaded.
  const copies = known && known.copies.length > 1 ? known.copies : [];
  return (
    <img
      src={src}
      srcSet={copies.length > 0 ? copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ') : undefined}
      sizes={copies.length > 0 ? sizes : undefined}
      alt={alt}
      width={known?.width ?? width}
      height={known?.height ?? height}
      decoding="async"
      {...(load === 'first' ? firstImage : { loading: load })}
      className={className}
    />
  );
}
