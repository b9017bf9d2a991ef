import { and, eq } from 'drizzle-orm';
import { ABSENT, toHundredths } from '../../../common/exam-results';
import type {
  ExamMarksEvent,
  ExamSittingEvent,
  MarksEntered,
  MarksRevised,
  StudentAddedToSitting,
  StudentExcusedFromSitting,
} from '../../domain/exam-results/events';
import { examMarks, examSittingChanges, examSittings } from '../schema';
import type { StoredEvent } from '../event-store';
import type { Tx } from '../client';
import type { Projection } from './projection';

/** Marks as entered or revised: a cell holds the version of the event that set it; a null clears it. */
async function setMarks(tx: Tx, event: StoredEvent<MarksEntered | MarksRevised>) {
  const { examId, studentId, branchId, marks } = event.data;
  for (const { subject, value } of marks) {
    const cell = and(eq(examMarks.examId, examId), eq(examMarks.studentId, studentId), eq(examMarks.subject, subject));
    if (value === null) {
      await tx.delete(examMarks).where(cell);
      continue;
    }
    const row = {
      branchId,
      hundredths: value === ABSENT ? null : toHundredths(value),
      absent: value === ABSENT,
      version: event.version,
      updatedBy: event.actorId,
      updatedAt: event.occurredAt,
    };
    await tx
      .insert(examMarks)
      .values({ examId, studentId, subject, ...row })
      .onConflictDoUpdate({ target: [examMarks.examId, examMarks.studentId, examMarks.subject], set: row });
  }
}

/** A sitting's stream moved on: its row keeps the version (a draft gets a row of its own), so If-Match sees every change. */
async function sittingVersion(tx: Tx, event: StoredEvent<ExamSittingEvent>) {
  const { examId, branchId } = event.data;
  await tx
    .insert(examSittings)
    .values({ examId, branchId, state: 'draft', version: event.version })
    .onConflictDoUpdate({ target: [examSittings.examId, examSittings.branchId], set: { version: event.version } });
}

async function changeSitting(tx: Tx, event: StoredEvent<StudentAddedToSitting | StudentExcusedFromSitting>, change: 'added' | 'excused') {
  const { examId, branchId, studentId, reason } = event.data;
  const row = { branchId, change, reason, changedAt: event.occurredAt, changedBy: event.actorId };
  await tx
    .insert(examSittingChanges)
    .values({ examId, studentId, ...row })
    .onConflictDoUpdate({ target: [examSittingChanges.examId, examSittingChanges.studentId], set: row });
  await sittingVersion(tx, event);
}

export const examResultsProjection: Projection<ExamMarksEvent | ExamSittingEvent> = {
  name: 'exam-results',
  tables: [examMarks, examSittings, examSittingChanges],
  handlers: {
    MarksEntered: setMarks,
    MarksRevised: setMarks,
    async ExamResultsPublished(tx, event) {
      const { examId, branchId, template } = event.data;
      const row = {
        state: 'published',
        publishedAt: event.occurredAt,
        publishedBy: event.actorId,
        version: event.version,
        templateId: template?.id ?? null,
        templateRevision: template?.revision ?? null,
      };
      await tx
        .insert(examSittings)
        .values({ examId, branchId, ...row })
        .onConflictDoUpdate({ target: [examSittings.examId, examSittings.branchId], set: row });
    },
    ResultsRevised: sittingVersion,
    async StudentAddedToSitting(tx, event) {
      await changeSitting(tx, event, 'added');
    },
    async StudentExcusedFromSitting(tx, event) {
      await changeSitting(tx, event, 'excused');
    },
  },
};
