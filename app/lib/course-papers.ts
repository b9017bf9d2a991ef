import type { CoursePaperView } from '../../common/contracts/course-papers';
import { canOpen } from './route-registry';
import { choiceParam, listQueryParser, textParam, type QueryDefaults } from './list-query';

/** Who may add papers and who may change them, as the API decides (api/http/course-papers.ts). */
export const COURSE_PAPER_ADD = ['COURSE_EDIT', 'COURSE_ADD'] as const;
export const COURSE_PAPER_EDIT = ['COURSE_EDIT'] as const;

export function paperRights(user: { role: string; permissions: readonly string[] }) {
  return { add: canOpen({ permissions: COURSE_PAPER_ADD }, user), edit: canOpen({ permissions: COURSE_PAPER_EDIT }, user) };
}

/** The course papers screen's address: the course, search, type, sort, order and page. */
export const paperSorts = ['position', 'code', 'name', 'kind', 'questionPaperMarks', 'createdAt'] as const;
export type PaperSort = (typeof paperSorts)[number];
export const paperDefaults: QueryDefaults<PaperSort> = { sort: 'position', order: 'asc' };
export const parsePaperQuery = listQueryParser({
  sorts: paperSorts,
  filters: { course: textParam(100), kind: choiceParam(['theory', 'practical']) },
});

/** A paper as the list shows it: the kit names every row's `title`. */
export type PaperRow = CoursePaperView & { title: string };

export const paperKindLabels = { theory: 'Theory', practical: 'Practical' } as const;
