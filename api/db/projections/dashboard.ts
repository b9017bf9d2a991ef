import { getTableColumns, inArray, sql, type Placeholder } from 'drizzle-orm';
import { indianDay } from '../../../common/india-time';
import type { FieldValues, RecordEvent } from '../../domain/record-events';
import type { WalletEvent } from '../../domain/wallet/events';
import type { Tx } from '../client';
import { compiledQuery } from '../compiled-query';
import type { StoredEvent } from '../event-store';
import { dashboardActivity, dashboardCounts, dashboardRecords } from '../schema';
import { insertMany, rowsAsJson, type Projection } from './projection';
import { isoDate, recordColumns } from './records';

/** The form types the dashboard counts and reports on. */
const areas: Record<string, DashboardArea> = { student: 'student', examResult: 'exam' };
type DashboardArea = 'student' | 'exam' | 'wallet';

/** A counter's key: "<month>|<measure>", month '' for counts of the present. */
type CountKey = string;
const key = (month: string, measure: string): CountKey => `${month}|${measure}`;

/**
 * What one student adds to the counters: one to its status (new until registered or passed out;
 * a pass-out who is registered counts in both lists, as the lists show them) and one to the
 * admissions of its admission month.
 */
function studentCounts({ isRegistered, completedCourse, admissionDate }: ReturnType<typeof recordColumns>): CountKey[] {
  return [
    ...(isRegistered || completedCourse ? [] : [key('', 'students:new')]),
    ...(isRegistered ? [key('', 'students:registered')] : []),
    ...(completedCourse ? [key('', 'students:passout')] : []),
    ...(admissionDate ? [key(admissionDate.slice(0, 7), 'admissions')] : []),
  ];
}

/** The last date of an exam's subject table: the exam is upcoming until that day has passed. */
function lastExamDate(fields: FieldValues): string | null {
  const rows = Array.isArray(fields.examSubjectsTable) ? (fields.examSubjectsTable as unknown[]) : [];
  const dates = rows
    .map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>).examDate : null))
    .map(isoDate)
    .filter((date): date is string => date !== null)
    .sort();
  return dates.at(-1) ?? null;
}

type RecordRow = typeof dashboardRecords.$inferSelect;

function recordRow(recordId: string, formType: string, branchId: string | null, fields: FieldValues): RecordRow {
  const columns = recordColumns(fields);
  return {
    recordId,
    formType,
    branchId: branchId ?? '',
    title: columns.title,
    counts: formType === 'student' ? studentCounts(columns) : [],
    lastDate: formType === 'examResult' ? lastExamDate(fields) : null,
  };
}

/** A counter a change moves: its branch and key, and by how much. */
type CountChanges = Map<string, number>;
const counterOf = (branchId: string, count: CountKey) => `${branchId}|${count}`;

/**
 * What one event does to the counters, changes to one counter summed: a change that cancels out
 * (an edit that keeps a student's status) moves nothing.
 */
function changes(moves: [branchId: string, count: CountKey, by: number][]): CountChanges {
  const sums: CountChanges = new Map();
  for (const [branchId, count, by] of moves) sums.set(counterOf(branchId, count), (sums.get(counterOf(branchId, count)) ?? 0) + by);
  for (const [counter, by] of sums) if (by === 0) sums.delete(counter);
  return sums;
}

const countsOf = (row: RecordRow) => row.counts as CountKey[];

function recordChanges(before: RecordRow | null, after: RecordRow | null): CountChanges {
  return changes([
    ...(before ? countsOf(before).map((count): [string, CountKey, number] => [before.branchId, count, -1]) : []),
    ...(after ? countsOf(after).map((count): [string, CountKey, number] => [after.branchId, count, 1]) : []),
  ]);
}

/** A wallet event's share of its month's spend (charges less refunds) or top-ups. */
function walletChanges(event: StoredEvent<WalletEvent>): CountChanges {
  const month = indianDay(event.occurredAt).slice(0, 7);
  const { branchId, amount } = event.data;
  switch (event.type) {
    case 'WalletCredited':
      return changes([[branchId, key(month, 'wallet:topups'), amount]]);
    case 'WalletCharged':
      return changes([[branchId, key(month, 'wallet:spend'), amount]]);
    case 'WalletRefunded':
      return changes([[branchId, key(month, 'wallet:spend'), -amount]]);
    case 'WalletAdjusted':
      return new Map();
  }
}

type CountRow = typeof dashboardCounts.$inferInsert;

function countRows(sums: CountChanges): CountRow[] {
  return [...sums].map(([counter, value]) => {
    const [branchId, month, measure] = counter.split('|') as [string, string, string];
    return { branchId, month, measure, value };
  });
}

/**
 * Adds the rows of a jsonb parameter to the counters, creating those not counted yet, in key
 * order: two writers moving the same counters lock them in the same order, so neither waits on
 * the other while holding what it wants (a deadlock).
 */
const countsAdded = (counts: Placeholder) => sql`
  INSERT INTO dashboard_counts
  SELECT * FROM jsonb_populate_recordset(NULL::dashboard_counts, ${counts}::jsonb) ORDER BY branch_id, month, measure
  ON CONFLICT (branch_id, month, measure) DO UPDATE SET value = dashboard_counts.value + excluded.value`;

const addCounts = compiledQuery('dashboard_counts_add', {}, () => countsAdded(sql.placeholder('counts')));

type ActivityRow = typeof dashboardActivity.$inferInsert;

function walletTitle(event: StoredEvent<WalletEvent>): string {
  switch (event.type) {
    case 'WalletCredited':
      return event.data.note || 'Balance added';
    case 'WalletCharged':
      return event.data.operationName;
    case 'WalletRefunded':
      return event.data.reason || 'Charge refunded';
    case 'WalletAdjusted':
      return event.data.reason || 'Balance corrected';
  }
}

const walletActions = { WalletCredited: 'credited', WalletCharged: 'charged', WalletRefunded: 'refunded', WalletAdjusted: 'adjusted' };

type DashboardEvent = StoredEvent<RecordEvent | WalletEvent>;

/**
 * What an event does to the dashboard, given the row it held of the record (if any): that row
 * afterwards, the counters it moves and the line of activity it adds. Events of records the
 * dashboard does not count do nothing.
 */
function fold(
  event: DashboardEvent,
  before: RecordRow | null,
): { after: RecordRow | null; sums: CountChanges; activity: ActivityRow } | null {
  const logged = { position: event.position, actorId: event.actorId, occurredAt: event.occurredAt };
  switch (event.type) {
    case 'RecordCreated': {
      const area = areas[event.data.formType];
      if (!area) return null;
      const after = recordRow(event.streamId, event.data.formType, event.data.branchId, event.data.fields);
      return {
        after,
        sums: recordChanges(null, after),
        activity: { ...logged, area, action: 'created', branchId: after.branchId, recordId: after.recordId, title: after.title },
      };
    }
    case 'RecordUpdated': {
      if (!before) return null;
      const branchId = event.data.branchId === undefined ? before.branchId : event.data.branchId;
      const after = recordRow(before.recordId, before.formType, branchId, event.data.fields);
      return {
        after,
        sums: recordChanges(before, after),
        activity: {
          ...logged,
          area: areas[before.formType]!,
          action: 'updated',
          branchId: after.branchId,
          recordId: after.recordId,
          title: after.title,
        },
      };
    }
    case 'RecordDeleted':
      if (!before) return null;
      return {
        after: null,
        sums: recordChanges(before, null),
        // The record has no page any more: the entry names it without a link.
        activity: {
          ...logged,
          area: areas[before.formType]!,
          action: 'deleted',
          branchId: before.branchId,
          recordId: null,
          title: before.title,
        },
      };
    default: {
      const wallet = event as StoredEvent<WalletEvent>;
      return {
        after: null,
        sums: walletChanges(wallet),
        activity: {
          ...logged,
          area: 'wallet',
          action: walletActions[wallet.type],
          branchId: wallet.data.branchId,
          recordId: wallet.data.entryId,
          title: walletTitle(wallet),
          // Signed as the ledger signs it: money out negative.
          amount: wallet.type === 'WalletCharged' ? -wallet.data.amount : wallet.data.amount,
        },
      };
    }
  }
}

const isRecordEvent = (event: DashboardEvent): event is StoredEvent<RecordEvent> => event.streamType === 'record';

const heldRecord = compiledQuery('dashboard_record_read', getTableColumns(dashboardRecords), (db, selection) =>
  db
    .select(selection)
    .from(dashboardRecords)
    .where(sql`${dashboardRecords.recordId} = ${sql.placeholder('recordId')}`),
);

/**
 * An event's whole share of the dashboard in one statement: its record's row kept or dropped, its
 * line of activity, and the counters it moves (countsAdded). Every admission
 * runs it, so it is built once and prepared (compiledQuery).
 */
const write = compiledQuery('dashboard_write', {}, () => {
  const param = (name: string) => sql.placeholder(name);
  return sql`
    WITH dropped AS (DELETE FROM dashboard_records WHERE record_id = ${param('dropId')}),
    kept AS (
      INSERT INTO dashboard_records SELECT * FROM jsonb_populate_recordset(NULL::dashboard_records, ${param('records')}::jsonb)
      ON CONFLICT (record_id) DO UPDATE SET form_type = excluded.form_type, branch_id = excluded.branch_id,
        title = excluded.title, counts = excluded.counts, last_date = excluded.last_date
    ),
    logged AS (
      INSERT INTO dashboard_activity SELECT * FROM jsonb_populate_recordset(NULL::dashboard_activity, ${param('activity')}::jsonb)
    )
    ${countsAdded(param('counts'))}`;
});

async function apply(tx: Tx, event: DashboardEvent) {
  let before: RecordRow | null = null;
  if (isRecordEvent(event) && event.type !== 'RecordCreated') {
    [before = null] = await heldRecord(tx, { recordId: event.streamId });
  }
  const folded = fold(event, before);
  if (!folded) return;
  const recordEvent = isRecordEvent(event);
  await write(tx, {
    dropId: recordEvent && !folded.after ? event.streamId : null,
    records: rowsAsJson(dashboardRecords, recordEvent && folded.after ? [folded.after] : []),
    activity: rowsAsJson(dashboardActivity, [folded.activity]),
    counts: rowsAsJson(dashboardCounts, countRows(folded.sums)),
  });
}

export const dashboardProjection: Projection<RecordEvent | WalletEvent> = {
  name: 'dashboard',
  tables: [dashboardRecords, dashboardCounts, dashboardActivity],
  handlers: {
    RecordCreated: apply,
    RecordUpdated: apply,
    RecordDeleted: apply,
    WalletCredited: apply,
    WalletCharged: apply,
    WalletRefunded: apply,
    WalletAdjusted: apply,
  },

  /**
   * The rows the run touches are read once and folded in memory; each counter an event moved is
   * written once with the run's sum, even a sum of zero, as the handlers would have left it.
   */
  async replay(tx, run) {
    const earlierIds = [...new Set(run.filter((e) => isRecordEvent(e) && e.type !== 'RecordCreated').map((e) => e.streamId))];
    const earlier = earlierIds.length ? await tx.select().from(dashboardRecords).where(inArray(dashboardRecords.recordId, earlierIds)) : [];
    const rows = new Map<string, RecordRow | null>(earlier.map((row) => [row.recordId, row]));
    const sums: CountChanges = new Map();
    const activity: ActivityRow[] = [];
    for (const event of run) {
      const folded = fold(event, isRecordEvent(event) ? (rows.get(event.streamId) ?? null) : null);
      if (!folded) continue;
      if (isRecordEvent(event)) rows.set(event.streamId, folded.after);
      for (const [counter, by] of folded.sums) sums.set(counter, (sums.get(counter) ?? 0) + by);
      activity.push(folded.activity);
    }
    if (earlier.length)
      await tx.delete(dashboardRecords).where(
        inArray(
          dashboardRecords.recordId,
          earlier.map((row) => row.recordId),
        ),
      );
    await insertMany(
      tx,
      dashboardRecords,
      [...rows.values()].filter((row): row is RecordRow => row !== null),
    );
    await addCounts(tx, { counts: rowsAsJson(dashboardCounts, countRows(sums)) });
    await insertMany(tx, dashboardActivity, activity);
  },
};
