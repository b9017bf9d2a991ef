import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { compiledQuery } from '../compiled-query';
import type { EventOfType, StoredEvent } from '../event-store';
import type { FieldValues, RecordCreatedData, RecordEvent } from '../../domain/record-events';
import { numberSequences, recordFiles, recordImportKeys, records } from '../schema';
import { insertMany, type Projection } from './projection';

const titleFields = ['studentName', 'addBranch', 'branchName', 'examName', 'courseName', 'name'];
const codeFields = ['registrationNumber', 'courseCode', 'branchCode', 'examId'];

function firstText(fields: FieldValues, names: string[]): string | null {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on' || value === '1' || value === 1;
}

/** A day as a date field holds it (YYYY-MM-DD), else null. */
export function isoDate(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** The columns that lists filter, sort and search on, lifted out of the field values. */
export function recordColumns(fields: FieldValues) {
  const text = Object.values(fields)
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .join(' ')
    .toLowerCase();
  return {
    title: firstText(fields, titleFields) ?? '',
    code: firstText(fields, codeFields),
    courseId: firstText(fields, ['selectedCourse']),
    isActive: truthy(fields.isActive),
    isRegistered: truthy(fields.isRegistered),
    completedCourse: truthy(fields.completedCourse),
    walletEnabled: truthy(fields.walletEnabled),
    admissionDate: isoDate(fields.admissionDate),
    searchText: text,
  };
}

type RecordRow = typeof records.$inferSelect;

/** A whole row of `records`, every column given. */
const insertRecord = compiledQuery('record_insert', {}, (db) =>
  db.insert(records).values(Object.fromEntries(Object.keys(getTableColumns(records)).map((key) => [key, sql.placeholder(key)])) as never),
);

function createdRow(event: StoredEvent<EventOfType<RecordEvent, 'RecordCreated'>>): RecordRow {
  const data = event.data;
  const searchable = { ...data.fields, registrationNo: data.registrationNo, rollNo: data.rollNo };
  return {
    id: event.streamId,
    formType: data.formType,
    branchId: data.branchId,
    registrationNo: data.registrationNo ?? null,
    rollNo: data.rollNo ?? null,
    fields: data.fields,
    ...recordColumns(searchable),
    version: event.version,
    createdAt: event.occurredAt,
    updatedAt: event.occurredAt,
  };
}

/** What a change sets on a record; its generated numbers stay searchable. */
function updatedColumns(
  current: Pick<RecordRow, 'registrationNo' | 'rollNo'>,
  event: StoredEvent<EventOfType<RecordEvent, 'RecordUpdated'>>,
) {
  const { fields, branchId } = event.data;
  return {
    fields,
    ...recordColumns({ ...fields, registrationNo: current.registrationNo, rollNo: current.rollNo }),
    ...(branchId !== undefined && { branchId }),
    version: event.version,
    updatedAt: event.occurredAt,
  };
}

type SequenceRow = typeof numberSequences.$inferInsert;

function sequenceRow(data: RecordCreatedData): SequenceRow | null {
  return data.sequence ? { scope: data.sequence.scope, year: data.sequence.year, lastValue: data.sequence.value } : null;
}

/** A counter never goes down. */
const raised = {
  target: [numberSequences.scope, numberSequences.year],
  set: { lastValue: sql`greatest(${numberSequences.lastValue}, excluded.last_value)` },
};

/** Raises counters to the values given: the rows of a replay. */
async function raiseSequences(tx: Tx, rows: SequenceRow[]) {
  await tx.insert(numberSequences).values(rows).onConflictDoUpdate(raised);
}

const raiseSequence = compiledQuery('number_sequence_raise', {}, (db) =>
  db
    .insert(numberSequences)
    .values({ scope: sql.placeholder('scope'), year: sql.placeholder('year'), lastValue: sql.placeholder('lastValue') })
    .onConflictDoUpdate(raised),
);

type FileRow = typeof recordFiles.$inferInsert;

function fileRows(recordId: string, keys: readonly string[]): FileRow[] {
  return [...new Set(keys)].map((key) => ({ key, recordId }));
}

type ImportKeyRow = typeof recordImportKeys.$inferInsert;

function importKeyRow(event: StoredEvent<EventOfType<RecordEvent, 'RecordCreated'>>): ImportKeyRow | null {
  const { imported, formType } = event.data;
  return imported ? { formType, key: imported.key, jobId: imported.jobId, recordId: event.streamId } : null;
}

/** Puts files in records' names; a key another record holds breaks record_files' primary key. */
async function holdFiles(tx: Tx, rows: FileRow[]) {
  await insertMany(tx, recordFiles, rows);
}

export const recordsProjection: Projection<RecordEvent> = {
  name: 'records',
  tables: [records, numberSequences, recordFiles, recordImportKeys],
  handlers: {
    async RecordCreated(tx, event) {
      await insertRecord(tx, createdRow(event));
      await holdFiles(tx, fileRows(event.streamId, event.data.files ?? []));
      const sequence = sequenceRow(event.data);
      if (sequence) await raiseSequence(tx, sequence);
      const imported = importKeyRow(event);
      if (imported) await tx.insert(recordImportKeys).values(imported);
    },
    async RecordUpdated(tx, event) {
      const [current] = await tx
        .select({ registrationNo: records.registrationNo, rollNo: records.rollNo })
        .from(records)
        .where(eq(records.id, event.streamId));
      if (current) await tx.update(records).set(updatedColumns(current, event)).where(eq(records.id, event.streamId));
      const { files } = event.data;
      if (files) {
        await tx.delete(recordFiles).where(eq(recordFiles.recordId, event.streamId));
        await holdFiles(tx, fileRows(event.streamId, files));
      }
    },
    async RecordDeleted(tx, event) {
      await tx.delete(records).where(eq(records.id, event.streamId));
      // A deleted record's files are free to be attached again, and its imported row to be imported again.
      await tx.delete(recordFiles).where(eq(recordFiles.recordId, event.streamId));
      await tx.delete(recordImportKeys).where(eq(recordImportKeys.recordId, event.streamId));
    },
  },

  /** Rows the run touches that exist already are read once, rewritten in memory, deleted and inserted anew. */
  async replay(tx, run) {
    const earlierIds = [...new Set(run.filter((e) => e.type !== 'RecordCreated').map((e) => e.streamId))];
    const earlier = earlierIds.length ? await tx.select().from(records).where(inArray(records.id, earlierIds)) : [];
    const rows = new Map<string, RecordRow | null>(earlier.map((row) => [row.id, row]));
    const sequences = new Map<string, SequenceRow>();
    /** The keys each record holds at the end of the run, for the records whose files it changes. */
    const files = new Map<string, string[]>();
    const importKeys = new Map<string, ImportKeyRow>();
    for (const event of run) {
      if (event.type === 'RecordCreated') {
        rows.set(event.streamId, createdRow(event));
        const imported = importKeyRow(event);
        if (imported) importKeys.set(event.streamId, imported);
        files.set(event.streamId, event.data.files ?? []);
        const sequence = sequenceRow(event.data);
        const key = sequence && `${sequence.scope}/${sequence.year}`;
        if (key && sequence.lastValue > (sequences.get(key)?.lastValue ?? 0)) sequences.set(key, sequence);
      } else if (event.type === 'RecordUpdated') {
        const current = rows.get(event.streamId);
        if (current) rows.set(event.streamId, { ...current, ...updatedColumns(current, event) });
        if (event.data.files) files.set(event.streamId, event.data.files);
      } else {
        rows.set(event.streamId, null);
        files.set(event.streamId, []);
        importKeys.delete(event.streamId);
      }
    }
    if (earlier.length)
      await tx.delete(records).where(
        inArray(
          records.id,
          earlier.map((row) => row.id),
        ),
      );
    const kept = [...rows.values()].filter((row): row is RecordRow => row !== null);
    await insertMany(tx, records, kept);
    if (sequences.size) await raiseSequences(tx, [...sequences.values()]);
    const created = new Set(run.filter((e) => e.type === 'RecordCreated').map((e) => e.streamId));
    const released = [...files.keys()].filter((id) => !created.has(id));
    if (released.length) await tx.delete(recordFiles).where(inArray(recordFiles.recordId, released));
    const deleted = [...rows].filter(([id, row]) => row === null && !created.has(id)).map(([id]) => id);
    if (deleted.length) await tx.delete(recordImportKeys).where(inArray(recordImportKeys.recordId, deleted));
    await insertMany(tx, recordImportKeys, [...importKeys.values()]);
    await holdFiles(
      tx,
      [...files].flatMap(([id, keys]) => fileRows(id, keys)),
    );
  },
};
