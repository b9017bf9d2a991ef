import { Link } from '@remix-run/react';
import type * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '~/components/ui/icons';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { cn } from '~/components/ui/cn';
import { nextSort, searchWith, type ListQuery, type QueryDefaults } from './query';
import type { ColumnDef, ListRow } from './types';

const sortNames = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader<Row>({ column, query, defaults }: { column: ColumnDef<Row>; query: ListQuery; defaults: QueryDefaults }) {
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

/**
 * The rows as a table from the md breakpoint up, and below it the same rows as cards (a phone
 * cannot show eight columns): one set of elements styled two ways (`.record-table` in
 * tailwind.css), so a page renders and sends its rows once. Sortable headers are links, so
 * sorting works without JavaScript too.
 */
export function ListTable<Row extends ListRow>({
  rows,
  columns,
  query,
  defaults,
  actions,
  busy,
  caption,
}: {
  rows: Row[];
  columns: ColumnDef<Row>[];
  query: ListQuery;
  defaults: QueryDefaults;
  actions: (row: Row) => React.ReactNode;
  busy: boolean;
  caption: string;
}) {
  const shown = columns.filter((column) => !column.hidden);
  const titleColumn = shown.find((column) => column.card === 'title') ?? shown[0];
  const cardRole = (column: ColumnDef<Row>) => (column === titleColumn ? 'title' : column.card);
  const sortable = shown.filter((column) => column.sort);
  const sortedBy = sortable.find((column) => column.sort === query.sort);

  return (
    <div
      data-slot="record-list-rows"
      aria-busy={busy || undefined}
      className={cn('transition-opacity duration-200 motion-reduce:transition-none', busy && 'pointer-events-none opacity-60')}
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
                  className={cn('px-3', column.align === 'end' && 'text-right', column.className)}
                >
                  <SortHeader column={column} query={query} defaults={defaults} />
                </TableHead>
              ))}
              <TableHead scope="col" className="w-12 px-3">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && busy
              ? Array.from({ length: 5 }, (_, index) => (
                  <TableRow key={index}>
                    {shown.map((column) => (
                      <TableCell key={column.id} data-card={cardRole(column)} className="px-3 py-3">
                        <Skeleton className="h-4 w-24" />
                      </TableCell>
                    ))}
                    <TableCell data-card="actions" />
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow key={row._id}>
                    {shown.map((column) => (
                      <TableCell
                        key={column.id}
                        data-card={cardRole(column)}
                        data-label={column.header}
                        className={cn('px-3 py-2.5', column.align === 'end' && 'text-right tabular-nums', column.className)}
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                    <TableCell data-card="actions" className="px-3 py-1.5 text-right">
                      {actions(row)}
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
