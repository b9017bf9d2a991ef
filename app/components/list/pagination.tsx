import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from '~/components/ui/icons';
import { NativeSelect } from '~/components/ui/native-select';
import { defaultPageSize, pageSizes as standardPageSizes, pageWindow, withParams } from '~/lib/list-query';

function PageLink({
  to,
  label,
  disabled,
  children,
  current,
  className,
}: {
  to: string;
  label: string;
  disabled?: boolean;
  current?: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  if (disabled) {
    return (
      <Button variant="ghost" size="icon" disabled aria-label={label} className={cn('size-8', className)}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant={current ? 'outline' : 'ghost'} size="icon" className={cn('size-8 tabular-nums', className)}>
      <Link to={{ search: to }} preventScrollReset aria-label={label} aria-current={current ? 'page' : undefined}>
        {children}
      </Link>
    </Button>
  );
}

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * "Showing 21–40 of 57 students", page numbers and the page size, as links and a GET form built
 * from the page's own address (`page` and `limit` parameters; every other parameter is kept), so
 * any list pages the same way, with or without JavaScript.
 */
export function Pagination({
  page,
  totalPages,
  total,
  limit,
  noun = { one: 'row', other: 'rows' },
  pageSizes = standardPageSizes,
  className,
}: {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  /** What the rows are, for "Showing 1–20 of 57 students". */
  noun?: { one: string; other: string };
  pageSizes?: readonly number[];
  className?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = React.useId();
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const to = (n: number) => withParams(search, { page: n === 1 ? null : n });
  const limitTo = (size: number) => withParams(search, { page: null, limit: size === defaultPageSize ? null : size });
  const kept = [...new URLSearchParams(search).entries()].filter(([name]) => name !== 'page' && name !== 'limit');

  return (
    <div data-slot="pagination" className={cn('flex flex-col-reverse items-center justify-between gap-3 text-sm sm:flex-row', className)}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-muted-foreground" aria-live="polite">
          Showing <span className="font-medium text-foreground tabular-nums">{count(first)}</span>–
          <span className="font-medium text-foreground tabular-nums">{count(last)}</span> of{' '}
          <span className="font-medium text-foreground tabular-nums">{count(total)}</span> {total === 1 ? noun.one : noun.other}
        </p>
        <Form
          method="get"
          preventScrollReset
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('limit');
            navigate({ search: limitTo(Number(value)) }, { preventScrollReset: true });
          }}
        >
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={`${id}-limit`} className="text-muted-foreground">
            Rows per page
          </label>
          <NativeSelect
            id={`${id}-limit`}
            name="limit"
            size="sm"
            defaultValue={String(limit)}
            key={limit}
            className="w-20"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="outline" size="sm" className={hydrated ? 'sr-only' : undefined}>
            Go
          </Button>
        </Form>
      </div>

      {totalPages > 1 ? (
        <nav aria-label="Pagination" className="flex items-center gap-1">
          <PageLink to={to(1)} label="First page" disabled={page <= 1} className="hidden sm:inline-flex">
            <ChevronsLeftIcon aria-hidden="true" />
          </PageLink>
          <PageLink to={to(page - 1)} label="Previous page" disabled={page <= 1}>
            <ChevronLeftIcon aria-hidden="true" />
          </PageLink>
          {pageWindow(page, totalPages).map((n, index) =>
            n === 'gap' ? (
              <span key={`gap-${index}`} aria-hidden="true" className="w-6 text-center text-muted-foreground">
                …
              </span>
            ) : (
              <PageLink key={n} to={to(n)} label={`Page ${n}`} current={n === page}>
                {n}
              </PageLink>
            ),
          )}
          <PageLink to={to(page + 1)} label="Next page" disabled={page >= totalPages}>
            <ChevronRightIcon aria-hidden="true" />
          </PageLink>
          <PageLink to={to(totalPages)} label="Last page" disabled={page >= totalPages} className="hidden sm:inline-flex">
            <ChevronsRightIcon aria-hidden="true" />
          </PageLink>
        </nav>
      ) : null}
    </div>
  );
}
