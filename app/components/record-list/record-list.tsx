import { Link, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { Button } from '~/components/ui/button';
import { PlusIcon, SearchXIcon, XIcon, type LucideIcon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/spinner';
import { DeleteDialog } from './delete-dialog';
import { formPath, editHref } from './links';
import { ListPagination } from './list-pagination';
import { clearedFilters, ListToolbar } from './list-toolbar';
import { ListTable } from './list-table';
import { isNarrowed, searchWith } from './query';
import { RecordSheet } from './record-sheet';
import { RowActions } from './row-actions';
import type { ColumnDef, FilterDef, ListRow, RecordListData } from './types';
import { useListNavigation } from './use-list-navigation';

export interface RecordListProps<Row extends ListRow> {
  title: string;
  description?: string;
  /** The form type of the records: where Edit and Add lead. */
  formType: string;
  /** One record in words, capitalised: "Student", "Exam". */
  typeLabel: string;
  /** Several records in words: "students". */
  noun: string;
  /** The loader's answer (loadRecordList). */
  data: RecordListData<Row>;
  columns: ColumnDef<Row>[];
  filters?: FilterDef[];
  searchPlaceholder: string;
  /** Where View leads when the record has a page of its own; otherwise the details open in a sheet. */
  viewHref?: (row: Row) => string;
  /** The empty state when there are no records at all (not merely none matching). */
  empty: { icon: LucideIcon; title: string; description: string };
  /** The label of the add button, e.g. "Add student". */
  addLabel?: string;
}

/**
 * One list screen of records: heading, search and filters, sortable table (cards on a phone),
 * pagination, row actions, the details sheet with history, and a delete confirmation. Everything
 * the view depends on is in the address; the loader (loadRecordList) reads it.
 */
export function RecordList<Row extends ListRow>({
  title,
  description,
  formType,
  typeLabel,
  noun,
  data,
  columns,
  filters = [],
  searchPlaceholder,
  viewHref,
  empty,
  addLabel = `Add ${typeLabel.toLowerCase()}`,
}: RecordListProps<Row>) {
  const navigate = useNavigate();
  const { busy, pendingView } = useListNavigation();
  const [deleting, setDeleting] = React.useState<ListRow | null>(null);
  const closeDelete = React.useCallback(() => setDeleting(null), []);
  const { query, defaults, rows, can } = data;

  const viewTo = (row: Row) => viewHref?.(row) ?? { search: searchWith(query, defaults, { view: row._id, page: query.page }) };
  const shownColumns = columns.map((column) =>
    column.viewLink
      ? {
          ...column,
          cell: (row: Row) => (
            <Link to={viewTo(row)} preventScrollReset className="font-medium hover:underline focus-visible:underline">
              {column.cell(row)}
            </Link>
          ),
        }
      : column,
  );

  const viewId = viewHref ? null : (pendingView ?? (query.view || null));
  const addHref = can.create ? formPath(formType) : undefined;
  const narrowed = isNarrowed(query);

  return (
    <section aria-labelledby="record-list-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="record-list-title" className="text-2xl font-semibold tracking-tight">
            {title}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            {description ? <span>{description}</span> : null}
            {busy ? <Spinner label={`Loading ${noun}`} className="size-3.5" /> : null}
          </p>
        </div>
        {addHref ? (
          <Button asChild>
            <Link to={addHref}>
              <PlusIcon aria-hidden="true" />
              {addLabel}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListToolbar
        query={query}
        defaults={defaults}
        filters={filters}
        searchLabel={`Search ${noun}`}
        searchPlaceholder={searchPlaceholder}
      />

      {rows.length === 0 && !busy ? (
        narrowed ? (
          <EmptyState icon={SearchXIcon} title={`No ${noun} match your search`}>
            <p>Try other words, or fewer filters.</p>
            <Button asChild variant="outline" className="mt-4">
              <Link to={{ search: searchWith(query, defaults, clearedFilters) }} preventScrollReset>
                <XIcon aria-hidden="true" />
                Clear filters
              </Link>
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={empty.icon} title={empty.title}>
            <p>{empty.description}</p>
            {addHref ? (
              <Button asChild className="mt-4">
                <Link to={addHref}>
                  <PlusIcon aria-hidden="true" />
                  {addLabel}
                </Link>
              </Button>
            ) : null}
          </EmptyState>
        )
      ) : (
        <>
          <ListTable
            rows={rows}
            columns={shownColumns}
            query={query}
            defaults={defaults}
            busy={busy}
            caption={title}
            actions={(row) => (
              <RowActions
                label={row.title}
                viewHref={viewTo(row)}
                editHref={can.edit ? editHref(formType, row._id) : undefined}
                onDelete={can.delete ? () => setDeleting(row) : undefined}
              />
            )}
          />
          <ListPagination query={query} defaults={defaults} total={data.total} totalPages={data.totalPages} noun={noun} />
        </>
      )}

      {viewHref ? null : (
        <RecordSheet
          viewId={viewId}
          view={data.view}
          pendingTitle={rows.find((row) => row._id === viewId)?.title}
          names={data.names}
          can={can}
          typeLabel={typeLabel}
          onClose={() => navigate({ search: searchWith(query, defaults, { view: null, page: query.page }) }, { preventScrollReset: true })}
          onDelete={setDeleting}
        />
      )}
      <DeleteDialog target={deleting} typeLabel={typeLabel} onClose={closeDelete} />
    </section>
  );
}

function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <div
      data-slot="record-list-empty"
      className="flex min-h-64 flex-col items-center justify-center rounded-lg border border-dashed px-6 py-12 text-center text-sm text-muted-foreground"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h2 className="mt-4 text-base font-medium text-foreground">{title}</h2>
      <div className="mt-1 flex max-w-md flex-col items-center text-balance">{children}</div>
    </div>
  );
}
