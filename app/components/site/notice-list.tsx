import type { PublicSiteContent } from '../../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { DownloadIcon } from '~/components/ui/icons';
import { formatDate } from '~/utils/format';
import { RichText } from './rich-text';
import { mutedText, surface, textLink } from './styles';

type Notice = PublicSiteContent['notice-board']['notices'][number];

/**
 * Notices as the API orders them (pinned first, then the newest), each with its date, its text and
 * its attachment. `headingLevel` follows the page: h2 on the notices page, h3 under a section.
 */
export function NoticeList({
  notices,
  headingLevel: Heading,
  full = true,
}: {
  notices: Notice[];
  headingLevel: 'h2' | 'h3';
  full?: boolean;
}) {
  return (
    <ul data-slot="site-notices" className="grid gap-4">
      {notices.map((notice) => (
        <li key={notice.id}>
          <article className={cn(surface, 'p-5', notice.pinned && 'border-l-4 border-l-[var(--site-primary)]')}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <time dateTime={notice.date} className={mutedText}>
                {formatDate(notice.date)}
              </time>
              {notice.pinned ? (
                <span className="rounded-full bg-[var(--site-primary)] px-2.5 py-0.5 text-xs font-semibold text-white">Pinned</span>
              ) : null}
            </div>
            <Heading className="mt-1 text-lg font-semibold">{notice.title}</Heading>
            {full && notice.html ? <RichText html={notice.html} className="mt-2" /> : null}
            {notice.attachment ? (
              <a href={notice.attachment.url} className={cn(textLink, 'mt-3 inline-flex items-center gap-1.5 break-all')}>
                <DownloadIcon className="size-4 shrink-0" />
                <span className="sr-only">Download </span>
                {notice.attachment.name}
              </a>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
