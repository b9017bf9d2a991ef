import { eq } from 'drizzle-orm';
import { coursePapers } from '../schema';
import type { CoursePaperEvent } from '../../domain/course-papers/events';
import type { Projection } from './projection';

export const coursePapersProjection: Projection<CoursePaperEvent> = {
  name: 'course-papers',
  tables: [coursePapers],
  handlers: {
    async CoursePaperAdded(tx, event) {
      await tx.insert(coursePapers).values({
        id: event.streamId,
        ...event.data,
        version: event.version,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async CoursePaperChanged(tx, event) {
      await tx
        .update(coursePapers)
        .set({ ...event.data, version: event.version, updatedAt: event.occurredAt })
        .where(eq(coursePapers.id, event.streamId));
    },
    async CoursePaperRemoved(tx, event) {
      await tx.delete(coursePapers).where(eq(coursePapers.id, event.streamId));
    },
  },
};
