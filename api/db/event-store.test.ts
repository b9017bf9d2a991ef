import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../tests/support/test-database';
import type { Db } from './client';
import {
  append,
  ConcurrencyError,
  readAll,
  readStream,
  readStreamBeside,
  streamVersion,
  type ExpectedVersion,
  type DomainEvent,
} from './event-store';
import { inlineHandler, type InlineProjection } from './inline-projection';
import { courseCategories, events } from './schema';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const meta = () => ({ occurredAt: new Date('2026-01-15T09:00:00.000Z'), actorId: 'tester', requestId: 'req-1' });
const stream = { type: 'test', id: 'test-1' };
const tested = (n: number) => ({ type: 'Tested', data: { n } });
const categoryCreated = (name: string) => ({ type: 'CourseCategoryCreated', data: { name, status: 'active' } });

function appendInTransaction(expected: ExpectedVersion, newEvents: DomainEvent[] = [tested(0)], target = stream) {
  return db.transaction((tx) => append(tx, target, expected, newEvents, meta()));
}

describe('append', () => {
  it('starts a new stream at version 1 with no_stream and stores the metadata', async () => {
    const [stored] = await appendInTransaction('no_stream', [tested(1)]);
    expect(stored).toMatchObject({
      streamType: 'test',
      streamId: 'test-1',
      version: 1,
      type: 'Tested',
      data: { n: 1 },
      actorId: 'tester',
      branchId: null,
      requestId: 'req-1',
      occurredAt: new Date('2026-01-15T09:00:00.000Z'),
    });
    expect(await readStream(db, stream.id)).toEqual([stored]);
  });

  it('continues a stream at the expected version, numbering every event', async () => {
    await appendInTransaction('no_stream', [tested(1), tested(2)]);
    const stored = await appendInTransaction(2, [tested(3), tested(4)]);
    expect(stored.map((e) => e.version)).toEqual([3, 4]);
    expect(await streamVersion(db, stream.id)).toBe(4);
  });

  it('refuses a stale expected version with ConcurrencyError and appends nothing', async () => {
    await appendInTransaction('no_stream', [tested(1), tested(2)]);
    const failure = appendInTransaction(1, [tested(3)]);
    await expect(failure).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(failure).rejects.toMatchObject({ streamId: 'test-1', expected: 1, actual: 2 });
    expect(await streamVersion(db, stream.id)).toBe(2);
  });

  it('refuses no_stream for a stream that exists', async () => {
    await appendInTransaction('no_stream');
    await expect(appendInTransaction('no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await streamVersion(db, stream.id)).toBe(1);
  });

  it('appends at whatever version the stream has with any', async () => {
    await appendInTransaction('any', [tested(1)]);
    await appendInTransaction('any', [tested(2)]);
    expect((await readStream(db, stream.id)).map((e) => e.version)).toEqual([1, 2]);
  });

  it('applies the projections in the same transaction', async () => {
    await appendInTransaction('no_stream', [categoryCreated('Languages')], { type: 'course-category', id: 'c1' });
    const rows = await db.select().from(courseCategories);
    expect(rows).toEqual([expect.objectContaining({ id: 'c1', name: 'Languages', status: 'active', createdAt: meta().occurredAt })]);
  });
});

describe('a failed append inside a transaction', () => {
  it('leaves neither the events nor the projection rows written before it', async () => {
    await appendInTransaction('no_stream');
    const failure = db.transaction(async (tx) => {
      await append(tx, { type: 'course-category', id: 'c1' }, 'no_stream', [categoryCreated('Accounting')], meta());
      await append(tx, stream, 'no_stream', [tested(2)], meta());
    });
    await expect(failure).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await readStream(db, 'c1')).toEqual([]);
    expect(await db.select().from(courseCategories)).toEqual([]);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(events)).toEqual([{ n: 1 }]);
  });

  it('leaves no event behind when its projection fails', async () => {
    await appendInTransaction('no_stream', [categoryCreated('Accounting')], { type: 'course-category', id: 'c1' });
    // The read table refuses a second category of the same name (case-insensitively).
    const failure = appendInTransaction('no_stream', [categoryCreated('ACCOUNTING')], { type: 'course-category', id: 'c2' });
    await expect(failure).rejects.toThrow();
    expect(await readStream(db, 'c2')).toEqual([]);
    expect(await db.select({ id: courseCategories.id }).from(courseCategories)).toEqual([{ id: 'c1' }]);
  });
});

/** The course categories' CourseCategoryCreated, as inline writes of their projection. */
const categoryWritten: InlineProjection = {
  projection: 'course-categories',
  types: ['CourseCategoryCreated'],
  writes: (created) => sql`
    category_rows AS (
      INSERT INTO ${courseCategories} (id, name, status, version, created_at, updated_at)
      SELECT stream_id, data->>'name', data->>'status', version, occurred_at, occurred_at FROM ${created}
    )`,
};

const category = (id: string) => ({ type: 'course-category', id });
const categoryRows = () => db.select().from(courseCategories).orderBy(courseCategories.id);
const eventCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(events))[0]!.n;

describe('append with inline writes', () => {
  it('writes the projection’s rows in the statement that appends the events, in place of its handler', async () => {
    const [stored] = await db.transaction((tx) =>
      append(tx, category('c1'), 'no_stream', [categoryCreated('Languages')], meta(), categoryWritten),
    );
    expect(stored).toMatchObject({ streamId: 'c1', version: 1, type: 'CourseCategoryCreated', data: { name: 'Languages' } });
    expect(await readStream(db, 'c1')).toEqual([stored]);
    // The handler would have inserted the same id again and failed.
    expect(await categoryRows()).toEqual([
      expect.objectContaining({ id: 'c1', name: 'Languages', status: 'active', version: 1, createdAt: meta().occurredAt }),
    ]);
  });

  it('as the handler of one event, writes the rows it writes with the event', async () => {
    const [stored] = await db.transaction((tx) =>
      append(tx, category('c1'), 'no_stream', [categoryCreated('Languages')], meta(), categoryWritten),
    );
    const written = await categoryRows();
    await db.delete(courseCategories);
    await db.transaction((tx) => inlineHandler(categoryWritten)(tx, stored!));
    expect(await categoryRows()).toEqual(written);
  });

  it('writes neither the events nor the rows at a stale version', async () => {
    await appendInTransaction('no_stream', [tested(1)], category('c1'));
    const failure = db.transaction((tx) =>
      append(tx, category('c1'), 'no_stream', [categoryCreated('Languages')], meta(), categoryWritten),
    );
    await expect(failure).rejects.toMatchObject({ name: 'ConcurrencyError', expected: 'no_stream', actual: 1 });
    expect(await eventCount()).toBe(1);
    expect(await categoryRows()).toEqual([]);
  });

  it('lets one of many writers at the same version win, with its rows alone', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        db.transaction((tx) => append(tx, category('c1'), 'no_stream', [categoryCreated(`Name ${n}`)], meta(), categoryWritten)),
      ),
    );
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(lost).toHaveLength(9);
    for (const { reason } of lost) expect(reason).toBeInstanceOf(ConcurrencyError);
    const [kept] = await readStream(db, 'c1');
    expect((await categoryRows()).map((row) => row.name)).toEqual([(kept!.data as { name: string }).name]);
  });

  it('is undone with the transaction when the command fails after it', async () => {
    const failure = db.transaction(async (tx) => {
      await append(tx, category('c1'), 'no_stream', [categoryCreated('Languages')], meta(), categoryWritten);
      throw new Error('refused after the append');
    });
    await expect(failure).rejects.toThrow('refused after the append');
    expect(await readStream(db, 'c1')).toEqual([]);
    expect(await categoryRows()).toEqual([]);
  });

  it('refuses writes no registered projection handles, and an event of their projection they leave out', async () => {
    const unregistered = { ...categoryWritten, projection: 'nothing-here' };
    const renamed = { type: 'CourseCategoryRenamed', data: { name: 'Tongues' } };
    for (const [inline, newEvents] of [
      [unregistered, [categoryCreated('Languages')]],
      [categoryWritten, [categoryCreated('Languages'), renamed]],
    ] as const) {
      const failure = db.transaction((tx) => append(tx, category('c1'), 'no_stream', newEvents, meta(), inline));
      await expect(failure).rejects.toThrow(/projection|projected/);
    }
    expect(await eventCount()).toBe(0);
    expect(await categoryRows()).toEqual([]);
  });
});

describe('readStream', () => {
  it('returns one stream in version order, whatever else was written between', async () => {
    const other = { type: 'test', id: 'test-2' };
    await appendInTransaction('no_stream', [tested(1)]);
    await appendInTransaction('no_stream', [tested(100)], other);
    await appendInTransaction(1, [tested(2), tested(3)]);
    await appendInTransaction(1, [tested(101)], other);
    await appendInTransaction(3, [tested(4)]);

    const read = await readStream(db, stream.id);
    expect(read.map((e) => [e.version, (e.data as { n: number }).n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    const positions = read.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await readStream(db, 'nothing-here')).toEqual([]);
  });
});

describe('readStreamBeside', () => {
  it('reads the stream as readStream does, with the value beside it', async () => {
    await appendInTransaction('no_stream', [tested(1), tested(2)]);
    await appendInTransaction('no_stream', [tested(9)], { type: 'test', id: 'test-2' });
    const read = await readStreamBeside(db, stream, sql<number>`${40} + 2`);
    expect(read.events).toEqual(await readStream(db, stream.id));
    expect(read.events.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(read.beside).toBe(42);
  });

  it('answers the value for a stream with no events', async () => {
    expect(await readStreamBeside(db, { type: 'test', id: 'none' }, sql<boolean>`EXISTS (SELECT 1 FROM events)`)).toEqual({
      events: [],
      beside: false,
    });
  });
});

describe('readAll', () => {
  it('pages through the log in order, all of it or the events of some types only', async () => {
    const other = { type: 'test', id: 'test-2' };
    await appendInTransaction('no_stream', [tested(1), { type: 'Skipped', data: { n: 2 } }]);
    await appendInTransaction('no_stream', [tested(3)], other);
    const numbers = (read: { data: unknown }[]) => read.map((e) => (e.data as { n: number }).n);

    expect(numbers(await readAll(db, 0, 10))).toEqual([1, 2, 3]);
    const firstPage = await readAll(db, 0, 1, ['Tested']);
    expect(numbers(firstPage)).toEqual([1]);
    expect(numbers(await readAll(db, firstPage[0]!.position, 10, ['Tested']))).toEqual([3]);
  });
});

describe('concurrent writers', () => {
  const writers = 20;

  it('let exactly one of many transactions at the same expected version win', async () => {
    for (let round = 0; round < 3; round++) {
      const expected: ExpectedVersion = round === 0 ? 'no_stream' : round;
      const results = await Promise.allSettled(
        Array.from({ length: writers }, (_, i) => appendInTransaction(expected, [tested(round * 100 + i)])),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(writers - 1);
      for (const { reason } of lost) expect(reason).toBeInstanceOf(ConcurrencyError);
    }
    expect((await readStream(db, stream.id)).map((e) => e.version)).toEqual([1, 2, 3]);
  });

  it('leave a stream without gaps when each retries until it wins', async () => {
    const attempts: { expected: number; won: boolean }[] = [];
    const writer = async (n: number) => {
      for (;;) {
        const expected = await streamVersion(db, stream.id);
        try {
          await appendInTransaction(expected === 0 ? 'no_stream' : expected, [tested(n)]);
          attempts.push({ expected, won: true });
          return;
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          attempts.push({ expected, won: false });
        }
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, n) => writer(n)));

    const winners = attempts.filter((a) => a.won).map((a) => a.expected);
    expect(winners.sort((a, b) => a - b)).toEqual(Array.from({ length: writers }, (_, v) => v));
    const read = await readStream(db, stream.id);
    expect(read.map((e) => e.version)).toEqual(Array.from({ length: writers }, (_, v) => v + 1));
    expect(read.map((e) => (e.data as { n: number }).n).sort((a, b) => a - b)).toEqual(Array.from({ length: writers }, (_, n) => n));
  });

  // Only a server runs two transactions at once (PGlite queues them), so this case belongs to
  // the PostgreSQL run of the suite.
  if (inject('testDatabase').kind === 'postgres') {
    it('turn the loser of a race on the unique version into ConcurrencyError', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let appended!: () => void;
      const firstAppended = new Promise<void>((resolve) => (appended = resolve));

      const first = db.transaction(async (tx) => {
        await append(tx, stream, 'no_stream', [tested(1)], meta());
        appended();
        await held;
      });
      await firstAppended;
      const second = appendInTransaction('no_stream', [tested(2)]);
      second.catch(() => {});
      // Wait until the second writer saw an empty stream and queued behind the first one's row.
      await waitFor(async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
        return row!.n === 1;
      });
      release();
      await first;

      const error = await second.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConcurrencyError);
      // No `actual`: the unique key decided, not the version check.
      expect(error).toMatchObject({ expected: 'no_stream', actual: undefined });
      expect((await readStream(db, stream.id)).map((e) => e.data)).toEqual([{ n: 1 }]);
    });
  }
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
