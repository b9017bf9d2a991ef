import type { CourseCategoryView } from '../../common/contracts/course-categories';
import { apiListQuery, choiceParam, listQueryParser, type QueryDefaults } from './list-query';

/** The course categories screen's address: search, status, sort, order and page. */
export const categorySorts = ['name', 'status', 'createdAt'] as const;
export type CategorySort = (typeof categorySorts)[number];
export const categoryDefaults: QueryDefaults<CategorySort> = { sort: 'name', order: 'asc' };
export const parseCategoryQuery = listQueryParser({
  sorts: categorySorts,
  filters: { status: choiceParam(['active', 'inactive']) },
});
export type CategoryQuery = ReturnType<typeof parseCategoryQuery>;

/** The API's filters for what the screen's address asks, without its page: the list's and the export's. */
export function categoryApiQuery({ search, status, sort, order }: CategoryQuery) {
  return apiListQuery({ search, status, sort, order });
}

/** A category as the list shows it: the kit names every row's `title`. */
export type CategoryRow = CourseCategoryView & { title: string };
