import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobMessages } from '../../common/contracts/jobs';
import { createTestDatabase, testClock, type TestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { conflict } from '../domain/errors';
import { cancelJob, claimNextJob, enqueueJob, findJob, MAX_ATTEMPTS } from './queue';
import { createJobRunner, type JobKind, type JobRun } from './runner';

const clock = testClock('2026-05-01T09:00:00.000Z');
const LEASE_MS = 60_000;
let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => database.db.delete(jobs));

type Work = (job: JobRun<{ items: number }>) => Promise<string | null>;

/** A kind whose work the test decides. */
const kindDoing = (work: Work): JobKind<{ items: number }> => ({ kind: 'counting', payload: z.object({ items: z.number() }), run: work });

/** Counts its items, recording progress after each. */
const counting = kindDoing(async (job) => {
  for (let done = 1; done <= job.payload.items; done++) await job.progress(done, job.payload.items);
  return `counted/${job.id}`;
});

const runnerOf = (kind: JobKind<{ items: number }>, options: { pollMs?: number; logger?: pino.Logger } = {}) =>
  createJobRunner({ database, clock, logger: pino({ level: 'silent' }), kinds: [kind as JobKind<unknown>], leaseMs: LEASE_MS, ...options });

/** A logger that keeps what it logs, for a test to read. */
function keptLog() {
  const lines: Array<{ msg: string; job?: string }> = [];
  return {
    lines,
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) }),
  };
}

let subjects = 0;
async function enqueue(items = 3, subject = `subject-${++subjects}`) {
  const { job } = await database.db.transaction((tx) =>
    enqueueJob(tx, { kind: 'counting', subject, payload: { items }, total: items, requestedBy: null, branchId: null, now: clock.now() }),
  );
  return job.id;
}

describe('the job runner', () => {
  it('runs a queued job to done, recording its progress after each part and its result', async () => {
    const seen: Array<[number, number]> = [];
    const id = await enqueue(3);
    const watched = kindDoing(async (job) => {
      const result = await counting.run({
        ...job,
        progress: async (done, total) => {
          await job.progress(done, total);
          const row = (await findJob(database.db, id))!;
          seen.push([row.done, row.total]);
        },
      });
      return result;
    });
    expect(await runnerOf(watched).runOnce()).toBe(true);
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.result, job.attempts, job.leaseId, job.error]).toEqual(['done', `counted/${id}`, 1, null, null]);
    expect(await runnerOf(counting).runOnce(), 'nothing left to do').toBe(false);
  });

  it('takes again, from the beginning, a job whose runner died holding it once its lease has run out', async () => {
    const id = await enqueue(2);
    // A runner claims it and its process dies: nothing renews the lease.
    expect((await claimNextJob(database.db, { kinds: ['counting'], now: clock.now(), leaseMs: LEASE_MS }))?.id).toBe(id);
    expect(await runnerOf(counting).runOnce(), 'while the lease lasts').toBe(false);
    clock.advance(LEASE_MS + 1);
    expect(await runnerOf(counting).runOnce()).toBe(true);
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.attempts, job.done]).toEqual(['done', 2, 2]);
  });

  it(`gives up a job whose runners died ${MAX_ATTEMPTS} times, and says so`, async () => {
    const id = await enqueue(1);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await claimNextJob(database.db, { kinds: ['counting'], now: clock.now(), leaseMs: LEASE_MS })).not.toBeNull();
      clock.advance(LEASE_MS + 1);
    }
    expect(await runnerOf(counting).runOnce()).toBe(false);
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.error, job.leaseId]).toEqual(['failed', jobMessages.interrupted(MAX_ATTEMPTS), null]);
  });

  it('fails a job with the domain’s refusal, or with a plain message when its work crashed', async () => {
    const refused = await enqueue(1);
    await runnerOf(kindDoing(() => Promise.reject(conflict('These results are not published yet')))).runOnce();
    expect(await findJob(database.db, refused)).toMatchObject({ state: 'failed', error: 'These results are not published yet' });

    const crashed = await enqueue(1);
    await runnerOf(kindDoing(() => Promise.reject(new Error('disk on fire')))).runOnce();
    expect(await findJob(database.db, crashed)).toMatchObject({ state: 'failed', error: jobMessages.crashed });
  });

  it('writes nothing once another runner has taken the job over', async () => {
    const id = await enqueue(2);
    const late = runnerOf(
      kindDoing(async (job) => {
        // The process stalls past its lease; another runner takes the job and finishes it.
        clock.advance(LEASE_MS + 1);
        expect(await runnerOf(counting).runOnce()).toBe(true);
        await job.progress(1, 2);
        return 'late';
      }),
    );
    await late.runOnce();
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.result, job.attempts]).toEqual(['done', `counted/${id}`, 2]);
  });

  it('hands the job in hand back to the queue when stopped, without counting the try', async () => {
    const id = await enqueue(5);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = runnerOf(
      kindDoing(async (job) => {
        started();
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await job.progress(1, 5);
        }
      }),
    );
    runner.start();
    await running;
    await runner.stop();
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.attempts, job.leaseId]).toEqual(['queued', 0, null]);
  });

  it('wakes as soon as a job is queued, without waiting for its next look', async () => {
    const runner = runnerOf(counting, { pollMs: 60_000 });
    runner.start();
    try {
      // Let the runner make its first look and fall asleep.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const id = await enqueue(1);
      await expect.poll(async () => (await findJob(database.db, id))?.state, { timeout: 5_000 }).toBe('done');
    } finally {
      await runner.stop();
    }
  });

  it('gives each of two runners claiming at once a different job', async () => {
    const first = await enqueue(1);
    const second = await enqueue(1);
    const taken: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = kindDoing(async (job) => {
      taken.push(job.id);
      if (taken.length === 2) release();
      await gate;
      return null;
    });
    await Promise.all([runnerOf(holding).runOnce(), runnerOf(holding).runOnce()]);
    expect(taken.sort()).toEqual([first, second].sort());
  });
});

describe('cancelling', () => {
  it('ends a waiting job at once, and no runner takes it', async () => {
    const id = await enqueue(2);
    const cancelled = await cancelJob(database.db, id, clock.now());
    expect(cancelled).toMatchObject({ state: 'cancelled', leaseId: null, finishedAt: clock.now() });
    expect(await runnerOf(counting).runOnce()).toBe(false);
    clock.advance(LEASE_MS + 1);
    expect(await runnerOf(counting).runOnce(), 'nor once a lease would have run out').toBe(false);
    expect(await findJob(database.db, id)).toMatchObject({ state: 'cancelled', done: 0, attempts: 0 });
  });

  it('stops a running job at its next progress, keeps what it recorded before, and writes nothing more to it', async () => {
    const id = await enqueue(5);
    const reached: number[] = [];
    const { lines, logger } = keptLog();
    const cancelledAt = clock.now();
    const runner = runnerOf(
      kindDoing(async (job) => {
        for (let done = 1; done <= 5; done++) {
          if (done === 3) await cancelJob(database.db, id, cancelledAt);
          reached.push(done);
          await job.progress(done, 5);
        }
        return 'finished anyway';
      }),
      { logger },
    );
    clock.advance(1_000);
    expect(await runner.runOnce()).toBe(true);
    expect(reached, 'the part after the cancel is the last').toEqual([1, 2, 3]);
    const job = (await findJob(database.db, id))!;
    expect([job.state, job.done, job.result, job.error, job.leaseId, job.finishedAt]).toEqual([
      'cancelled',
      2,
      null,
      null,
      null,
      cancelledAt,
    ]);
    expect(lines.filter((line) => line.job === id).map((line) => line.msg)).toEqual(['job cancelled']);
    expect(await enqueue(5, job.subject), 'its subject may be started again').not.toBe(id);
  });

  it('keeps a job cancelled that ends, or fails, after its last progress', async () => {
    const done = await enqueue(1);
    await runnerOf(
      kindDoing(async (job) => {
        await job.progress(1, 1);
        await cancelJob(database.db, done, clock.now());
        return 'made';
      }),
    ).runOnce();
    expect(await findJob(database.db, done)).toMatchObject({ state: 'cancelled', result: null });

    const failed = await enqueue(1);
    await runnerOf(
      kindDoing(async () => {
        await cancelJob(database.db, failed, clock.now());
        throw conflict('These results are not published yet');
      }),
    ).runOnce();
    expect(await findJob(database.db, failed)).toMatchObject({ state: 'cancelled', error: null });
  });

  it('answers nothing for a job that has finished', async () => {
    const id = await enqueue(1);
    await runnerOf(counting).runOnce();
    expect(await cancelJob(database.db, id, clock.now())).toBeNull();
    expect(await findJob(database.db, id)).toMatchObject({ state: 'done', result: `counted/${id}` });
  });
});

describe('the queue', () => {
  it('answers the unfinished job of a subject rather than queueing a second, and queues anew once it is done', async () => {
    const id = await enqueue(1, 'one sitting');
    expect(await enqueue(1, 'one sitting')).toBe(id);
    await runnerOf(counting).runOnce();
    expect(await enqueue(1, 'one sitting')).not.toBe(id);
  });
});
