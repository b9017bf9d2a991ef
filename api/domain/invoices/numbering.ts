import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificateCounters, invoiceCounters } from '../../db/schema';

export type SeriesKind = 'invoice' | 'credit-note' | 'receipt';

/** A counter's key: what it numbers, the prefix (branch code or the institute's series code) and the financial year. */
export const seriesKey = (kind: SeriesKind, prefix: string, financialYear: string) => `${kind}|${prefix}|${financialYear}`;
export const prefixOf = (series: string) => series.split('|')[1] ?? '';

/**
 * The next number of a series, taken in the caller's transaction: the counter's row stays locked
 * until it commits, so two issuers get consecutive numbers, and a rollback returns the number.
 */
export async function takeNumber(
  tx: Tx,
  series: string,
  counters: typeof invoiceCounters | typeof certificateCounters = invoiceCounters,
): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: counters.series, set: { last: sql`${counters.last} + 1` } })
    .returning({ last: counters.last });
  return row!.last;
}
