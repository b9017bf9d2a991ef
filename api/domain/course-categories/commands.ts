import type { CourseCategoryStatus } from '../../../common/contracts/course-categories';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { append, ConcurrencyError, readStream } from '../../db/event-store';
import type { CommandContext } from '../command';
import { conflict, stale } from '../errors';
import { newId } from '../ids';
import { courseCategoryMessages, decide, evolve, initialCourseCategory, type CourseCategory, type CourseCategoryCommand } from './decide';
import { COURSE_CATEGORY_STREAM, courseCategoryStream } from './events';
import { coursesUsing, nameHolder } from './queries';

/** A category's state and version, folded from its stream; another stream's id reads as none. */
async function load(tx: Tx, id: string): Promise<{ state: CourseCategory; version: number }> {
  const stored = await readStream(tx, courseCategoryStream(id));
  if (stored.some((event) => event.streamType !== COURSE_CATEGORY_STREAM)) return { state: initialCourseCategory, version: 0 };
  const state = stored.reduce(evolve, initialCourseCategory);
  return { state, version: stored.at(-1)?.version ?? 0 };
}

/**
 * Loads the category, decides, and appends at the version it loaded. `expectedVersion` is the
 * client's If-Match: a newer category answers 412. Without it, a writer that lost a race is
 * reported on `any`, which runs the request again on the newer state.
 */
async function handle(ctx: CommandContext, id: string, command: CourseCategoryCommand, expectedVersion?: number) {
  const { state, version } = await load(ctx.tx, id);
  if (expectedVersion !== undefined && state.kind === 'live' && expectedVersion !== version) {
    throw stale(courseCategoryMessages.stale);
  }
  const events = decide(command, state);
  try {
    await append(ctx.tx, courseCategoryStream(id), version === 0 ? 'no_stream' : version, events, ctx.meta);
  } catch (error) {
    // Two writers of one name at once: the read table's unique name decides between them.
    if (isUniqueViolation(error, 'course_categories_name_key')) throw conflict(courseCategoryMessages.taken);
    if (!(error instanceof ConcurrencyError)) throw error;
    if (expectedVersion !== undefined) throw stale(courseCategoryMessages.stale);
    throw new ConcurrencyError(id, 'any');
  }
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
