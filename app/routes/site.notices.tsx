import { NoticeList } from '~/components/site/notice-list';
import { EmptyState, SitePage } from '~/components/site/page';
import { siteMeta, useSite } from '~/components/site/site-data';

export const meta = siteMeta('Notices');

/** Every notice on show today, pinned first, each in full with its attachment. */
export default function SiteNotices() {
  const { site } = useSite();
  const notices = site['notice-board'].notices;
  return (
    <SitePage title="Notices" intro="News and announcements from the institute.">
      {notices.length > 0 ? (
        <NoticeList notices={notices} headingLevel="h2" />
      ) : (
        <EmptyState>There are no notices just now. Please check back soon.</EmptyState>
      )}
    </SitePage>
  );
}
