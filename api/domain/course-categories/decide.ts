import {
  COURSE_CATEGORY_NAME_MAX,
  courseCategoryNameMessages,
  type CourseCategoryStatus,
} from '../../../common/contracts/course-categories';
import { conflict, invalid, notFound } from '../errors';
import type { CourseCategoryEvent } from './events';

export const courseCategoryMessages = {
  list: 'Course categories',
  created: 'Category created successfully',
  renamed: 'Category updated successfully',
  statusChanged: 'Category status updated successfully',
  deleted: 'Category deleted successfully',
  ...courseCategoryNameMessages,
  taken: 'A category with this name already exists',
  exists: 'This course category already exists',
  inUse: (courses: number) =>
    `This category is used by ${courses} ${courses === 1 ? 'course' : 'courses'}; move ${courses === 1 ? 'it' : 'them'} to another category before deleting it`,
  stale: 'This category was changed by someone else. Reload it and try again.',
};

/** A category's stream folded: never created, live, or deleted (which answers as not found). */
export type CourseCategory = { kind: 'none' } | { kind: 'live'; name: string; status: CourseCategoryStatus } | { kind: 'deleted' };

export const initialCourseCategory: CourseCategory = { kind: 'none' };

/**
 * The commands, each with the facts it needs from outside its own stream, read by the caller in
 * the same transaction: which category holds a name (any case), how many courses use this one.
 */
export type CreateCourseCategory = { type: 'CreateCourseCategory'; data: { name: string; nameHeldBy: string | null } };
export type RenameCourseCategory = {
  type: 'RenameCourseCategory';
  data: { id: string; name: string; nameHeldBy: string | null };
};
/** Without a status it toggles the current one. */
export type ChangeCourseCategoryStatus = { type: 'ChangeCourseCategoryStatus'; data: { status?: CourseCategoryStatus } };
export type DeleteCourseCategory = { type: 'DeleteCourseCategory'; data: { coursesUsing: number } };

export type CourseCategoryCommand = CreateCourseCategory | RenameCourseCategory | ChangeCourseCategoryStatus | DeleteCourseCategory;

export function evolve(state: CourseCategory, event: CourseCategoryEvent): CourseCategory {
  switch (event.type) {
    case 'CourseCategoryCreated':
      return { kind: 'live', name: event.data.name, status: event.data.status };
    case 'CourseCategoryRenamed':
      return state.kind === 'live' ? { ...state, name: event.data.name } : state;
    case 'CourseCategoryActivated':
      return state.kind === 'live' ? { ...state, status: 'active' } : state;
    case 'CourseCategoryDeactivated':
      return state.kind === 'live' ? { ...state, status: 'inactive' } : state;
    case 'CourseCategoryDeleted':
      return { kind: 'deleted' };
  }
}

/** The events a command makes of a category, or the reason it is refused. */
export function decide(command: CourseCategoryCommand, state: CourseCategory): CourseCategoryEvent[] {
  if (command.type === 'CreateCourseCategory') {
    if (state.kind !== 'none') throw conflict(courseCategoryMessages.exists);
    const name = validName(command.data.name);
    if (command.data.nameHeldBy !== null) throw conflict(courseCategoryMessages.taken);
    return [{ type: 'CourseCategoryCreated', data: { name, status: 'active' } }];
  }
  if (state.kind !== 'live') throw notFound('Course category');
  switch (command.type) {
    case 'RenameCourseCategory': {
      const name = validName(command.data.name);
      const { id, nameHeldBy } = command.data;
      if (nameHeldBy !== null && nameHeldBy !== id) throw conflict(courseCategoryMessages.taken);
      if (name === state.name) return [];
      return [{ type: 'CourseCategoryRenamed', data: { name, previousName: state.name } }];
    }
    case 'ChangeCourseCategoryStatus': {
      const wanted = command.data.status ?? (state.status === 'active' ? 'inactive' : 'active');
      if (wanted === state.status) return [];
      return [{ type: wanted === 'active' ? 'CourseCategoryActivated' : 'CourseCategoryDeactivated', data: {} }];
    }
    case 'DeleteCourseCategory': {
      const { coursesUsing } = command.data;
      if (coursesUsing > 0) throw conflict(courseCategoryMessages.inUse(coursesUsing));
      return [{ type: 'CourseCategoryDeleted', data: { name: state.name } }];
    }
  }
}

/** The name as stored: trimmed, present and not too long (the API checks the same before). */
function validName(raw: string): string {
  const name = raw.trim();
  if (!name) throw invalid(courseCategoryMessages.required, { name: [courseCategoryMessages.required] });
  if (name.length > COURSE_CATEGORY_NAME_MAX) throw invalid(courseCategoryMessages.tooLong, { name: [courseCategoryMessages.tooLong] });
  return name;
}
