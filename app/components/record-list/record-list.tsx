import { useLocation, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { DeleteDialog } from '~/components/list/delete-dialog';
import { ExportLinks } from '~/components/list/export-links';
import { ResourceList } from '~/components/list/resource-list';
import { RowActions } from '~/components/list/row-actions';
import type { Filter } from '~/components/list/types';
import type { ListRow, Option } from '~/lib/list-query';
import { useListNavigation } from '~/components/list/use-list-navigation';
import type { LucideIcon } from '~/components/ui/icons';
import { searchWith } from '~/lib/list-query';
import { editHref, formPath } from '~/lib/record-links';
import { isRecordScreen } from '~/lib/record-screens';
import { RecordSheet } from './record-sheet';
import type { RecordListData } from '~/lib/record-list';
import type { ColumnDef, FilterDef } from './types';

export interface RecordListProps<Row extends ListRow> {
  title: string;
  description?: string;
  /** The form type of the records: where Edit and Add lead. */
  formType: string;
  /** One record in words, capitalised: "Student", "Exam". */
  typeLabel: string;
  /** The records in words: { one: 'student', other: 'students' }. */
  noun: { one: string; other: string };
  /** The loader's answer (loadRecordList). */
  data: RecordListData<Row>;
  columns: ColumnDef<Row>[];
  filters?: FilterDef[];
  searchPlaceholder: string;
  /** Where a record leads when it has a page of its own; otherwise its details open in a sheet. */
  viewHref?: (row: Row) => string;
  /** The empty state when there are no records at all (not merely none matching). */
  empty: { icon: LucideIcon; title: string; description: string };
  /** The label of the add button, e.g. "Add student". */
  addLabel?: string;
}

const anyChoice = { branchId: 'All branches', courseId: 'All courses', active: 'Any status', upcoming: 'Any date' } as const;
const fixedChoices: Partial<Record<FilterDef['name'], Option[]>> = {
  active: [
    { value: 'true', label: 'Active' },
    { value: 'false', label: 'Inactive' },
  ],
  upcoming: [{ value: 'true', label: 'Upcoming' }],
};

function toolbarFilter(filter: FilterDef): Filter {
  if (filter.name === 'admission') return { kind: 'days', from: 'admissionFrom', to: 'admissionTo', label: filter.label };
  return {
    kind: 'select',
    name: filter.name,
    label: filter.label,
    options: fixedChoices[filter.name] ?? filter.options ?? [],
    anyLabel: anyChoice[filter.name],
  };
}

/** The export of a list of records: what its address shows, every page of it. */
function recordsExportHref(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  for (const name of ['page', 'limit', 'view']) params.delete(name);
  params.set('list', pathname);
  return `/resources/records-export?${params}`;
}

/**
 * The list of a form's records: the resource list with the records' row menu (View, Edit,
 * Delete), their details and history in a sheet opened by ?view=<id>, and a delete confirmation.
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
  const location = useLocation();
  const { pendingView } = useListNavigation();
  const [deleting, setDeleting] = React.useState<ListRow | null>(null);
  const closeDelete = React.useCallback(() => setDeleting(null), []);
  const { query, defaults, rows, can } = data;

  const viewTo = (row: Row) => viewHref?.(row) ?? { search: searchWith(query, defaults, { view: row._id, page: query.page }) };
  const viewId = viewHref ? null : (pendingView ?? (query.view || null));
  const exportHref = isRecordScreen(location.pathname) ? recordsExportHref(location.pathname, location.search) : null;

  return (
    <ResourceList
      title={title}
      description={description}
      noun={noun}
      data={data}
      columns={columns}
      filters={filters.map(toolbarFilter)}
      searchPlaceholder={searchPlaceholder}
      rowTarget={viewTo}
      actions={(row) => (
        <RowActions
          label={row.title}
          viewHref={viewTo(row)}
          editHref={can.edit ? editHref(formType, row._id) : undefined}
          onDelete={can.delete ? () => setDeleting(row) : undefined}
        />
      )}
      empty={empty}
      headerActions={exportHref ? <ExportLinks href={exportHref} noun={noun.other} /> : undefined}
      add={can.create ? { href: formPath(formType), label: addLabel } : undefined}
    >
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
    </ResourceList>
  );
}
