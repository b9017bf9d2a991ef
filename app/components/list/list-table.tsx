import { Link, useNavigate } from '@remix-run/react';
import type * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '~/components/ui/icons';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { cn } from '~/components/ui/cn';
import { nextSort, searchWith } from '~/lib/list-query';
import type { ListRow } from '~/lib/list-query';
import type { Column, ListView } from './types';

const sortNames = { asc: 'ascending', desc: 'descending' } as const;

/** Container-query classes: below these table widths the column gives way (cards keep it). */
const priorityClass = {
  low: 'md:@max-6xl/rows:hidden',
  medium: 'md:@max-5xl/rows:hidden',
} as const;

/** Where a row leads: a path, or the list's own address with the row's details open. */
export type RowTarget = string | { search: string };

function SortHeader<Row>({ column, view }: { column: Column<Row>; view: ListView }) {
  const { query, defaults } = view;
  const active = column.sort !== undefined && query.sort === column.sort;
  const Icon = active ? (query.order === 'asc' ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon;
  if (!column.sort) return <>{column.header}</>;
  return (
    <Link
      to={{ search: searchWith(query, defaults, nextSort(query, column.sort)) }}
      preventScrollReset
      className={cn(
        '-mx-1.5 inline-flex items-center gap-1.5 rounded-sm px-1.5 py-1 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        column.align === 'end' && 'flex-row-reverse',
      )}
    >
      {column.header}
      <Icon aria-hidden="true" className={cn('size-3.5', active ? 'text-foreground' : 'text-muted-foreground/60')} />
    </Link>
  );
}

/** Clicks on the row's own controls (links, buttons, menus) are theirs, not the row's. */
function fromControl(event: React.SyntheticEvent) {
  return (
    (event.target as HTMLElement).closest(
      'a, button, input, select, textarea, label, [role="menu"], [role="dialog"], [role="alertdialog"]',
    ) !== null
  );
}

/**
 * The rows as a table from the md breakpoint up, and below it the same rows as cards (a phone
 * cannot show eight columns): one set of elements styled two ways (`.record-table` in
 * tailwind.css), so a page renders and sends its rows once. Sortable headers are links, so
 * sorting works without JavaScript too. A row opens its record on click and on Enter; the
 * actions column stays pinned at the right edge when the table scrolls sideways.
 */
export function ListTable<Row extends ListRow>({
  rows,
  columns,
  view,
  actions,
  rowTarget,
  busy,
  caption,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  view: ListView;
  actions?: (row: Row) => React.ReactNode;
  /** Where clicking the row (or Enter on it) leads. */
  rowTarget?: (row: Row) => RowTarget;
  busy: boolean;
  caption: string;
}) {
  const navigate = useNavigate();
  const { query, defaults } = view;
  const shown = columns.filter((column) => !column.hidden);
  const titleColumn = shown.find((column) => column.card === 'title') ?? shown[0];
  const cardRole = (column: Column<Row>) => (column === titleColumn ? 'title' : column.card);
  const sortable = shown.filter((column) => column.sort);
  const sortedBy = sortable.find((column) => column.sort === query.sort);
  const open = (row: Row) => {
    const to = rowTarget?.(row);
    if (to) navigate(to, { preventScrollReset: true });
  };

  return (
    <div
      data-slot="record-list-rows"
      aria-busy={busy || undefined}
      className={cn(
        '@container/rows transition-opacity duration-200 motion-reduce:transition-none',
        busy && 'pointer-events-none opacity-60',
      )}
    >
      {sortable.length ? (
        <nav aria-label="Sort" className="mb-3 flex flex-wrap items-center gap-1.5 text-sm md:hidden">
          <span className="mr-1 text-muted-foreground">Sort by</span>
          {sortable.map((column) => {
            const active = query.sort === column.sort;
            const Icon = active ? (query.order === 'asc' ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon;
            return (
              <Link
                key={column.id}
                to={{ search: searchWith(query, defaults, nextSort(query, column.sort!)) }}
                preventScrollReset
                aria-current={active ? 'true' : undefined}
                className={cn(
                  'inline-flex h-8 items-center gap-1 rounded-md border px-2.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  active ? 'border-primary/40 bg-primary/10 font-medium' : 'text-muted-foreground hover:bg-accent',
                )}
              >
                {column.header}
                <Icon aria-hidden="true" className="size-3.5" />
                {active ? <span className="sr-only">, sorted {sortNames[query.order]}</span> : null}
              </Link>
            );
          })}
        </nav>
      ) : null}

      <div className="md:rounded-lg md:border">
        <Table className="record-table">
          <caption className="sr-only">
            {caption}
            {sortedBy ? `, sorted by ${sortedBy.header} ${sortNames[query.order]}` : ''}
          </caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {shown.map((column) => (
                <TableHead
                  key={column.id}
                  scope="col"
                  aria-sort={column.sort ? (query.sort === column.sort ? sortNames[query.order] : 'none') : undefined}
                  className={cn(
                    'px-3',
                    column.align === 'end' && 'text-right',
                    column.priority && priorityClass[column.priority],
                    column.className,
                  )}
                >
                  <SortHeader column={column} view={view} />
                </TableHead>
              ))}
              {actions ? (
                <TableHead scope="col" className="sticky right-0 w-12 bg-background px-3">
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && busy
              ? Array.from({ length: 5 }, (_, index) => (
                  <TableRow key={index}>
                    {shown.map((column) => (
                      <TableCell
                        key={column.id}
                        data-card={cardRole(column)}
                        className={cn('px-3 py-3', column.priority && priorityClass[column.priority])}
                      >
                        <Skeleton className="h-4 w-24" />
                      </TableCell>
                    ))}
                    {actions ? <TableCell data-card="actions" /> : null}
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow
                    key={row._id}
                    data-row-id={row._id}
                    // The row's name link is the keyboard's way in; the row itself answers Enter too.
                    tabIndex={rowTarget ? 0 : undefined}
                    onClick={rowTarget ? (event) => !fromControl(event) && open(row) : undefined}
                    onKeyDown={
                      rowTarget
                        ? (event) => {
                            if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
                          }
                        : undefined
                    }
                    className={cn(
                      'group/row',
                      rowTarget &&
                        'cursor-pointer outline-none focus-visible:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
                    )}
                  >
                    {shown.map((column) => (
                      <TableCell
                        key={column.id}
                        data-card={cardRole(column)}
                        data-label={column.header}
                        className={cn(
                          'px-3 py-2.5',
                          column.align === 'end' && 'text-right tabular-nums',
                          column.priority && priorityClass[column.priority],
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                    {actions ? (
                      <TableCell
                        data-card="actions"
                        className="sticky right-0 bg-background px-3 py-1.5 text-right transition-colors group-hover/row:bg-muted/50 group-focus-visible/row:bg-muted/50 max-md:static max-md:bg-transparent"
                      >
                        {actions(row)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
