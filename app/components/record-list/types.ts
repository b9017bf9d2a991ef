import type * as React from 'react';
import type { FieldChange, HistoryEntry, RecordView as RecordRow } from '../../../common/contracts/dynamic-data';
import type { FilterName, ListQuery, QueryDefaults, SortField } from './query';

export type { FieldChange, HistoryEntry, RecordRow };

/** What every list row needs: an id, a name for dialogs, and the version a delete sends back. */
export interface ListRow {
  _id: string;
  title: string;
  version: number;
}

/** A field of the record's form configuration, as the details show it. */
export interface DetailField {
  name: string;
  label: string;
  type: string;
}

export interface RecordDetail {
  record: RecordRow;
  /** The active fields of the form, in form order, then any stored value the form no longer has. */
  fields: DetailField[];
  history: HistoryEntry[];
}

export interface Option {
  value: string;
  label: string;
}

/** What a list screen's loader answers. */
export interface RecordListData<Row extends ListRow = RecordRow> {
  rows: Row[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  query: ListQuery;
  defaults: QueryDefaults;
  /** Whether the signed-in user may add, change or remove these records (the API checks again). */
  can: { create: boolean; edit: boolean; delete: boolean };
  /** Names of the branches, courses and categories that values refer to by id. */
  names: Record<string, string>;
  options: { branches: Option[]; courses: Option[] };
  /** The branch a branch's own staff are confined to; null for institute-wide users. */
  userBranch: { id: string; name: string | null } | null;
  /** The details of the record named by ?view=, or why they could not be loaded. */
  view: { ok: true; detail: RecordDetail } | { ok: false; id: string; message: string } | null;
}

export interface ColumnDef<Row> {
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell links to the record's details. */
  viewLink?: boolean;
  /** The API field this column sorts by; its header becomes a sort button with aria-sort. */
  sort?: SortField;
  /** Leaves the column out, e.g. the branch for a branch's own staff. */
  hidden?: boolean;
  align?: 'start' | 'end';
  /**
   * On a phone each row is a card: the `title` column heads it, `subtitle` columns sit under the
   * heading, the rest are label–value lines; `hidden` ones are left off the card.
   */
  card?: 'title' | 'subtitle' | 'hidden';
  className?: string;
}

export interface FilterDef {
  name: FilterName;
  label: string;
  /** The choices of a select filter (branch, course). */
  options?: Option[];
}
