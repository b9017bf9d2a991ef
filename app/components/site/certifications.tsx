import type { PublicSiteContent } from '../../../common/contracts/site-content';
import type { PublicSiteImages } from '../../../common/contracts/site-images';
import { cn } from '~/components/ui/cn';
import { HomeBand } from './home-sections';
import { SiteImage } from './site-image';
import { mutedText, surface, textLink } from './styles';

/** The institute's certifications and affiliations: logo, name, number, and where to check it. */
export function Certifications({
  items,
  imageSizes,
}: {
  items: PublicSiteContent['certifications']['items'];
  imageSizes: PublicSiteImages;
}) {
  if (items.length === 0) return null;
  return (
    <HomeBand id="certifications" title="Certifications and affiliations">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className={cn(surface, 'flex items-center gap-4 p-4')}>
            {item.logo ? (
              <SiteImage
                src={item.logo}
                imageSizes={imageSizes}
                sizes="64px"
                alt=""
                width={64}
                height={64}
                load="lazy"
                className="size-16 shrink-0 rounded bg-white object-contain"
              />
            ) : null}
            <div className="min-w-0">
              <h3 className="font-semibold">{item.name}</h3>
              {item.number ? <p className={cn('text-sm', mutedText)}>No. {item.number}</p> : null}
              {item.link ? (
                <a href={item.link} rel="noopener" className={cn(textLink, 'text-sm')}>
                  Verify<span className="sr-only"> {item.name}</span>
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </HomeBand>
  );
}
