import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { courseCategories } from '../schema';
import type { CourseCategoryEvent } from '../../domain/course-categories/events';
import type { Projection } from './projection';

/** Every event moves the row's version and update time; most change one column besides. */
function touch(tx: Tx, event: StoredEvent, change: Partial<typeof courseCategories.$inferInsert> = {}) {
  return tx
    .update(courseCategories)
    .set({ ...change, version: event.version, updatedAt: event.occurredAt })
    .where(eq(courseCategories.id, event.streamId));
}

export const courseCategoriesProjection: Projection<CourseCategoryEvent> = {
  name: 'course-categories',
  tables: [courseCategories],
  handlers: {
    async CourseCategoryCreated(tx, event) {
      await tx.insert(courseCategories).values({
        id: event.streamId,
        name: event.data.name,
        status: event.data.status,
        version: event.version,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async CourseCategoryRenamed(tx, event) {
      await touch(tx, event, { name: event.data.name });
    },
    async CourseCategoryActivated(tx, event) {
      await touch(tx, event, { status: 'active' });
    },
    async CourseCategoryDeactivated(tx, event) {
      await touch(tx, event, { status: 'inactive' });
    },
    async CourseCategoryDeleted(tx, event) {
      await tx.delete(courseCategories).where(eq(courseCategories.id, event.streamId));
    },
  },
};
