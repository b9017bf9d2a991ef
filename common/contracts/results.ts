import { z } from 'zod';
import { recordFilters } from './dynamic-data';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';

/**
 * The results of exams, as far as they exist: one entry per exam (the exam records, form type
 * `examResult`) with its course and subjects, each awaiting the entry of marks. The exam results
 * area adds the marks and the states that follow (decision 023).
 */
const resultStates = ['awaiting entry'] as const;

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
  state: z.enum(resultStates).describe('Where the entry of the exam’s results stands'),
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
