import { eq } from 'drizzle-orm';
import { courseCategories } from '../schema';
import type { Projection } from './projection';

export const courseCategoriesProjection: Projection = {
  name: 'course-categories',
  tables: [courseCategories],
  handlers: {
    async CourseCategoryCreated(tx, event) {
      const { name, status } = event.data as { name: string; status: string };
      await tx.insert(courseCategories).values({
        id: event.streamId,
        name,
        status,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async CourseCategoryRenamed(tx, event) {
      const { name } = event.data as { name: string };
      await tx
        .update(courseCategories)
        .set({ name, updatedAt: event.occurredAt })
        .where(eq(courseCategories.id, event.streamId));
    },
    async CourseCategoryStatusChanged(tx, event) {
      const { status } = event.data as { status: string };
      await tx
        .update(courseCategories)
        .set({ status, updatedAt: event.occurredAt })
        .where(eq(courseCategories.id, event.streamId));
    },
    async CourseCategoryDeleted(tx, event) {
      await tx.delete(courseCategories).where(eq(courseCategories.id, event.streamId));
    },
  },
};
