import type * as React from 'react';
import type { BaseQuery, Option, QueryDefaults } from '~/lib/list-query';

export interface Column<Row, Sort extends string = string> {
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell links to the row's record (its details sheet or page). */
  viewLink?: boolean;
  /** The API field this column sorts by; its header becomes a sort link with aria-sort. */
  sort?: Sort;
  /** Leaves the column out, e.g. the branch for a branch's own staff. */
  hidden?: boolean;
  /**
   * Lower-value columns give way first when the table is narrow (a laptop with the sidebar
   * open): `low` shows from a 72rem wide table, `medium` from 60rem. Phones show them on the card.
   */
  priority?: 'low' | 'medium';
  align?: 'start' | 'end';
  /**
   * On a phone each row is a card: the `title` column heads it, `subtitle` columns sit under the
   * heading, the rest are label–value lines; `hidden` ones are left off the card.
   */
  card?: 'title' | 'subtitle' | 'hidden';
  className?: string;
}

/** A filter of the toolbar: a select over some choices, or a from–to pair of days. */
export type Filter =
  | { kind: 'select'; name: string; label: string; options: readonly Option[]; anyLabel: string }
  | { kind: 'days'; from: string; to: string; label: string };

/** The view a list shows and how to write a changed one back to the address. */
export interface ListView<Sort extends string = string> {
  query: BaseQuery<Sort>;
  defaults: QueryDefaults<Sort>;
}
