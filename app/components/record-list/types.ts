import type { Column } from '~/components/list/types';
import type { Option } from '~/lib/list-query';
import type { FilterName, SortField } from '~/lib/record-query';

/** A column of a record list: the kit's column, sorting by the records API's fields. */
export type ColumnDef<Row> = Column<Row, SortField>;

export interface FilterDef {
  name: FilterName;
  label: string;
  /** The choices of a select filter (branch, course). */
  options?: Option[];
}
