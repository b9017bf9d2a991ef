import { is, SQL, type Column, type Query } from 'drizzle-orm';
import { PgDialect, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** What a compiled query answers per row: one column or expression per key, none nested. */
export type FlatSelection = Record<string, Column | SQL | SQL.Aliased>;

type ValueOf<F> = F extends Column
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends SQL<infer T> | SQL.Aliased<infer T>
    ? T
    : never;

export type RowOf<S extends FlatSelection> = { [K in keyof S]: ValueOf<S[K]> };

/**
 * A statement built by the query builder once per process and run on any database or open
 * transaction as a named prepared statement: PostgreSQL parses it once per connection, and no
 * request builds it again (building a statement cost more than a hot request's own work).
 * Values come through `sql.placeholder`s; `build` gets the selection to select or return, and
 * answers a query builder or plain SQL.
 */
export function compiledQuery<S extends FlatSelection, Row = RowOf<S>>(
  name: string,
  selection: S,
  build: (db: Executor, selection: S) => { toSQL(): Query } | SQL,
): (db: Executor, values?: Record<string, unknown>) => Promise<Row[]> {
  let compiled: { query: Query; fields: SelectedFieldsOrdered } | undefined;
  return (db, values = {}) => {
    if (!compiled) {
      const built = build(db, selection);
      compiled = {
        query: is(built, SQL) ? dialect.sqlToQuery(built) : built.toSQL(),
        fields: Object.entries(selection).map(([key, field]) => ({ path: [key], field })) as SelectedFieldsOrdered,
      };
    }
    return db._.session.prepareQuery(compiled.query, compiled.fields, name, true).execute(values) as Promise<Row[]>;
  };
}

const dialect = new PgDialect();
