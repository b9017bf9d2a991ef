import { Form, Link, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from '~/components/ui/icons';
import { NativeSelect } from '~/components/ui/native-select';
import { keptParams, pageSizes, searchWith, type ListQuery, type QueryDefaults } from './query';

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const pages = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === 'number' && n - last === 2) result.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) result.push('gap');
    result.push(n);
  }
  return result;
}

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

/** "Showing 21–40 of 57", page numbers, and the page size, all as links and a GET form. */
export function ListPagination({
  query,
  defaults,
  total,
  totalPages,
  noun,
}: {
  query: ListQuery;
  defaults: QueryDefaults;
  total: number;
  totalPages: number;
  noun: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const id = React.useId();
  const { page, limit } = query;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  const to = (n: number) => searchWith(query, defaults, { page: n });

  return (
    <div className="flex flex-col-reverse items-center justify-between gap-3 text-sm sm:flex-row">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-muted-foreground" aria-live="polite">
          Showing <span className="font-medium text-foreground tabular-nums">{first}</span>–
          <span className="font-medium text-foreground tabular-nums">{last}</span> of{' '}
          <span className="font-medium text-foreground tabular-nums">{total}</span> {noun}
        </p>
        <Form
          method="get"
          preventScrollReset
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('limit');
            navigate({ search: searchWith(query, defaults, { limit: Number(value) }) }, { preventScrollReset: true });
          }}
        >
          {keptParams(query, defaults, ['limit']).map(([name, value]) => (
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
