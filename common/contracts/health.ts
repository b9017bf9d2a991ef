import { z } from 'zod';
import { defineContract } from './endpoint';

export const healthContract = {
  check: defineContract({
    method: 'get',
    path: '/health',
    summary: 'Whether the API and its database answer',
    tag: 'system',
    response: z.object({ database: z.enum(['pglite', 'postgres']) }),
  }),
};
