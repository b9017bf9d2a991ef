import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { jobRunnerOf } from '../../tests/api/jobs';
import { testClock } from '../../tests/support/test-database';
import { jobMessages, type JobList, type JobListItem, type JobView } from '../../common/contracts/jobs';
import { BULK_ISSUE } from '../domain/certificates/bulk-issue';
import { SITTING_MARKSHEETS } from '../domain/documents/sitting-marksheets';
import { enqueueJob, findJob } from '../jobs/queue';
import type { JobKind } from '../jobs/runner';

const clock = testClock('2026-08-03T09:00:00.000Z');
let accounts: AccountsApi;
const people = ['admin', 'northStaff', 'northAdmin', 'northManager', 'southStaff', 'nobody'] as const;
type Person = (typeof people)[number];
const users = {} as Record<Person, string>;
const tokens = {} as Record<Person, string>;
const branches = {} as Record<'north' | 'south', string>;

const call = (method: string, path: string, token: string | undefined) => accounts.call(method, path, { token });
const list = async (person: Person, query = '') => {
  const answer = await call('GET', `/jobs${query}`, tokens[person]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as JobList;
};
const cancel = (person: Person, jobId: string) => call('POST', `/jobs/${jobId}/cancel`, tokens[person]);

let subjects = 0;
/** A job as its area queues it, a minute after the one before. */
async function queue(kind: string, person: Person | null, branchId: string | null, payload: unknown = {}) {
  clock.advance(60_000);
  const { job } = await asSystem(accounts.db, (ctx) =>
    enqueueJob(ctx.tx, {
      kind,
      subject: `subject-${++subjects}`,
      payload,
      total: 4,
      requestedBy: person && users[person],
      branchId,
      now: clock.now(),
    }),
  );
  return job.id;
}

/** Every kind, done at once: what a job does is its area's to test. */
const doneAtOnce = [BULK_ISSUE, SITTING_MARKSHEETS].map((kind): JobKind<unknown> => ({
  kind,
  payload: z.unknown(),
  run: async (job) => (await job.progress(4, 4), null),
}));
const runAll = async () => {
  const runner = jobRunnerOf(accounts, clock, doneAtOnce);
  let ran = 0;
  while (await runner.runOnce()) ran++;
  return ran;
};

const ids = (page: JobList) => page.jobs.map((job) => job._id);

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  branches.north = await addBranch(db, 'North Campus', 'NC');
  branches.south = await addBranch(db, 'South Campus', 'SC');
  const accountsOf: Record<Person, Parameters<typeof addUser>[1]> = {
    admin: { role: 'admin', name: 'Institute Admin', permissions: ['CERTIFICATE_GENERATE'] },
    northStaff: { role: 'branch_user', name: 'North Staff', branchId: branches.north, permissions: ['CERTIFICATE_GENERATE'] },
    northAdmin: { role: 'branch_admin', name: 'North Admin', branchId: branches.north, permissions: ['CERTIFICATE_GENERATE'] },
    // An administrator by role who belongs to a branch: the branch still bounds what they reach.
    northManager: { role: 'admin', name: 'North Manager', branchId: branches.north, permissions: ['MARKSHEET_GENERATE'] },
    southStaff: { role: 'branch_user', name: 'South Staff', branchId: branches.south, permissions: ['EXAM_STUDENT_MARKSHEET'] },
    nobody: { role: 'admin', name: 'Course Clerk', permissions: ['COURSE_LIST'] },
  };
  for (const person of people) {
    users[person] = await addUser(db, accountsOf[person]);
    tokens[person] = await tokenFor(db, auth, users[person], clock.now());
  }
});
afterAll(() => accounts?.cleanup());

describe('the jobs panel', () => {
  it('refuses a caller without a token, and one who may start no job', async () => {
    for (const [method, path] of [
      ['GET', '/jobs'],
      ['POST', '/jobs/some-job/cancel'],
    ] as const) {
      expect((await call(method, path, undefined)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, tokens.nobody)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists the jobs a caller started, newest first, in words; an institute administrator sees everyone’s, a branch only its own', async () => {
    const northIssue = await queue(BULK_ISSUE, 'northStaff', branches.north);
    const southSheets = await queue(SITTING_MARKSHEETS, 'southStaff', branches.south, {
      examId: 'exam-1',
      branchId: branches.south,
      origin: 'http://localhost',
    });
    const everyBranch = await queue(BULK_ISSUE, 'admin', null);
    const northAdmins = await queue(BULK_ISSUE, 'northAdmin', branches.north);
    const bySystem = await queue(BULK_ISSUE, null, branches.north);

    const all = await list('admin');
    expect(ids(all)).toEqual([bySystem, northAdmins, everyBranch, southSheets, northIssue]);
    expect([all.total, all.page, all.totalPages]).toEqual([5, 1, 1]);
    expect(all.jobs.find((job) => job._id === southSheets)).toEqual({
      _id: southSheets,
      kind: SITTING_MARKSHEETS,
      kindLabel: 'Marksheets of a sitting',
      state: 'queued',
      progress: { done: 0, total: 4 },
      error: null,
      createdAt: expect.any(String),
      finishedAt: null,
      requestedBy: { _id: users.southStaff, name: 'South Staff' },
      branchId: branches.south,
      branchName: 'South Campus',
      about: 'exam-1',
    } satisfies JobListItem);
    expect(all.jobs.find((job) => job._id === everyBranch)).toMatchObject({
      kindLabel: 'Certificates issued to a course',
      requestedBy: { name: 'Institute Admin' },
      branchId: null,
      branchName: null,
      about: null,
    });
    expect(all.jobs.find((job) => job._id === bySystem)?.requestedBy).toBeNull();

    expect(ids(await list('northStaff')), 'not another’s job of the same branch').toEqual([northIssue]);
    expect(ids(await list('southStaff'))).toEqual([southSheets]);
    expect(ids(await list('northManager')), 'every job of their branch, and no other').toEqual([bySystem, northAdmins, northIssue]);

    const second = await list('admin', '?limit=2&page=2');
    expect([ids(second), second.total, second.totalPages]).toEqual([[everyBranch, southSheets], 5, 3]);
  });

  it('cancels a waiting job of the caller’s at once, so no runner takes it; another’s job is none of theirs', async () => {
    const own = await queue(BULK_ISSUE, 'northStaff', branches.north);
    const colleagues = await queue(BULK_ISSUE, 'northAdmin', branches.north);
    const souths = await queue(SITTING_MARKSHEETS, 'southStaff', branches.south, {
      examId: 'exam-2',
      branchId: branches.south,
      origin: 'http://localhost',
    });

    for (const [person, jobId] of [
      ['northStaff', colleagues],
      ['southStaff', own],
      ['northManager', souths],
    ] as const) {
      const refused = await cancel(person, jobId);
      expect([refused.status, refused.body.message], `${person} cancelling ${jobId}`).toEqual([404, jobMessages.missing]);
    }
    expect((await cancel('northStaff', 'no-such-job')).status).toBe(404);

    clock.advance(5_000);
    const cancelled = await cancel('northStaff', own);
    expect([cancelled.status, cancelled.body.message]).toEqual([200, jobMessages.cancelled]);
    expect(cancelled.body.data).toMatchObject({
      _id: own,
      state: 'cancelled',
      finishedAt: clock.now().toISOString(),
    } satisfies Partial<JobView>);
    expect((await findJob(accounts.db, own))?.leaseId).toBeNull();

    // The institute's administrator cancels anyone's; a branch's administrator by role any of their branch's.
    expect((await cancel('admin', souths)).status).toBe(200);
    expect((await cancel('northManager', colleagues)).status).toBe(200);

    await runAll();
    expect((await findJob(accounts.db, own))?.state, 'once the runner has done every waiting job').toBe('cancelled');
    const sheets = await call('GET', `/exams/exam-2/results/marksheets/jobs/${souths}/pdf`, tokens.southStaff);
    expect([sheets.status, sheets.body.message]).toEqual([409, jobMessages.wasCancelled]);
    const watched = await call('GET', `/exams/exam-2/results/marksheets/jobs/${souths}`, tokens.southStaff);
    expect(watched.body.data.state).toBe('cancelled');
    expect((await list('northStaff')).jobs.find((job) => job._id === own)?.state).toBe('cancelled');
  });

  it('refuses to cancel a job that has finished, saying so', async () => {
    const finished = await queue(BULK_ISSUE, 'northStaff', branches.north);
    await runAll();
    const refused = await cancel('northStaff', finished);
    expect([refused.status, refused.body.message]).toEqual([409, jobMessages.notCancellable('done')]);
    expect(refused.body.message).toBe('This job has already finished: there is nothing left to cancel');

    const waiting = await queue(BULK_ISSUE, 'northStaff', branches.north);
    expect((await cancel('northStaff', waiting)).status).toBe(200);
    const twice = await cancel('northStaff', waiting);
    expect([twice.status, twice.body.message]).toEqual([409, 'This job is cancelled already']);
    expect(await findJob(accounts.db, finished)).toMatchObject({ state: 'done', done: 4 });
  });
});
