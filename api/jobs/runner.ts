import type { Logger } from 'pino';
import type { z } from 'zod';
import { jobMessages } from '../../common/contracts/jobs';
import type { Database } from '../db/client';
import type { Clock } from '../domain/clock';
import { DomainError } from '../domain/errors';
import { claimNextJob, endJob, findJob, giveUpAbandonedJobs, JOBS_CHANNEL, releaseJob, renewLease, type JobRow, type Lease } from './queue';

/** A kind of job: what its payload holds and how its work is done. */
export interface JobKind<Payload = unknown> {
  readonly kind: string;
  readonly payload: z.ZodType<Payload, z.ZodTypeDef, unknown>;
  /**
   * Does the whole work, from its beginning, recording progress after each part; answers where
   * its result is (a storage key). A refusal of the domain fails the job with its message.
   */
  run(job: JobRun<Payload>): Promise<string | null>;
}

export interface JobRun<Payload> {
  id: string;
  payload: Payload;
  /** Records the progress and renews the lease; throws once the job is no longer this runner's to do (cancelled, or taken over). */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the process stops, the job was cancelled or another runner took it over. */
  signal: AbortSignal;
}

export interface JobRunner {
  /** Looks for work now and then, and at once when a job is queued, until stopped. */
  start(): void;
  /** Hands the job in hand back to the queue at its next progress, and waits for the loop to end. */
  stop(): Promise<void>;
  /** Does one job, if one waits: what `start` repeats, and what tests drive. */
  runOnce(): Promise<boolean>;
}

export interface RunnerOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  kinds: readonly JobKind<unknown>[];
  /** How long to wait between looks when nothing announced a job. */
  pollMs?: number;
  /** How long a job stays this runner's without a word from it; a process that died holds it this long at most. */
  leaseMs?: number;
}

class Stopping extends Error {
  override name = 'Stopping';
}
class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/**
 * Runs jobs in this process, one at a time: the work is rendering and joining PDFs, which a
 * 2-core host with a capped heap does best one after another. Other processes run their own
 * runners on the same queue.
 */
export function createJobRunner({ database, clock, logger, kinds, pollMs = 3_000, leaseMs = 60_000 }: RunnerOptions): JobRunner {
  const db = database.db;
  const log = logger.child({ component: 'jobs' });
  const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
  let stopping = false;
  let loop: Promise<void> | null = null;
  let inHand: AbortController | null = null;
  let woken = false;
  let wake = () => void (woken = true);

  async function work(job: JobRow & { leaseId: string }) {
    const kind = byKind.get(job.kind)!;
    const lease: Lease = { jobId: job.id, leaseId: job.leaseId };
    const controller = new AbortController();
    inHand = controller;
    const renew = async (progress?: { done: number; total: number }) => {
      if (!(await renewLease(db, lease, { now: clock.now(), leaseMs, progress }))) controller.abort(new LeaseLost());
    };
    // The job is no longer this runner's: someone cancelled it, or another runner took it over once the
    // lease ran out. Every write names the lease, so nothing more is written to it; the log says which.
    const lost = async () => {
      if ((await findJob(db, job.id))?.state === 'cancelled') log.info({ job: job.id, kind: job.kind }, 'job cancelled');
      else log.warn({ job: job.id }, 'job taken over by another runner');
    };
    // A part of the work can outlast a third of the lease; the lease is renewed between parts as well.
    const heartbeat = setInterval(
      () => renew().catch((error: unknown) => log.warn({ err: error, job: job.id }, 'lease not renewed')),
      leaseMs / 3,
    );
    try {
      const result = await kind.run({
        id: job.id,
        payload: kind.payload.parse(job.payload),
        signal: controller.signal,
        async progress(done, total) {
          controller.signal.throwIfAborted();
          await renew({ done, total });
          controller.signal.throwIfAborted();
        },
      });
      controller.signal.throwIfAborted();
      if (await endJob(db, lease, clock.now(), { result })) log.info({ job: job.id, kind: job.kind }, 'job done');
      else await lost();
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof Stopping) {
        if (await releaseJob(db, lease, clock.now())) log.info({ job: job.id }, 'job handed back: stopping');
        else await lost();
      } else if (reason instanceof LeaseLost) {
        await lost();
      } else {
        if (!(error instanceof DomainError)) log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
        const message = error instanceof DomainError ? error.message : jobMessages.crashed;
        if (!(await endJob(db, lease, clock.now(), { error: message }))) await lost();
      }
    } finally {
      clearInterval(heartbeat);
      inHand = null;
    }
  }

  async function runOnce() {
    const now = clock.now();
    await giveUpAbandonedJobs(db, now);
    const job = await claimNextJob(db, { kinds: [...byKind.keys()], now, leaseMs });
    if (!job) return false;
    await work(job);
    return true;
  }

  const rest = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(() => wake(), pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      woken = false;
      wake = () => void (woken = true);
    });

  return {
    runOnce,
    start() {
      if (loop) return;
      database.listen(JOBS_CHANNEL, { message: () => wake(), listening: (on) => (on ? wake() : undefined) });
      loop = (async () => {
        while (!stopping) {
          const worked = await runOnce().catch((error: unknown) => {
            log.error({ err: error }, 'job queue unreachable');
            return false;
          });
          if (!worked) await rest();
        }
      })();
    },
    async stop() {
      stopping = true;
      inHand?.abort(new Stopping());
      wake();
      await loop;
    },
  };
}
