import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';

export const healthEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/health',
    summary: 'Whether the API and its database answer',
    tag: 'system',
    access: { kind: 'public' },
    response: z.object({ database: z.enum(['pglite', 'postgres']) }),
    async handle({ db, deps, c }) {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        c.get('log').warn({ err: error }, 'health check: the database does not answer');
        throw new HttpError(503, 'The database does not answer');
      }
      return { message: 'ok', data: { database: deps.database.kind } };
    },
  }),
];
