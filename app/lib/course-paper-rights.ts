import { canOpen } from './route-registry';

/**
 * Who may add papers and who may change them, as the API decides (api/http/course-papers.ts).
 * Apart from the screen's address parsing, so the palette's action reads them without loading
 * the list kit and its validation into the first page of every session.
 */
export const COURSE_PAPER_ADD = ['COURSE_EDIT', 'COURSE_ADD'] as const;
export const COURSE_PAPER_EDIT = ['COURSE_EDIT'] as const;

export function paperRights(user: { role: string; permissions: readonly string[] }) {
  return { add: canOpen({ permissions: COURSE_PAPER_ADD }, user), edit: canOpen({ permissions: COURSE_PAPER_EDIT }, user) };
}
