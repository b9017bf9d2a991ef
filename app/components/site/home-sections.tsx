import type * as React from 'react';
import type { PublicSiteContent } from '../../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { MapPinIcon } from '~/components/ui/icons';
import { siteHref } from '~/lib/public-site';
import { RichText } from './rich-text';
import { SiteImage } from './site-image';
import { container, mutedText, primaryButton, sectionHeading, surface, textLink } from './styles';

type Site = PublicSiteContent;
type Section = Site['body']['sections'][number];
type Of<K extends Section['kind']> = Extract<Section, { kind: K }>;

/** A band of the home page with its h2; `id` lets the menu link to it (`/site#about`). */
export function HomeBand({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn(container, 'scroll-mt-4 py-10 sm:py-14', className)}>
      <h2 id={`${id}-title`} className={sectionHeading}>
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** The hero's image takes half of the container (72rem less its padding) from 768 pixels up, the width of the screen below. */
const HERO_SIZES = '(min-width: 1152px) 536px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)';

function Hero({ section, site, preview, eager }: { section: Of<'hero'>; site: Site; preview: boolean; eager: boolean }) {
  const button = section.buttonLabel && section.buttonLink;
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      className={cn(container, 'grid items-center gap-8 py-10 sm:py-16', section.image && 'md:grid-cols-2')}
    >
      {/* Without an image the text has the row to itself, kept to a readable measure. */}
      <div className={section.image ? undefined : 'max-w-3xl'}>
        <h2 id="hero-title" className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {section.title}
        </h2>
        {section.text ? <p className={cn('mt-4 text-lg whitespace-pre-line', mutedText)}>{section.text}</p> : null}
        {button ? (
          <a href={siteHref(section.buttonLink, preview)} className={cn(primaryButton, 'mt-6')}>
            {section.buttonLabel}
          </a>
        ) : null}
      </div>
      {section.image ? (
        <SiteImage
          src={section.image}
          imageSizes={site.body.imageSizes}
          sizes={HERO_SIZES}
          alt=""
          width={800}
          height={600}
          load={eager ? 'first' : 'lazy'}
          className="aspect-[4/3] w-full rounded-xl bg-[var(--site-surface)] object-cover"
        />
      ) : null}
    </section>
  );
}

function Courses({ section }: { section: Of<'courses'> }) {
  return (
    <HomeBand id="courses" title={section.title || 'Our courses'}>
      {section.courses.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {section.courses.map((course) => (
            <li key={course.id} className={cn(surface, 'border-t-4 border-t-[var(--site-primary)] p-5 text-lg font-semibold')}>
              {course.title}
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>Ask us about the courses we offer this session.</p>
      )}
    </HomeBand>
  );
}

function WhyUs({ section }: { section: Of<'whyUs'> }) {
  return (
    <HomeBand id="why-us" title={section.title || 'Why study with us'}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {section.points.map((point) => (
          <li key={point.id} className={cn(surface, 'p-5')}>
            <h3 className="font-semibold">{point.title}</h3>
            {point.text ? <p className={cn('mt-2', mutedText)}>{point.text}</p> : null}
          </li>
        ))}
      </ul>
    </HomeBand>
  );
}

function Testimonials({ section }: { section: Of<'testimonials'> }) {
  return (
    <HomeBand id="testimonials" title={section.title || 'What our students say'}>
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {section.items.map((item) => (
          <li key={item.id}>
            <figure className={cn(surface, 'flex h-full flex-col p-5')}>
              <blockquote className="flex-1 text-lg leading-relaxed whitespace-pre-line">“{item.text}”</blockquote>
              <figcaption className="mt-4">
                <span className="font-semibold">{item.name}</span>
                {item.role ? <span className={cn('block text-sm', mutedText)}>{item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeBand>
  );
}

function Contact({ section, site }: { section: Of<'contact'>; site: Site }) {
  const { phone, email } = site.header;
  const { address, mapLink } = site.footer;
  return (
    <HomeBand id="contact" title={section.title || 'Contact us'}>
      {section.text ? <p className="max-w-2xl text-lg whitespace-pre-line">{section.text}</p> : null}
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {phone ? (
          <div className={cn(surface, 'p-5')}>
            <dt className={cn('text-sm', mutedText)}>Phone</dt>
            <dd className="mt-1 text-lg font-semibold">
              <a className={textLink} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                {phone}
              </a>
            </dd>
          </div>
        ) : null}
        {email ? (
          <div className={cn(surface, 'p-5')}>
            <dt className={cn('text-sm', mutedText)}>Email</dt>
            <dd className="mt-1 text-lg font-semibold break-all">
              <a className={textLink} href={`mailto:${email}`}>
                {email}
              </a>
            </dd>
          </div>
        ) : null}
        {address || mapLink ? (
          <div className={cn(surface, 'p-5')}>
            <dt className={cn('text-sm', mutedText)}>Address</dt>
            <dd className="mt-1">
              {address ? <address className="whitespace-pre-line not-italic">{address}</address> : null}
              {mapLink ? (
                <a href={mapLink} rel="noopener" className={cn(textLink, 'mt-2 inline-flex items-center gap-1.5')}>
                  <MapPinIcon className="size-4" />
                  Open in maps
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </HomeBand>
  );
}

/** One section of the home page's body, in the order and with the content the editor set. */
export function HomeSection({ section, site, preview, first }: { section: Section; site: Site; preview: boolean; first: boolean }) {
  switch (section.kind) {
    case 'hero':
      return <Hero section={section} site={site} preview={preview} eager={first && site.banners.slides.length === 0} />;
    case 'about':
      return (
        <HomeBand id="about" title={section.title || 'About us'}>
          <RichText html={section.html} className="max-w-3xl text-lg" />
        </HomeBand>
      );
    case 'courses':
      return <Courses section={section} />;
    case 'whyUs':
      return <WhyUs section={section} />;
    case 'testimonials':
      return <Testimonials section={section} />;
    case 'contact':
      return <Contact section={section} site={site} />;
  }
}
