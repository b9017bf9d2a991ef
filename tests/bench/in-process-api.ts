import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { createApi } from '../../api/app';
import { openDatabase, type Database } from '../../api/db/client';
import { authConfig } from '../../api/domain/auth/config';
import { systemClock } from '../../api/domain/clock';

export interface CallOptions {
  body?: unknown;
  token?: string;
  idempotencyKey?: string;
}

export interface ApiAnswer<Data> {
  status: number;
  body: { success: boolean; message: string; data: Data };
}

/**
 * The API app on a PostgreSQL database, called in-process through its own `fetch`: the same
 * endpoints, validation, commands, events and projections a request to the server goes through,
 * without a socket. Tokens live for a day so a long generation never has to refresh them.
 */
export async function openInProcessApi(databaseUrl: string, poolSize: number) {
  process.env.DATABASE_POOL_SIZE = String(poolSize);
  const database: Database = await openDatabase({ url: databaseUrl });
  const api = createApi({
    database,
    logger: pino({ level: 'silent' }),
    clock: systemClock,
    auth: authConfig(randomBytes(48), { accessTokenTtlSeconds: 24 * 60 * 60 }),
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers name the data they read
  async function call<Data = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<Data>> {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    const response = await api.fetch(
      new Request(`http://bench.local/api/v1${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
    return { status: response.status, body: await response.json() };
  }

  /** Like `call`, but a failure stops the generation with the API's answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  async function expect<Data = any>(status: number, method: string, path: string, options: CallOptions = {}): Promise<Data> {
    const answer = await call<Data>(method, path, options);
    if (answer.status !== status) {
      throw new Error(`${method} ${path} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body)}`);
    }
    return answer.body.data;
  }

  async function signIn(email: string, password: string): Promise<string> {
    const data = await expect<{ accessToken: string }>(200, 'POST', '/auth/v2/login', { body: { email, password } });
    return data.accessToken;
  }

  return { database, call, expect, signIn, close: () => database.close() };
}

export type InProcessApi = Awaited<ReturnType<typeof openInProcessApi>>;
