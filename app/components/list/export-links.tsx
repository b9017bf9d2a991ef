import { Button } from '~/components/ui/button';
import { DownloadIcon } from '~/components/ui/icons';

/**
 * Export of what a list shows (its filters, every page), as CSV or Excel: plain links, so they
 * work before the page's code has loaded, and the browser saves the file as it comes.
 */
export function ExportLinks({ href, noun, size }: { href: string; noun: string; size?: 'sm' }) {
  const withFormat = (format: 'csv' | 'xlsx') => `${href}${href.includes('?') ? '&' : '?'}format=${format}`;
  return (
    <div role="group" aria-label={`Export ${noun}`} className="inline-flex">
      <Button asChild variant="outline" size={size} className="rounded-r-none">
        <a href={withFormat('csv')} download title={`Export ${noun} as CSV`}>
          <DownloadIcon aria-hidden="true" /> Export CSV
        </a>
      </Button>
      <Button asChild variant="outline" size={size} className="-ml-px rounded-l-none">
        <a href={withFormat('xlsx')} download title={`Export ${noun} as an Excel workbook`}>
          Excel
        </a>
      </Button>
    </div>
  );
}
