import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApi, request, testClock, truncateAll, type TestApi } from '../../tests/support/test-database';
import { append, streamVersion } from '../db/event-store';
import { events } from '../db/schema';
import { newId } from '../domain/ids';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';

/** A mutating endpoint that appends one event per call, to a stream of its own. */
const recordThing = defineEndpoint({
  method: 'post',
  path: '/test/things',
  summary: 'Records a thing',
  tag: 'test',
  access: { kind: 'public' },
  body: z.object({ name: z.string().min(1) }),
  async handle({ body, tx, meta }) {
    const id = newId(meta.occurredAt.getTime());
    await append(tx, { type: 'thing', id }, 'no_stream', [{ type: 'ThingRecorded', data: { name: body.name } }], meta);
    return { status: 201, message: 'Thing recorded', data: { id, name: body.name, at: meta.occurredAt } };
  },
});

/** Names are unique: each is a stream that must not exist yet. */
const registerName = defineEndpoint({
  method: 'post',
  path: '/test/names',
  summary: 'Registers a name once',
  tag: 'test',
  access: { kind: 'public' },
  body: z.object({ name: z.string().min(1) }),
  async handle({ body, tx, meta }) {
    const stream = { type: 'name', id: `name-${body.name}` };
    await append(tx, stream, 'no_stream', [{ type: 'ThingRecorded', data: { name: body.name } }], meta);
    return { status: 201, message: 'Name registered', data: { name: body.name } };
  },
});

/** Each ticket is claimed once; a later claim is refused, as a second refund of one charge is. */
const claimTicket = defineEndpoint({
  method: 'post',
  path: '/test/tickets',
  summary: 'Claims a ticket once',
  tag: 'test',
  access: { kind: 'public' },
  body: z.object({ ticket: z.string().min(1) }),
  async handle({ body, tx, meta }) {
    const stream = { type: 'ticket', id: `ticket-${body.ticket}` };
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${stream.id}))`);
    if ((await streamVersion(tx, stream.id)) > 0) throw new HttpError(409, 'Ticket already claimed');
    await append(tx, stream, 'no_stream', [{ type: 'ThingRecorded', data: { name: body.ticket } }], meta);
    return { status: 201, message: 'Ticket claimed', data: { ticket: body.ticket } };
  },
});

/** Work done before the transaction, as an upload's confirmation reads and decodes its file. */
let preparations = 0;
const stampThing = defineEndpoint({
  method: 'post',
  path: '/test/stamped-things',
  summary: 'Records a thing prepared outside the transaction',
  tag: 'test',
  access: { kind: 'public' },
  body: z.object({ name: z.string().min(1) }),
  async prepare({ body }) {
    preparations++;
    return body.name.toUpperCase();
  },
  async handle({ prepared, tx, meta }) {
    const id = newId(meta.occurredAt.getTime());
    await append(tx, { type: 'thing', id }, 'no_stream', [{ type: 'ThingRecorded', data: { name: prepared } }], meta);
    return { status: 201, message: 'Thing recorded', data: { id, name: prepared } };
  },
});

/** Fails as a request does when the database connection is cut under it. */
const loseConnection = defineEndpoint({
  method: 'get',
  path: '/test/lost/:how',
  summary: 'Loses the database connection',
  tag: 'test',
  access: { kind: 'public' },
  params: z.object({ how: z.enum(['terminated', 'socket', 'rollback', 'other']) }),
  async handle({ params }) {
    if (params.how === 'terminated') {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    }
    if (params.how === 'socket') throw new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
    if (params.how === 'rollback') {
      throw new Error('Failed query: rollback', { cause: new Error('Client has encountered a connection error and is not queryable') });
    }
    throw new Error('a bug');
  },
});

let testApi: TestApi;
const clock = testClock();

beforeAll(async () => {
  testApi = await createTestApi({ clock, endpoints: [recordThing, registerName, claimTicket, stampThing, loseConnection] });
});
afterAll(() => testApi?.cleanup());
beforeEach(() => truncateAll(testApi.database.db));

const post = (body: unknown, key?: string) =>
  request(testApi.api, 'POST', '/api/v1/test/things', { body, headers: key ? { 'Idempotency-Key': key } : {} });

async function thingsRecorded(): Promise<number> {
  const [row] = await testApi.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(eq(events.type, 'ThingRecorded'));
  return row!.n;
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and appends nothing more', async () => {
    const first = await post({ name: 'chair' }, 'key-1');
    clock.advance(60_000);
    const retry = await post({ name: 'chair' }, 'key-1');

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'Thing recorded', data: { name: 'chair' } });
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await thingsRecorded()).toBe(1);
  });

  it('answers a retry before preparing its work again, and refuses the key for another request before preparing too', async () => {
    preparations = 0;
    const stamp = (name: string) =>
      request(testApi.api, 'POST', '/api/v1/test/stamped-things', { body: { name }, headers: { 'Idempotency-Key': 'key-1' } });
    const first = await stamp('chair');
    const retry = await stamp('chair');
    const other = await stamp('table');

    expect(first.body).toMatchObject({ success: true, data: { name: 'CHAIR' } });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(other.status).toBe(422);
    expect(other.headers.get('Idempotent-Replayed')).toBeNull();
    expect(preparations).toBe(1);
    expect(await thingsRecorded()).toBe(1);
  });

  it('does not hold back requests without a key', async () => {
    await post({ name: 'chair' });
    await post({ name: 'chair' });
    expect(await thingsRecorded()).toBe(2);
  });

  it('treats different keys as different requests', async () => {
    const a = await post({ name: 'chair' }, 'key-a');
    const b = await post({ name: 'chair' }, 'key-b');
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(await thingsRecorded()).toBe(2);
  });

  it('refuses the same key with a different body with 422', async () => {
    await post({ name: 'chair' }, 'key-1');
    const other = await post({ name: 'table' }, 'key-1');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, message: expect.stringContaining('Idempotency-Key') });
    expect(await thingsRecorded()).toBe(1);
  });

  it('keeps nothing of a request that failed, so a corrected retry may use the key', async () => {
    const invalid = await post({ name: '' }, 'key-1');
    expect(invalid.status).toBe(400);
    const valid = await post({ name: 'chair' }, 'key-1');
    expect(valid.status).toBe(201);
    expect(valid.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await thingsRecorded()).toBe(1);
  });

  it('lets only one of several concurrent requests with the same key act', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => post({ name: 'chair' }, 'key-1')));
    for (const response of responses) {
      expect(response.status).toBe(201);
      expect(response.body).toEqual(responses[0]!.body);
    }
    const replayed = responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true');
    expect(replayed).toHaveLength(responses.length - 1);
    expect(await thingsRecorded()).toBe(1);
  });

  it('replays the first answer to concurrent copies whose command needs a new stream', async () => {
    const register = () =>
      request(testApi.api, 'POST', '/api/v1/test/names', { body: { name: 'asha' }, headers: { 'Idempotency-Key': 'key-1' } });
    const responses = await Promise.all(Array.from({ length: 8 }, register));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    for (const response of responses) expect(response.body).toEqual(responses[0]!.body);
    expect(await thingsRecorded()).toBe(1);
  });

  it('replays the first answer to concurrent copies that the first one’s change would refuse', async () => {
    const claim = () =>
      request(testApi.api, 'POST', '/api/v1/test/tickets', { body: { ticket: 'seat-1' }, headers: { 'Idempotency-Key': 'key-1' } });
    const responses = await Promise.all(Array.from({ length: 8 }, claim));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    for (const response of responses) expect(response.body).toEqual(responses[0]!.body);
    expect(await thingsRecorded()).toBe(1);
  });

  it('still answers a real conflict between different requests with 409', async () => {
    const register = (key: string) =>
      request(testApi.api, 'POST', '/api/v1/test/names', { body: { name: 'asha' }, headers: { 'Idempotency-Key': key } });
    expect((await register('key-1')).status).toBe(201);
    const second = await register('key-2');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false });
    expect(await thingsRecorded()).toBe(1);
  });

  it('refuses a key longer than 200 characters', async () => {
    const response = await post({ name: 'chair' }, 'k'.repeat(201));
    expect(response.status).toBe(400);
    expect(await thingsRecorded()).toBe(0);
  });
});

describe('a lost database connection', () => {
  it('answers 503 with Retry-After, where any other failure is a 500', async () => {
    for (const how of ['terminated', 'socket', 'rollback']) {
      const lost = await request(testApi.api, 'GET', `/api/v1/test/lost/${how}`);
      expect(lost.status, how).toBe(503);
      expect(lost.headers.get('Retry-After')).toBe('1');
      expect(lost.body).toMatchObject({ success: false, message: 'The database could not be reached. Please try again.' });
    }
    expect((await request(testApi.api, 'GET', '/api/v1/test/lost/other')).status).toBe(500);
  });
});
