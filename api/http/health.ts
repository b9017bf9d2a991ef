import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const healthEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/health',
    summary: 'Whether the API and its database answer',
    tag: 'system',
    access: { kind: 'public' },
    response: z.object({ database: z.enum(['pglite', 'postgres']) }),
    async handle({ db, deps }) {
      await db.execute(sql`select 1`);
      return { message: 'ok', data: { database: deps.database.kind } };
    },
  }),
];
