import type { CourseCategoryStatus } from '../../../common/contracts/course-categories';
import type { NewEvent } from '../../db/event-store';

export const COURSE_CATEGORY_STREAM = 'course-category';
export const courseCategoryStream = (id: string) => ({ type: COURSE_CATEGORY_STREAM, id });

export type CourseCategoryCreated = NewEvent<'CourseCategoryCreated', { name: string; status: CourseCategoryStatus }>;
export type CourseCategoryRenamed = NewEvent<'CourseCategoryRenamed', { name: string; previousName: string }>;
export type CourseCategoryActivated = NewEvent<'CourseCategoryActivated', Record<string, never>>;
export type CourseCategoryDeactivated = NewEvent<'CourseCategoryDeactivated', Record<string, never>>;
/** Carries the name so that the history still says which category went. */
export type CourseCategoryDeleted = NewEvent<'CourseCategoryDeleted', { name: string }>;

/** Everything that happens to a course category's stream. */
export type CourseCategoryEvent =
  | CourseCategoryCreated
  | CourseCategoryRenamed
  | CourseCategoryActivated
  | CourseCategoryDeactivated
  | CourseCategoryDeleted;
