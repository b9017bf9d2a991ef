import { z } from 'zod';
import { defineContract } from './endpoint';

export const formOptionContract = {
  courseCategories: defineContract({
    method: 'get',
    path: '/course/categories/all',
    summary: 'Active course categories by name: the options of the course form’s category',
    tag: 'course-categories',
    response: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string() })),
  }),
};
