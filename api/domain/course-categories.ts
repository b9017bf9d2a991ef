import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { append } from '../db/event-store';
import { courseCategories } from '../db/schema';
import { conflict } from './errors';
import type { CommandContext } from './command';
import { newId } from './ids';

export const courseCategoryStream = (id: string) => ({ type: 'course-category', id });

export async function createCourseCategory({ tx, meta }: CommandContext, name: string): Promise<string> {
  const trimmed = name.trim();
  const [taken] = await tx
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(sql`lower(${courseCategories.name}) = ${trimmed.toLowerCase()}`);
  if (taken) throw conflict('A category with this name already exists');
  const id = newId(meta.occurredAt.getTime());
  await append(
    tx,
    courseCategoryStream(id),
    'no_stream',
    [{ type: 'CourseCategoryCreated', data: { name: trimmed, status: 'active' } }],
    meta,
  );
  return id;
}

/** The active categories by name, as the options of the course form's category. */
export async function activeCourseCategories(db: Executor) {
  return db
    .select({ _id: courseCategories.id, name: courseCategories.name, status: courseCategories.status })
    .from(courseCategories)
    .where(eq(courseCategories.status, 'active'))
    .orderBy(asc(courseCategories.name));
}
