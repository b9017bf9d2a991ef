import { z } from 'zod';
import { recordFilters } from './dynamic-data';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';

/**
 * The results of exams: one entry per exam (the exam records, form type `examResult`) with its
 * course, its subjects and where the entry of its marks stands in the sittings the caller
 * reaches (decisions 023 and 027). The marks themselves are under /exams/{id}/results.
 */
export const resultStates = ['awaiting entry', 'in progress', 'published'] as const;
export type ResultState = (typeof resultStates)[number];

const resultEntry = z.object({
  _id: z.string().describe('The exam’s id: GET /dynamic-data/{id} opens the exam'),
  examId: z.string().nullable().describe('The exam form’s Exam ID'),
  examName: z.string(),
  examType: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  branchId: z.string().nullable().describe('Null for an exam of the whole institute'),
  branchName: z.string().nullable(),
  subjects: z.array(z.record(z.unknown())).describe('The exam’s subject rows, as the exam form holds them'),
  state: z.enum(resultStates).describe('No mark yet; marks in a sitting not yet published; or every sitting with marks published'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type ResultEntry = z.infer<typeof resultEntry>;

export const resultContract = {
  list: defineContract({
    method: 'get',
    path: '/results',
    summary:
      'A page of the exams’ results, one entry per exam: search, course, sort; a branch’s own staff see their branch and the institute’s',
    tag: 'results',
    query: z.object({
      search: recordFilters.search,
      courseId: recordFilters.courseId,
      sortBy: z.enum(['createdAt', 'title']).default('createdAt').describe('title sorts by exam name'),
      order: z.enum(['asc', 'desc']).default('desc'),
      ...pagingQuery,
    }),
    response: z.object({ results: z.array(resultEntry), ...pageFields('Exams matching the search') }),
    example: { query: { search: 'semester', page: '1', limit: '20', sortBy: 'createdAt', order: 'desc' } },
  }),
};
