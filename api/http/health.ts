import { sql } from 'drizzle-orm';
import { healthContract } from '../../common/contracts/health';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';

export const healthEndpoints = [
  defineEndpoint({
    ...healthContract.check,
    access: { kind: 'public' },
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
