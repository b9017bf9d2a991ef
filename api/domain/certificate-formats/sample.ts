import { and, eq, type SQL } from 'drizzle-orm';
import { certificateFormatMessages, type StudentSample } from '../../../common/contracts/certificate-formats';
import type { FieldType } from '../../../common/certificate-layout';
import { addPeriods, formatDayFirst, indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { courseGrade } from '../documents/marksheets';
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

/** A record's name and form values: a student's course or branch, as its fields print them. */
export interface TitledRecord {
  id: string;
  title: string;
  fields: Record<string, unknown>;
}

const studentColumns = {
  id: records.id,
  title: records.title,
  registrationNo: records.registrationNo,
  rollNo: records.rollNo,
  fields: records.fields,
  courseId: records.courseId,
  branchId: records.branchId,
  completedCourse: records.completedCourse,
};

/** A student as a document reads them. */
export interface StudentRecord {
  id: string;
  title: string;
  registrationNo: string | null;
  rollNo: string | null;
  fields: Record<string, unknown>;
  courseId: string | null;
  branchId: string | null;
  completedCourse: boolean;
}

/** A student, where `reach` holds (a caller's branch); none when there is no such student in it. */
export async function findStudent(db: Executor, studentId: string, reach?: SQL): Promise<StudentRecord | null> {
  const [student] = await db
    .select(studentColumns)
    .from(records)
    .where(and(eq(records.id, studentId), eq(records.formType, 'student'), reach));
  return student ? { ...student, fields: student.fields as Record<string, unknown> } : null;
}

export async function findTitledRecord(db: Executor, id: string | null): Promise<TitledRecord | null> {
  if (!id) return null;
  const [row] = await db.select({ id: records.id, title: records.title, fields: records.fields }).from(records).where(eq(records.id, id));
  return row ? { ...row, fields: row.fields as Record<string, unknown> } : null;
}

/**
 * A student as a format's fields read them before anything is issued: their details as the forms
 * hold them (a detail their form lacks is left out), their grade as their newest published
 * marksheet of the course gives it, and for what only an issued document knows
 * (its number, its dates) a preview's number and today's dates. `course` is the student's course
 * when the caller has read it already.
 */
export async function sampleOf(db: Executor, student: StudentRecord, today: Date, course?: TitledRecord): Promise<StudentSample> {
  const courseId = course?.id ?? student.courseId;
  const [studentCourse, branch, grade] = await Promise.all([
    course?.id === student.courseId ? course : findTitledRecord(db, student.courseId),
    findTitledRecord(db, student.branchId),
    courseId ? courseGrade(db, student.id, courseId) : null,
  ]);
  const months = text(studentCourse?.fields.duration);
  const day = formatDayFirst(indianDay(today));
  const values: Partial<Record<FieldType, string | null>> = {
    studentName: student.title,
    fatherName: text(student.fields.fatherName),
    course: studentCourse?.title ?? null,
    duration: months ? `${months} months` : null,
    grade,
    registrationNo: student.registrationNo,
    rollNo: student.rollNo,
    branch: branch?.title ?? null,
    bloodGroup: text(student.fields.bloodGroup),
    emergencyContact: text(student.fields.emergencyContact),
    completionDate: day,
    issueDate: day,
    validUntil: formatDayFirst(indianDay(addPeriods('day', today, 365))),
    documentNumber: PREVIEW_NUMBER,
  };
  return {
    studentId: student.id,
    values: Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    photo: text(student.fields.studentPhoto),
  };
}

/** A student the caller may see, as a format's fields read them. */
export async function studentSample(db: Executor, actor: Actor, studentId: string, today = new Date()): Promise<StudentSample> {
  const student = await findStudent(db, studentId, readableBy(branchScope(actor)));
  if (!student) throw missing(certificateFormatMessages.studentMissing);
  return sampleOf(db, student, today);
}
