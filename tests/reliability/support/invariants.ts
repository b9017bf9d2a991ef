import { isDeepStrictEqual } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../api/db/client';
import { projectionSnapshot } from '../../../api/db/projection-snapshot';
import { rebuildProjections } from '../../../api/db/rebuild';
import { queryRows } from '../../support/test-database';

/**
 * The rules the log and the read tables keep whatever happens to the processes writing them,
 * checked in one consistent snapshot of the database, so they can run while clients write.
 */

export interface InvariantReport {
  /** Rows looked at, for the summary lines. */
  checked: { wallets: number; charges: number; streams: number; students: number };
  /** Each broken rule, with the rows that break it. */
  violations: string[];
}

const rules: { rule: string; query: SQL }[] = [
  {
    rule: 'a balance below zero',
    query: sql`SELECT branch_id, balance FROM wallet_balances WHERE balance < 0`,
  },
  {
    rule: 'a balance other than the sum of its ledger',
    query: sql`
      SELECT coalesce(b.branch_id, l.branch_id) AS branch_id, b.balance, l.total
      FROM wallet_balances b
      FULL JOIN (SELECT branch_id, sum(amount) AS total FROM wallet_ledger GROUP BY branch_id) l ON l.branch_id = b.branch_id
      WHERE b.balance IS DISTINCT FROM l.total`,
  },
  {
    rule: 'a reference charged more than once',
    query: sql`
      SELECT data->>'branchId' AS branch_id, data->>'operationKey' AS operation_key, data->>'referenceId' AS reference_id, count(*)
      FROM events WHERE type = 'WalletCharged'
      GROUP BY 1, 2, 3 HAVING count(*) > 1`,
  },
  {
    rule: 'a charge refunded more than once',
    query: sql`SELECT data->>'chargeId' AS charge_id, count(*) FROM events WHERE type = 'WalletRefunded' GROUP BY 1 HAVING count(*) > 1`,
  },
  {
    rule: 'a top-up reference credited more than once',
    query: sql`
      SELECT data->>'reference' AS reference, count(*) FROM events
      WHERE type = 'WalletCredited' AND data->>'reference' NOT IN ('', 'seed')
      GROUP BY 1 HAVING count(*) > 1`,
  },
  {
    rule: 'a stream whose versions are not 1, 2, 3, … without gaps',
    query: sql`
      SELECT stream_id, count(*) AS events, min(version) AS first, max(version) AS last
      FROM events GROUP BY stream_id HAVING min(version) <> 1 OR max(version) <> count(*)`,
  },
  {
    rule: 'a registration or roll number given twice',
    query: sql`
      SELECT kind, number, count(*) FROM (
        SELECT 'registration' AS kind, data->>'registrationNo' AS number FROM events
        WHERE type = 'RecordCreated' AND data->>'formType' = 'student'
        UNION ALL
        SELECT 'roll', data->>'rollNo' FROM events WHERE type = 'RecordCreated' AND data->>'formType' = 'student'
      ) numbers GROUP BY kind, number HAVING count(*) > 1`,
  },
  {
    // Admissions through the API charge the branch in the same transaction; the seed does not.
    rule: 'a student admitted through the API without its admission charge',
    query: sql`
      SELECT e.stream_id FROM events e
      WHERE e.type = 'RecordCreated' AND e.data->>'formType' = 'student' AND e.actor_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM events c WHERE c.type = 'WalletCharged'
          AND c.data->>'operationKey' = 'ADD_STUDENT' AND c.data->>'referenceId' = e.stream_id)`,
  },
  {
    rule: 'an admission charge without its student',
    query: sql`
      SELECT c.data->>'referenceId' AS reference_id FROM events c
      WHERE c.type = 'WalletCharged' AND c.data->>'operationKey' = 'ADD_STUDENT'
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'RecordCreated' AND e.stream_id = c.data->>'referenceId')`,
  },
];

async function count(db: Executor, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return row!.n;
}

export async function checkInvariants(db: Db): Promise<InvariantReport> {
  return db.transaction(
    async (tx) => {
      const violations: string[] = [];
      for (const { rule, query } of rules) {
        const rows = await queryRows(tx, query);
        if (rows.length)
          violations.push(`${rule}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`);
      }
      const checked = {
        wallets: await count(tx, sql`SELECT count(*)::int AS n FROM wallet_balances`),
        charges: await count(tx, sql`SELECT count(*)::int AS n FROM events WHERE type = 'WalletCharged'`),
        streams: await count(tx, sql`SELECT count(DISTINCT stream_id)::int AS n FROM events`),
        students: await count(
          tx,
          sql`SELECT count(*)::int AS n FROM events WHERE type = 'RecordCreated' AND data->>'formType' = 'student'`,
        ),
      };
      return { checked, violations };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Rebuilds every read table from the log and names the tables whose rows came out different
 * from the live ones. Run it when no process writes: the rebuild replaces the live tables.
 */
export async function compareRebuild(db: Db): Promise<{ events: number; differing: string[] }> {
  const live = await projectionSnapshot(db);
  const events = await rebuildProjections(db);
  const rebuilt = await projectionSnapshot(db);
  const differing = Object.keys(live).filter((table) => !isDeepStrictEqual(live[table], rebuilt[table]));
  return { events, differing };
}
