import { and, eq } from 'drizzle-orm';
import { ABSENT, toHundredths } from '../../../common/exam-results';
import type { ExamMarksEvent, ExamSittingEvent } from '../../domain/exam-results/events';
import { examMarks, examSittings } from '../schema';
import type { Projection } from './projection';

export const examResultsProjection: Projection<ExamMarksEvent | ExamSittingEvent> = {
  name: 'exam-results',
  tables: [examMarks, examSittings],
  handlers: {
    async MarksEntered(tx, event) {
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
    },
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
  },
};
