import { z } from 'zod';
import { activeCourseCategories } from '../domain/course-categories/queries';
import { defineEndpoint, type Reply } from './endpoint';

const allCategories = defineEndpoint({
  method: 'get',
  path: '/course/categories/all',
  summary: 'Active course categories by name: the options of the course form’s category',
  tag: 'course-categories',
  access: { kind: 'authenticated' },
  response: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string() })),
  async handle({ db }): Promise<Reply> {
    return { message: 'Course categories', data: await activeCourseCategories(db) };
  },
});

export const formOptionEndpoints = [allCategories];
