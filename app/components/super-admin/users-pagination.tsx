import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons';

interface UsersPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** How many users this page shows. */
  shown: number;
  /** The address of another page of the same list. */
  pageHref: (page: number) => string;
}

/** Previous and Next as links, with where the page stands ("Showing 11–20 of 42 · Page 2 of 5"). */
export function UsersPagination({ page, pageSize, total, totalPages, shown, pageHref }: UsersPaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = first === 0 ? 0 : first + shown - 1;
  const pageLink = (target: number, rel: 'prev' | 'next', disabled: boolean) => {
    const content =
      rel === 'prev' ? (
        <>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </>
      ) : (
        <>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </>
      );
    return disabled ? (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    ) : (
      <Button variant="outline" size="sm" asChild>
        <Link to={pageHref(target)} preventScrollReset rel={rel}>
          {content}
        </Link>
      </Button>
    );
  };
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm sm:flex-row">
      <p className="text-muted-foreground">
        Showing {first}–{last} of {total} · Page {Math.max(1, Math.min(page, totalPages))} of {Math.max(1, totalPages)}
      </p>
      <div className="flex gap-2">
        {pageLink(page - 1, 'prev', page <= 1)}
        {pageLink(page + 1, 'next', page >= totalPages)}
      </div>
    </nav>
  );
}
