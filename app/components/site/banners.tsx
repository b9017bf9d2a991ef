import type { PublicSiteContent } from '../../../common/contracts/site-content';
import type { PublicSiteImages } from '../../../common/contracts/site-images';
import { cn } from '~/components/ui/cn';
import { siteHref } from '~/lib/public-site';
import { SiteImage } from './site-image';

type Slide = PublicSiteContent['banners']['slides'][number];

/** The first banner is what a visitor sees first: fetched at once and before other images. */
function SlideBody({ slide, imageSizes, first }: { slide: Slide; imageSizes: PublicSiteImages; first: boolean }) {
  return (
    <>
      <SiteImage
        src={slide.image}
        imageSizes={imageSizes}
        sizes="100vw"
        alt=""
        width={1600}
        height={600}
        load={first ? 'first' : 'lazy'}
        className="aspect-[4/3] w-full bg-[var(--site-surface)] object-cover sm:aspect-[16/6]"
      />
      {slide.title ? (
        <span className="absolute inset-x-0 bottom-0 bg-black/65 px-4 py-3 text-lg font-semibold text-white sm:px-6 sm:text-2xl">
          {slide.title}
        </span>
      ) : null}
    </>
  );
}

/**
 * The banners, side by side in a strip that scrolls and snaps to each one: it works by touch, by
 * the keyboard (the strip takes focus) and by the numbered links under it, with no script and
 * nothing that moves by itself.
 */
export function Banners({ slides, imageSizes, preview }: { slides: Slide[]; imageSizes: PublicSiteImages; preview: boolean }) {
  if (slides.length === 0) return null;
  const several = slides.length > 1;
  return (
    <div data-slot="site-banners">
      {/* The strip scrolls, so it takes focus for the keyboard's arrows, and says what it holds. */}
      <div
        role="region"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by the keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={several ? `Banners, ${slides.length} of them; scroll sideways for the next` : 'Banner'}
        className="snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
      >
        <ul className="flex">
          {slides.map((slide, index) => (
            <li key={slide.id} id={`banner-${slide.id}`} className="relative w-full shrink-0 snap-start">
              {slide.link ? (
                <a href={siteHref(slide.link, preview)} className="block" aria-label={slide.title ? undefined : `Banner ${index + 1}`}>
                  <SlideBody slide={slide} imageSizes={imageSizes} first={index === 0} />
                </a>
              ) : (
                <SlideBody slide={slide} imageSizes={imageSizes} first={index === 0} />
              )}
            </li>
          ))}
        </ul>
      </div>
      {several ? (
        <nav aria-label="Choose a banner" className="flex justify-center gap-1 py-2">
          {slides.map((slide, index) => (
            <a
              key={slide.id}
              href={`#banner-${slide.id}`}
              className={cn(
                'flex size-11 items-center justify-center rounded-full text-sm font-semibold',
                'hover:bg-[var(--site-surface)] hover:underline',
              )}
            >
              <span className="sr-only">Banner </span>
              {index + 1}
            </a>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
