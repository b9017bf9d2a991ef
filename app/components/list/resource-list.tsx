import { Link, useLocation } from '@remix-run/react';
import type * as React from 'react';
import { Button } from '~/components/ui/button';
import { PlusIcon, SearchXIcon, XIcon, type LucideIcon } from '~/components/ui/icons';
import { EmptyState } from './empty-state';
import { ListTable, type RowTarget } from './list-table';
import { clearedSearch, isFiltered, ListToolbar } from './list-toolbar';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import type { ListRow } from '~/lib/list-query';
import type { Column, Filter, ListView } from './types';
import { useListNavigation } from './use-list-navigation';

/** One page of a list as a list loader answers it (loadListPage). */
export interface ListPage<Row> extends ListView {
  rows: Row[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ResourceListProps<Row extends ListRow> {
  title: string;
  description?: React.ReactNode;
  /** The rows in words: { one: 'student', other: 'students' }. */
  noun: { one: string; other: string };
  data: ListPage<Row>;
  columns: readonly Column<Row>[];
  filters?: readonly Filter[];
  searchPlaceholder: string;
  /** Where a row leads on click and Enter, and where its name links. */
  rowTarget?: (row: Row) => RowTarget;
  /** A row's own controls (its ⋯ menu), in the pinned last column. */
  actions?: (row: Row) => React.ReactNode;
  /** The empty state when there are no rows at all (not merely none matching). */
  empty: { icon: LucideIcon; title: string; description: string };
  /**
   * A select filter that chooses whose rows are listed rather than narrowing them (a course's
   * papers): with only it set, an empty list shows `empty`, not "no matches".
   */
  scope?: string;
  /** The add button of the header and of the empty state. */
  add?: { href: string; label: string };
  /** More buttons in the header, before the add button. */
  headerActions?: React.ReactNode;
  /** What the page says above the list, under its heading: a job's progress. */
  notice?: React.ReactNode;
  /** What the list opens over itself: a details sheet, a delete dialog. */
  children?: React.ReactNode;
}

/**
 * A list screen for any resource: heading, search and filters, sortable table (cards on a
 * phone), pagination and empty states. Everything the view depends on is in the address, which
 * the route's loader reads; rows open their record on click and Enter.
 */
export function ResourceList<Row extends ListRow>({
  title,
  description,
  noun,
  data,
  columns,
  filters = [],
  searchPlaceholder,
  rowTarget,
  actions,
  empty,
  scope,
  add,
  headerActions,
  notice,
  children,
}: ResourceListProps<Row>) {
  const { busy } = useListNavigation();
  const { search } = useLocation();
  const { rows } = data;

  const shownColumns = rowTarget
    ? columns.map((column) =>
        column.viewLink
          ? {
              ...column,
              cell: (row: Row) => (
                <Link to={rowTarget(row)} preventScrollReset className="font-medium hover:underline focus-visible:underline">
                  {column.cell(row)}
                </Link>
              ),
            }
          : column,
      )
    : columns;

  const addButton = (className?: string) =>
    add ? (
      <Button asChild className={className}>
        <Link to={add.href}>
          <PlusIcon aria-hidden="true" />
          {add.label}
        </Link>
      </Button>
    ) : null;

  return (
    <section aria-labelledby="list-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        id="list-title"
        title={title}
        description={description}
        busy={busy}
        actions={
          headerActions || add ? (
            <>
              {headerActions}
              {addButton()}
            </>
          ) : undefined
        }
      />

      {notice}

      <ListToolbar filters={filters} searchLabel={`Search ${noun.other}`} searchPlaceholder={searchPlaceholder} />

      {rows.length === 0 && !busy ? (
        isFiltered(
          search,
          filters.filter((filter) => filter.kind !== 'select' || filter.name !== scope),
        ) ? (
          <EmptyState
            icon={SearchXIcon}
            title={`No ${noun.other} match your search`}
            action={
              <Button asChild variant="outline">
                <Link to={{ search: clearedSearch(search, filters) }} preventScrollReset>
                  <XIcon aria-hidden="true" />
                  Clear filters
                </Link>
              </Button>
            }
          >
            Try other words, or fewer filters.
          </EmptyState>
        ) : (
          <EmptyState icon={empty.icon} title={empty.title} action={addButton()}>
            {empty.description}
          </EmptyState>
        )
      ) : (
        <>
          <ListTable rows={rows} columns={shownColumns} view={data} busy={busy} caption={title} rowTarget={rowTarget} actions={actions} />
          <Pagination page={data.page} totalPages={data.totalPages} total={data.total} limit={data.limit} noun={noun} />
        </>
      )}
      {children}
    </section>
  );
}
