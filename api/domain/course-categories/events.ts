import type { CourseCategoryStatus } from '../../../common/contracts/course-categories';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const COURSE_CATEGORY_STREAM = 'course-category';
export const courseCategoryStream = (id: string): StreamRef<CourseCategoryEvent> => ({ type: COURSE_CATEGORY_STREAM, id });

export type CourseCategoryCreated = DomainEvent<'CourseCategoryCreated', { name: string; status: CourseCategoryStatus }>;
export type CourseCategoryRenamed = DomainEvent<'CourseCategoryRenamed', { name: string; previousName: string }>;
export type CourseCategoryActivated = DomainEvent<'CourseCategoryActivated', Record<string, never>>;
export type CourseCategoryDeactivated = DomainEvent<'CourseCategoryDeactivated', Record<string, never>>;
/** Carries the name so that the history still says which category went. */
export type CourseCategoryDeleted = DomainEvent<'CourseCategoryDeleted', { name: string }>;

/** Everything that happens to a course category's stream. */
export type CourseCategoryEvent =
  CourseCategoryCreated | CourseCategoryRenamed | CourseCategoryActivated | CourseCategoryDeactivated | CourseCategoryDeleted;
