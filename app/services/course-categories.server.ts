import { courseCategoryContract, type CourseCategoryListQuery, type CourseCategoryStatus } from '../../common/contracts/course-categories';
import { callEndpoint, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';

export function listCourseCategories(api: AuthedApi, query: CourseCategoryListQuery) {
  return callEndpoint(api, courseCategoryContract.list, { query });
}

export function createCourseCategory(api: AuthedApi, name: string) {
  return callEndpoint(api, courseCategoryContract.create, { body: { name } });
}

export function renameCourseCategory(api: AuthedApi, id: string, name: string, version?: number) {
  return callEndpoint(api, courseCategoryContract.rename, { params: { id }, body: { name }, ...ifMatch(version) });
}

/** Sets the status, or toggles it when none is given. */
export function toggleCourseCategoryStatus(api: AuthedApi, id: string, status?: CourseCategoryStatus, version?: number) {
  return callEndpoint(api, courseCategoryContract.setStatus, { params: { id }, body: status ? { status } : {}, ...ifMatch(version) });
}

/** Refused (409) while courses use the category; the message says how many. */
export function removeCourseCategory(api: AuthedApi, id: string, version?: number) {
  return callEndpoint(api, courseCategoryContract.remove, { params: { id }, ...ifMatch(version) });
}
