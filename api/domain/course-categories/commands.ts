import type { CourseCategoryStatus } from '../../../common/contracts/course-categories';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newId } from '../ids';
import { courseCategoryMessages, decide, evolve, initialCourseCategory, type CourseCategory, type CourseCategoryCommand } from './decide';
import { courseCategoryStream, type CourseCategoryEvent } from './events';
import { coursesUsing, nameHolder } from './queries';

const categories: Decider<CourseCategoryCommand, CourseCategory, CourseCategoryEvent> = {
  initialState: initialCourseCategory,
  evolve,
  decide,
  // A deleted category answers as not found, whatever version the client holds.
  exists: (state) => state.kind === 'live',
};

/** `expectedVersion` is the client's If-Match; two writers of one name are settled by the read table. */
async function handle(ctx: CommandContext, id: string, command: CourseCategoryCommand, expectedVersion?: number) {
  await runCommand(ctx, courseCategoryStream(id), categories, command, {
    ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: courseCategoryMessages.stale },
    uniqueConflicts: { course_categories_name_key: courseCategoryMessages.taken },
  });
}

/** Answers the new category's id. */
export async function createCourseCategory(ctx: CommandContext, name: string): Promise<string> {
  const id = newId(ctx.meta.occurredAt.getTime());
  await handle(ctx, id, { type: 'CreateCourseCategory', data: { name, nameHeldBy: await nameHolder(ctx.tx, name) } });
  return id;
}

export async function renameCourseCategory(ctx: CommandContext, id: string, name: string, expectedVersion?: number) {
  const nameHeldBy = await nameHolder(ctx.tx, name);
  await handle(ctx, id, { type: 'RenameCourseCategory', data: { id, name, nameHeldBy } }, expectedVersion);
}

/** Sets the status, or toggles it when none is given. */
export async function changeCourseCategoryStatus(
  ctx: CommandContext,
  id: string,
  status: CourseCategoryStatus | undefined,
  expectedVersion?: number,
) {
  await handle(ctx, id, { type: 'ChangeCourseCategoryStatus', data: { status } }, expectedVersion);
}

export async function deleteCourseCategory(ctx: CommandContext, id: string, expectedVersion?: number) {
  const coursesUsingIt = (await coursesUsing(ctx.tx, [id])).get(id) ?? 0;
  await handle(ctx, id, { type: 'DeleteCourseCategory', data: { coursesUsing: coursesUsingIt } }, expectedVersion);
}
