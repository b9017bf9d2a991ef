import { eq, sql } from 'drizzle-orm';
import { append } from '../db/event-store';
import type { FieldValues, RecordCreatedData } from '../db/projections/records';
import { numberSequences, records } from '../db/schema';
import type { Executor } from '../db/client';
import type { CommandContext } from './command';
import { newId } from './ids';

export const recordStream = (id: string) => ({ type: 'record', id });

export interface CreateRecordInput {
  formType: string;
  branchId: string | null;
  fields: FieldValues;
}

export interface GeneratedNumbers {
  registrationNo: string;
  rollNo: string;
}

/**
 * Takes the next number of a branch's year. The row lock of the upsert queues concurrent
 * admissions, and a rolled-back admission gives its number back with everything else.
 */
async function nextSequenceValue(db: Executor, scope: string, year: number): Promise<number> {
  const [row] = await db
    .insert(numberSequences)
    .values({ scope, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.scope, numberSequences.year],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ value: numberSequences.lastValue });
  return row!.value;
}

async function branchCode(db: Executor, branchId: string | null): Promise<string> {
  if (!branchId) return 'HQ';
  const [branch] = await db.select({ code: records.code }).from(records).where(eq(records.id, branchId));
  return (branch?.code ?? 'BR').toUpperCase().replace(/[^A-Z0-9]/g, '') || 'BR';
}

export async function createRecord(
  { tx, meta }: CommandContext,
  input: CreateRecordInput,
): Promise<{ id: string; generatedNumbers?: GeneratedNumbers }> {
  const id = newId(meta.occurredAt.getTime());
  const data: RecordCreatedData = { formType: input.formType, branchId: input.branchId, fields: input.fields };
  let generatedNumbers: GeneratedNumbers | undefined;
  if (input.formType === 'student') {
    const year = meta.occurredAt.getUTCFullYear();
    const scope = input.branchId ?? 'none';
    const value = await nextSequenceValue(tx, scope, year);
    const code = await branchCode(tx, input.branchId);
    const serial = String(value).padStart(4, '0');
    generatedNumbers = { registrationNo: `${code}/${year}/${serial}`, rollNo: `${code}${year % 100}${serial}` };
    Object.assign(data, generatedNumbers, { sequence: { scope, year, value } });
  }
  await append(tx, recordStream(id), 'no_stream', [{ type: 'RecordCreated', data }], meta);
  return { id, generatedNumbers };
}
