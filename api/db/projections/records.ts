import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { numberSequences, recordFiles, records } from '../schema';
import type { Projection } from './projection';

export type FieldValues = Record<string, unknown>;

export interface RecordCreatedData {
  formType: string;
  branchId: string | null;
  fields: FieldValues;
  registrationNo?: string;
  rollNo?: string;
  /** The sequence value behind the generated numbers, so a rebuild restores the counter. */
  sequence?: { scope: string; year: number; value: number };
  /** The upload keys of the stored files the record holds (absent in events older than the list). */
  files?: string[];
}

export interface RecordUpdatedData {
  /** Every value of the record after the change. */
  fields: FieldValues;
  /** Present when the record moved to another branch. */
  branchId?: string | null;
  /** Every upload key the record holds after the change (absent in events older than the list). */
  files?: string[];
}

/** Puts the record's files in its name; a key another record holds breaks record_files' primary key. */
async function holdFiles(tx: Tx, recordId: string, keys: readonly string[]) {
  const unique = [...new Set(keys)];
  if (unique.length) await tx.insert(recordFiles).values(unique.map((key) => ({ key, recordId })));
}

// A branch's form also asks for a course (courseName), so the branch's own name must come first.
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

function isoDate(value: unknown): string | null {
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

export const recordsProjection: Projection = {
  name: 'records',
  tables: [records, numberSequences, recordFiles],
  handlers: {
    async RecordCreated(tx, event) {
      const data = event.data as RecordCreatedData;
      const searchable = { ...data.fields, registrationNo: data.registrationNo, rollNo: data.rollNo };
      await tx.insert(records).values({
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
      });
      await holdFiles(tx, event.streamId, data.files ?? []);
      if (data.sequence) {
        const { scope, year, value } = data.sequence;
        await tx
          .insert(numberSequences)
          .values({ scope, year, lastValue: value })
          .onConflictDoUpdate({
            target: [numberSequences.scope, numberSequences.year],
            set: { lastValue: sql`greatest(${numberSequences.lastValue}, excluded.last_value)` },
          });
      }
    },
    async RecordUpdated(tx, event) {
      const { fields, branchId, files } = event.data as RecordUpdatedData;
      const [current] = await tx
        .select({ registrationNo: records.registrationNo, rollNo: records.rollNo })
        .from(records)
        .where(eq(records.id, event.streamId));
      await tx
        .update(records)
        .set({
          fields,
          ...recordColumns({ ...fields, ...current }),
          ...(branchId !== undefined && { branchId }),
          version: event.version,
          updatedAt: event.occurredAt,
        })
        .where(eq(records.id, event.streamId));
      if (files) {
        await tx.delete(recordFiles).where(eq(recordFiles.recordId, event.streamId));
        await holdFiles(tx, event.streamId, files);
      }
    },
    async RecordDeleted(tx, event) {
      await tx.delete(records).where(eq(records.id, event.streamId));
      // A deleted record's files are free to be attached again.
      await tx.delete(recordFiles).where(eq(recordFiles.recordId, event.streamId));
    },
  },
};
