import type {
  CourseCategoryList,
  CourseCategoryListQuery,
  CourseCategoryStatus,
  CourseCategoryView,
} from '../../common/contracts/course-categories';
import type { ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

const base = '/course/categories';
const categoryPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The version the screen showed, sent as If-Match so that a change made since is refused (412). */
const ifMatch = (version?: number) => (version === undefined ? {} : { headers: { 'If-Match': `"${version}"` } });

export function listCourseCategories(api: AuthedApi, query: Partial<CourseCategoryListQuery>): Promise<ApiResult<CourseCategoryList>> {
  return api.call<CourseCategoryList>('GET', base, { query: { ...query } });
}

export function createCourseCategory(api: AuthedApi, name: string): Promise<ApiResult<CourseCategoryView>> {
  return api.call<CourseCategoryView>('POST', base, { body: { name } });
}

export function renameCourseCategory(api: AuthedApi, id: string, name: string, version?: number): Promise<ApiResult<CourseCategoryView>> {
  return api.call<CourseCategoryView>('PUT', categoryPath(id), { body: { name }, ...ifMatch(version) });
}

/** Sets the status, or toggles it when none is given. */
export function toggleCourseCategoryStatus(
  api: AuthedApi,
  id: string,
  status?: CourseCategoryStatus,
  version?: number,
): Promise<ApiResult<CourseCategoryView>> {
  return api.call<CourseCategoryView>('PUT', `${categoryPath(id)}/status`, { body: status ? { status } : {}, ...ifMatch(version) });
}

/** Refused (409) while courses use the category; the message says how many. */
export function removeCourseCategory(api: AuthedApi, id: string, version?: number): Promise<ApiResult<CourseCategoryView>> {
  return api.call<CourseCategoryView>('DELETE', categoryPath(id), ifMatch(version));
}
