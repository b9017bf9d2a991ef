import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema';
import type { Party } from './events';
import { gstStateCode } from '../../../common/gst-states';

export interface Billed {
  party: Party;
  /** The student's branch; a branch billed is its own. */
  branchId: string | null;
  branchName: string | null;
  /** The branch's code, which names its series of student invoices. */
  branchCode: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

async function recordOf(db: Executor, formType: 'student' | 'branch', id: string) {
  const [row] = await db
    .select({
      id: records.id,
      title: records.title,
      code: records.code,
      registrationNo: records.registrationNo,
      branchId: records.branchId,
      fields: records.fields,
    })
    .from(records)
    .where(and(eq(records.id, id), eq(records.formType, formType)));
  return row ?? null;
}

/** A student as billed, with their branch; null when there is no such student. */
export async function billedStudent(db: Executor, id: string): Promise<Billed | null> {
  const student = await recordOf(db, 'student', id);
  if (!student) return null;
  const fields = student.fields as Record<string, unknown>;
  const branch = student.branchId ? await recordOf(db, 'branch', student.branchId) : null;
  const state = text(fields.state);
  return {
    party: {
      _id: student.id,
      name: student.title,
      code: student.registrationNo,
      address: text(fields.address) ?? '',
      state,
      stateCode: gstStateCode(state),
      gstin: null,
    },
    branchId: student.branchId,
    branchName: branch?.title ?? null,
    branchCode: branch?.code ?? null,
  };
}

/** A branch as the institute bills it; null when there is no such branch. */
export async function billedBranch(db: Executor, id: string): Promise<Billed | null> {
  const branch = await recordOf(db, 'branch', id);
  if (!branch) return null;
  const fields = branch.fields as Record<string, unknown>;
  const state = text(fields.state);
  return {
    party: {
      _id: branch.id,
      name: branch.title,
      code: branch.code,
      address: text(fields.branchAddress) ?? '',
      state,
      stateCode: gstStateCode(state),
      gstin: text(fields.gstin),
    },
    branchId: branch.id,
    branchName: branch.title,
    branchCode: branch.code,
  };
}
