import { and, eq } from 'drizzle-orm';
import { certificateFormatMessages, type StudentSample } from '../../../common/contracts/certificate-formats';
import type { CertificateFormatContent } from '../../../common/contracts/certificate-formats';
import type { FieldType } from '../../../common/certificate-layout';
import { addPeriods, formatDayFirst, indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { savedRevision } from '../../db/projections/revisions';
import { certificateFormatVersions, records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { missing } from '../errors';
import { readableBy } from '../record-queries';

/** What a preview prints where an issued document would carry its own number. */
export const PREVIEW_NUMBER = 'PREVIEW';
/** The verification code a preview prints: no document answers it. */
export const PREVIEW_CODE = 'PREVIEW000';

const text = (value: unknown) => {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/**
 * A student the caller may see, as a format's fields read them before anything is issued: their
 * details as the forms hold them (a detail their form lacks is left out), and for what only an
 * issued document knows (its number, its dates) a preview's number and today's dates.
 */
export async function studentSample(db: Executor, actor: Actor, studentId: string, today = new Date()): Promise<StudentSample> {
  const [student] = await db
    .select({
      id: records.id,
      title: records.title,
      registrationNo: records.registrationNo,
      rollNo: records.rollNo,
      fields: records.fields,
      courseId: records.courseId,
      branchId: records.branchId,
    })
    .from(records)
    .where(and(eq(records.id, studentId), eq(records.formType, 'student'), readableBy(branchScope(actor))));
  if (!student) throw missing(certificateFormatMessages.studentMissing);
  const [course, branch] = await Promise.all([titleAndFields(db, student.courseId), titleAndFields(db, student.branchId)]);
  const fields = student.fields as Record<string, unknown>;
  const months = text(course?.fields.duration);
  const day = formatDayFirst(indianDay(today));
  const values: Partial<Record<FieldType, string | null>> = {
    studentName: student.title,
    fatherName: text(fields.fatherName),
    course: course?.title ?? null,
    duration: months ? `${months} months` : null,
    registrationNo: student.registrationNo,
    rollNo: student.rollNo,
    branch: branch?.title ?? null,
    bloodGroup: text(fields.bloodGroup),
    emergencyContact: text(fields.emergencyContact),
    completionDate: day,
    issueDate: day,
    validUntil: formatDayFirst(indianDay(addPeriods('day', today, 365))),
    documentNumber: PREVIEW_NUMBER,
  };
  return {
    studentId: student.id,
    values: Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    photo: text(fields.studentPhoto),
  };
}

async function titleAndFields(db: Executor, id: string | null) {
  if (!id) return null;
  const [row] = await db.select({ title: records.title, fields: records.fields }).from(records).where(eq(records.id, id));
  return row ? { title: row.title, fields: row.fields as Record<string, unknown> } : null;
}

/** A saved revision of a format, the latest unless one is named. */
export async function formatRevision(db: Executor, id: string, revision?: number) {
  const saved = await savedRevision(db, certificateFormatVersions, certificateFormatVersions.formatId, id, revision);
  if (!saved) throw missing(revision === undefined ? certificateFormatMessages.missing : certificateFormatMessages.revisionMissing);
  return { revision: saved.revision, content: saved.content as CertificateFormatContent };
}
