import type { ResultEntry } from '../../common/contracts/results';
import { listQueryParser, type QueryDefaults } from '~/lib/list-query';
import { listExamResults } from './exam-results.server';
import { listLoader, loadListPage } from './list.server';

export const examSorts = ['createdAt', 'title'] as const;
export type ExamSort = (typeof examSorts)[number];
const defaults: QueryDefaults<ExamSort> = { sort: 'createdAt', order: 'desc' };
const parseQuery = listQueryParser({ sorts: examSorts, filters: {} });

/** An exam as the picker shows it: the list kit names every row's `title` and `version`. */
export type ExamRow = ResultEntry & { title: string; version: number };

/** The exams a screen picks one of (result entry, admit cards, marksheets): searched, sorted and paged on the server. */
export const examPickerLoader = listLoader(async (request, auth) => {
  const query = parseQuery(new URL(request.url).searchParams, defaults);
  return loadListPage(request, auth, {
    query,
    defaults,
    fetch: async ({ search, sort, order, page, limit }) => {
      const answer = await listExamResults(auth.api, { search: search || undefined, sortBy: sort, order, page, limit });
      if (!answer.ok) return answer;
      const { results, total, totalPages } = answer.data;
      return { ...answer, data: { rows: results.map((row): ExamRow => ({ ...row, title: row.examName, version: 0 })), total, totalPages } };
    },
  });
});
