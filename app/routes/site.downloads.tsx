import { cn } from '~/components/ui/cn';
import { DownloadIcon } from '~/components/ui/icons';
import { EmptyState, SitePage } from '~/components/site/page';
import { siteMeta, useSite } from '~/components/site/site-data';
import { mutedText, surface, textLink } from '~/components/site/styles';

export const meta = siteMeta('Downloads');

/** Files without a category are listed under this heading, after the named ones. */
const UNCATEGORISED = 'Other files';

/** Forms, prospectuses and other files, grouped by their category in the order the editor set. */
export default function SiteDownloads() {
  const { site } = useSite();
  const groups = new Map<string, typeof site.downloads.files>();
  for (const file of site.downloads.files) {
    const category = file.category || UNCATEGORISED;
    groups.set(category, [...(groups.get(category) ?? []), file]);
  }
  const ordered = [...groups].sort(([a], [b]) => Number(a === UNCATEGORISED) - Number(b === UNCATEGORISED));
  return (
    <SitePage title="Downloads" intro="Forms, prospectuses and other documents to download.">
      {ordered.length === 0 ? (
        <EmptyState>There are no files to download just now. Please check back soon.</EmptyState>
      ) : (
        <div className="grid gap-10">
          {ordered.map(([category, files]) => (
            <section key={category} aria-label={category}>
              <h2 className="text-xl font-bold">{category}</h2>
              <ul className="mt-4 grid gap-3">
                {files.map((file) => (
                  <li key={file.id} className={cn(surface, 'flex flex-wrap items-center justify-between gap-x-6 gap-y-2 p-4')}>
                    <div className="min-w-0">
                      <p className="font-semibold">{file.title}</p>
                      <p className={cn('text-sm break-all', mutedText)}>{file.name}</p>
                    </div>
                    <a href={file.url} className={cn(textLink, 'inline-flex min-h-11 items-center gap-1.5')}>
                      <DownloadIcon className="size-4" />
                      Download<span className="sr-only"> {file.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SitePage>
  );
}
