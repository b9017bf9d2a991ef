import { Banners } from '~/components/site/banners';
import { Certifications } from '~/components/site/certifications';
import { HomeBand, HomeSection } from '~/components/site/home-sections';
import { NoticeList } from '~/components/site/notice-list';
import { siteMeta, useSite } from '~/components/site/site-data';
import { textLink } from '~/components/site/styles';
import { siteHref } from '~/lib/public-site';

export const meta = siteMeta(null);

/** How many notices the home page shows; the rest are on the notices page. */
const LATEST_NOTICES = 3;

/** The home page: banners, the body's sections in the editor's order, certifications and the latest notices. */
export default function SiteHome() {
  const { site, preview } = useSite();
  const notices = site['notice-board'].notices;
  return (
    <>
      <h1 className="sr-only">{site.header.instituteName}</h1>
      <Banners slides={site.banners.slides} imageSizes={site.banners.imageSizes} preview={preview} />
      {site.body.sections.map((section, index) => (
        <HomeSection key={section.kind} section={section} site={site} preview={preview} first={index === 0} />
      ))}
      <Certifications items={site.certifications.items} imageSizes={site.certifications.imageSizes} />
      {notices.length > 0 ? (
        <HomeBand id="notices" title="Latest notices">
          <NoticeList notices={notices.slice(0, LATEST_NOTICES)} headingLevel="h3" full={false} />
          <p className="mt-6">
            <a href={siteHref('/site/notices', preview)} className={textLink}>
              All notices
            </a>
          </p>
        </HomeBand>
      ) : null}
    </>
  );
}
