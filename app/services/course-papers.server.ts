import {
  coursePaperContract,
  type AddCoursePaperBody,
  type ChangeCoursePaperBody,
  type CoursePaperListQuery,
  type CoursePaperView,
} from '../../common/contracts/course-papers';
import { callEndpoint, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';

export function listCoursePapers(api: AuthedApi, query: Partial<CoursePaperListQuery>) {
  return callEndpoint(api, coursePaperContract.list, { query });
}

export function showCoursePaper(api: AuthedApi, id: string) {
  return callEndpoint(api, coursePaperContract.show, { params: { id } });
}

export function addCoursePaper(api: AuthedApi, body: AddCoursePaperBody) {
  return callEndpoint(api, coursePaperContract.add, { body });
}

export function changeCoursePaper(api: AuthedApi, id: string, body: ChangeCoursePaperBody, version?: number) {
  return callEndpoint(api, coursePaperContract.change, { params: { id }, body, ...ifMatch(version) });
}

/** Read a page of 100 at a time, up to this many pages. */
const PAGE = 100;
const PAGES_MAX = 20;

/** Every paper of every course the caller may read, by course, each course's in its order; null when they cannot be read. */
export async function papersByCourse(api: AuthedApi): Promise<Map<string, CoursePaperView[]> | null> {
  const byCourse = new Map<string, CoursePaperView[]>();
  for (let page = 1; page <= PAGES_MAX; page++) {
    const result = await listCoursePapers(api, { sortBy: 'position', order: 'asc', limit: PAGE, page });
    if (!result.ok) return null;
    for (const paper of result.data.papers) byCourse.set(paper.courseId, [...(byCourse.get(paper.courseId) ?? []), paper]);
    if (page >= result.data.totalPages) break;
  }
  return byCourse;
}
