import { sql } from 'drizzle-orm';
import { ABSENT } from '../../../common/exam-results';
import type { ExamMarksEvent, ExamSittingEvent, StudentAddedToSitting, StudentExcusedFromSitting } from '../../domain/exam-results/events';
import { examMarks, examSittingChanges, examSittings } from '../schema';
import type { StoredEvent } from '../event-store';
import type { Tx } from '../client';
import { inlineHandler, inlineReplay, type InlineProjection } from '../inline-projection';
import type { Projection } from './projection';

/**
 * Marks as entered or revised: a cell holds the version of the event that set it; a null clears
 * it. Written with the events by a save of marks, and by a rebuild as their handler; a cell set
 * twice in a run keeps its last value, as one write after another would leave it. A mark has two
 * places at most, so numeric arithmetic on its JSON finds the hundredths `toHundredths` does.
 */
export const marksWritten: InlineProjection = {
  projection: 'exam-results',
  types: ['MarksEntered', 'MarksRevised'],
  writes: (events) => sql`
    marked_cells AS (
      SELECT DISTINCT ON (exam_id, student_id, subject)
             e.data->>'examId' AS exam_id, e.data->>'studentId' AS student_id, m.cell->>'subject' AS subject,
             e.data->>'branchId' AS branch_id, m.cell->'value' AS value, e.version, e.actor_id, e.occurred_at
      FROM ${events} AS e, jsonb_array_elements(e.data->'marks') WITH ORDINALITY AS m(cell, n)
      ORDER BY exam_id, student_id, subject, e.version DESC, m.n DESC
    ),
    cleared_marks AS (
      DELETE FROM ${examMarks} USING marked_cells AS c
      WHERE ${examMarks.examId} = c.exam_id AND ${examMarks.studentId} = c.student_id AND ${examMarks.subject} = c.subject
        AND jsonb_typeof(c.value) = 'null'
    ),
    set_marks AS (
      INSERT INTO ${examMarks} (exam_id, student_id, subject, branch_id, hundredths, absent, version, updated_by, updated_at)
      SELECT exam_id, student_id, subject, branch_id,
             CASE WHEN jsonb_typeof(value) = 'number' THEN round(value::numeric * 100)::integer END,
             value = to_jsonb(${ABSENT}::text), version, actor_id, occurred_at
      FROM marked_cells WHERE jsonb_typeof(value) <> 'null'
      ON CONFLICT (exam_id, student_id, subject) DO UPDATE
      SET branch_id = excluded.branch_id, hundredths = excluded.hundredths, absent = excluded.absent,
          version = excluded.version, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    )`,
};

const setMarks = inlineHandler(marksWritten);

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
  // A run's marks in one statement; the sittings' few events go one by one to their own tables.
  replays: ['MarksEntered', 'MarksRevised'],
  replay: inlineReplay(marksWritten),
};
