import { coursePaperKindLabels, coursePaperKinds, type CoursePaperView } from '../../common/contracts/course-papers';
import { apiListQuery, choiceParam, listQueryParser, textParam, type QueryDefaults } from './list-query';

/** The course papers screen's address: the course, search, type, sort, order and page. */
export const paperSorts = ['position', 'code', 'name', 'kind', 'questionPaperMarks', 'createdAt'] as const;
export type PaperSort = (typeof paperSorts)[number];
export const paperDefaults: QueryDefaults<PaperSort> = { sort: 'position', order: 'asc' };
export const parsePaperQuery = listQueryParser({
  sorts: paperSorts,
  filters: { course: textParam(100), kind: choiceParam(coursePaperKinds) },
});
type PaperQuery = ReturnType<typeof parsePaperQuery>;

/** The API's filters for what the screen's address asks, without its page: the list's and the export's. */
export function paperApiQuery({ course, search, kind, sort, order }: PaperQuery) {
  return apiListQuery({ courseId: course, search, kind, sort, order });
}

/** A paper as the list shows it (the kit names every row's `title`); `changeable` when this user may edit or delete it. */
export type PaperRow = CoursePaperView & { title: string; changeable: boolean };

export const paperMessages = {
  /** An edit address of a paper whose course this user may only read. */
  readOnly: 'You can read this paper but not change it',
};

/** The paper types as a select offers them, in the contract's order. */
export const paperKindOptions = coursePaperKinds.map((kind) => ({ value: kind, label: coursePaperKindLabels[kind] }));
