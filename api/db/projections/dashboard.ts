import { eq, sql } from 'drizzle-orm';
import { indianDay } from '../../../common/india-time';
import type { FieldValues, RecordEvent } from '../../domain/record-events';
import type { WalletEvent } from '../../domain/wallet/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { dashboardActivity, dashboardCounts, dashboardRecords } from '../schema';
import type { Projection } from './projection';
import { recordColumns } from './records';

/** The form types the dashboard counts and reports on. */
const areas: Record<string, DashboardArea> = { student: 'student', examResult: 'exam' };
export type DashboardArea = 'student' | 'exam' | 'wallet';

/** A counter's key: "<month>|<measure>", month '' for counts of the present. */
type CountKey = string;
const key = (month: string, measure: string): CountKey => `${month}|${measure}`;

/**
 * What one student adds to the counters: one to its status (new until registered or passed out;
 * a pass-out who is registered counts in both lists, as the lists show them) and one to the
 * admissions of its admission month.
 */
export function studentCounts(fields: FieldValues): CountKey[] {
  const { isRegistered, completedCourse, admissionDate } = recordColumns(fields);
  return [
    ...(isRegistered || completedCourse ? [] : [key('', 'students:new')]),
    ...(isRegistered ? [key('', 'students:registered')] : []),
    ...(completedCourse ? [key('', 'students:passout')] : []),
    ...(admissionDate ? [key(admissionDate.slice(0, 7), 'admissions')] : []),
  ];
}

/** The last date of an exam's subject table: the exam is upcoming until that day has passed. */
export function lastExamDate(fields: FieldValues): string | null {
  const rows = Array.isArray(fields.examSubjectsTable) ? (fields.examSubjectsTable as unknown[]) : [];
  const dates = rows
    .map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>).examDate : null))
    .filter((date): date is string => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))
    .sort();
  return dates.at(-1) ?? null;
}

type RecordRow = typeof dashboardRecords.$inferSelect;

function recordRow(recordId: string, formType: string, branchId: string | null, fields: FieldValues): RecordRow {
  return {
    recordId,
    formType,
    branchId: branchId ?? '',
    title: recordColumns(fields).title,
    counts: formType === 'student' ? studentCounts(fields) : [],
    lastDate: formType === 'examResult' ? lastExamDate(fields) : null,
  };
}

/**
 * Adds to the counters in one statement. Changes to one counter are summed first (an upsert may
 * touch a row once), and changes that cancel out write nothing.
 */
async function addCounts(tx: Tx, branchId: string, changes: [CountKey, number][]) {
  const sums = new Map<CountKey, number>();
  for (const [count, by] of changes) sums.set(count, (sums.get(count) ?? 0) + by);
  const rows = [...sums]
    .filter(([, value]) => value !== 0)
    .map(([count, value]) => {
      const [month, measure] = count.split('|') as [string, string];
      return { branchId, month, measure, value };
    });
  if (rows.length === 0) return;
  await tx
    .insert(dashboardCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [dashboardCounts.branchId, dashboardCounts.month, dashboardCounts.measure],
      set: { value: sql`${dashboardCounts.value} + excluded.value` },
    });
}

const countsOf = (row: RecordRow) => row.counts as CountKey[];

async function moveCounts(tx: Tx, before: RecordRow | null, after: RecordRow | null) {
  if (before && after && before.branchId === after.branchId) {
    await addCounts(tx, after.branchId, [
      ...countsOf(before).map((c): [CountKey, number] => [c, -1]),
      ...countsOf(after).map((c): [CountKey, number] => [c, 1]),
    ]);
    return;
  }
  if (before)
    await addCounts(
      tx,
      before.branchId,
      countsOf(before).map((c) => [c, -1]),
    );
  if (after)
    await addCounts(
      tx,
      after.branchId,
      countsOf(after).map((c) => [c, 1]),
    );
}

async function noteActivity(
  tx: Tx,
  event: StoredEvent,
  row: Omit<typeof dashboardActivity.$inferInsert, 'position' | 'actorId' | 'occurredAt'>,
) {
  await tx.insert(dashboardActivity).values({ ...row, position: event.position, actorId: event.actorId, occurredAt: event.occurredAt });
}

async function heldRow(tx: Tx, recordId: string): Promise<RecordRow | null> {
  const [row] = await tx.select().from(dashboardRecords).where(eq(dashboardRecords.recordId, recordId));
  return row ?? null;
}

/** A wallet event's share of the month's spend (charges less refunds) and top-ups. */
function walletChange(event: StoredEvent<WalletEvent>): { measure: string; by: number } | null {
  switch (event.type) {
    case 'WalletCredited':
      return { measure: 'wallet:topups', by: event.data.amount };
    case 'WalletCharged':
      return { measure: 'wallet:spend', by: event.data.amount };
    case 'WalletRefunded':
      return { measure: 'wallet:spend', by: -event.data.amount };
    case 'WalletAdjusted':
      return null;
  }
}

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
/** Signed as the ledger signs it: money out negative. */
const signedAmount = (event: StoredEvent<WalletEvent>) => (event.type === 'WalletCharged' ? -event.data.amount : event.data.amount);

async function walletMoved(tx: Tx, event: StoredEvent<WalletEvent>) {
  const change = walletChange(event);
  const branchId = event.data.branchId;
  if (change) await addCounts(tx, branchId, [[key(indianDay(event.occurredAt).slice(0, 7), change.measure), change.by]]);
  await noteActivity(tx, event, {
    area: 'wallet',
    action: walletActions[event.type],
    branchId,
    recordId: event.data.entryId,
    title: walletTitle(event),
    amount: signedAmount(event),
  });
}

export const dashboardProjection: Projection<RecordEvent | WalletEvent> = {
  name: 'dashboard',
  tables: [dashboardRecords, dashboardCounts, dashboardActivity],
  handlers: {
    async RecordCreated(tx, event) {
      const area = areas[event.data.formType];
      if (!area) return;
      const row = recordRow(event.streamId, event.data.formType, event.data.branchId, event.data.fields);
      await tx.insert(dashboardRecords).values(row);
      await moveCounts(tx, null, row);
      await noteActivity(tx, event, { area, action: 'created', branchId: row.branchId, recordId: row.recordId, title: row.title });
    },
    async RecordUpdated(tx, event) {
      const before = await heldRow(tx, event.streamId);
      if (!before) return;
      const branchId = event.data.branchId === undefined ? before.branchId : event.data.branchId;
      const after = recordRow(before.recordId, before.formType, branchId, event.data.fields);
      await tx.update(dashboardRecords).set(after).where(eq(dashboardRecords.recordId, before.recordId));
      await moveCounts(tx, before, after);
      await noteActivity(tx, event, {
        area: areas[before.formType]!,
        action: 'updated',
        branchId: after.branchId,
        recordId: after.recordId,
        title: after.title,
      });
    },
    async RecordDeleted(tx, event) {
      const before = await heldRow(tx, event.streamId);
      if (!before) return;
      await tx.delete(dashboardRecords).where(eq(dashboardRecords.recordId, before.recordId));
      await moveCounts(tx, before, null);
      // The record has no page any more: the entry names it without a link.
      await noteActivity(tx, event, { area: areas[before.formType]!, action: 'deleted', branchId: before.branchId, title: before.title });
    },
    WalletCredited: walletMoved,
    WalletCharged: walletMoved,
    WalletRefunded: walletMoved,
    WalletAdjusted: walletMoved,
  },
};
