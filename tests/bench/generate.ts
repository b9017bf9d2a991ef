import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, like, sql } from 'drizzle-orm';
import { courseCategories, events, idempotencyKeys, records } from '../../api/db/schema';
import { seedIfEmpty } from '../../api/db/seed';
import { ensureReferenceData } from '../../api/db/reference-data';
import { systemClock } from '../../api/domain/clock';
import {
  asFieldsData,
  branchAdminEmail,
  branchAdminPassword,
  branchFields,
  courseFields,
  instituteSize,
  openingBalance,
  type InstituteSize,
} from './institute';
import { openInProcessApi, type InProcessApi } from './in-process-api';
import type { WorkerMessage, WorkerTask } from './generate-worker';

export const benchAdmin = { email: 'admin@institute.demo', password: 'Admin@123' };

export interface GenerateOptions {
  databaseUrl: string;
  scale: number;
  workers: number;
  concurrency: number;
  edits: number;
}

export interface GenerateResult {
  size: InstituteSize;
  seconds: number;
  commands: number;
  events: number;
  commandsPerSecond: number;
  eventsPerSecond: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Fills the database with an institute of `scale` (1: 50 branches, 500 courses, 100,000
 * students) through the API's commands: branches, courses, branch admins and top-ups first, then
 * the students from several processes at once.
 */
export async function generateInstitute(options: GenerateOptions): Promise<GenerateResult> {
  const size = instituteSize(options.scale);
  const started = performance.now();
  const api = await openInProcessApi(options.databaseUrl, 4);
  let branchIds: string[];
  let courseIds: string[];
  let firstStudent: number;
  try {
    await api.database.migrate();
    await seedIfEmpty(api.database.db, systemClock, () => {});
    await ensureReferenceData(api.database.db, systemClock);
    const token = await api.signIn(benchAdmin.email, benchAdmin.password);
    console.log(`generate: ${size.branches} branches, ${size.courses} courses, ${size.students} students`);
    ({ branchIds, courseIds } = await createStructure(api, token, size));
    firstStudent = await firstPendingStudent(api, options.workers * options.concurrency);
    if (firstStudent > 0) console.log(`generate: going on from student ${firstStudent}`);
  } finally {
    await api.close();
  }

  let students = 0;
  let commands = 0;
  const perWorker = new Map<number, { students: number; commands: number }>();
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    console.log(`generate: ${students}/${size.students} students, ${commands} commands, ${Math.round(commands / seconds)} commands/s`);
  }, 5_000);
  try {
    await Promise.all(
      Array.from({ length: options.workers }, (_, worker) =>
        runWorker(
          {
            databaseUrl: options.databaseUrl,
            worker,
            workers: options.workers,
            firstStudent,
            students: size.students,
            concurrency: options.concurrency,
            branchIds,
            courseIds,
            admin: benchAdmin,
            edits: options.edits,
          },
          (message) => {
            perWorker.set(worker, message);
            students = firstStudent + [...perWorker.values()].reduce((sum, w) => sum + w.students, 0);
            commands = [...perWorker.values()].reduce((sum, w) => sum + w.commands, 0);
          },
        ),
      ),
    );
  } finally {
    clearInterval(progress);
  }

  const counter = await openInProcessApi(options.databaseUrl, 1);
  const [count] = await counter.database.db.select({ n: sql<number>`count(*)::int` }).from(events);
  await counter.close();
  const seconds = (performance.now() - started) / 1000;
  const total = count!.n;
  const result = {
    size,
    seconds,
    commands,
    events: total,
    commandsPerSecond: commands / seconds,
    eventsPerSecond: total / seconds,
  };
  console.log(
    `generate: done in ${seconds.toFixed(0)} s: ${commands} student commands, ${total} events in the log ` +
      `(${Math.round(result.commandsPerSecond)} commands/s, ${Math.round(result.eventsPerSecond)} events/s)`,
  );
  return result;
}

/**
 * Branches (each with a top-up and a branch admin) and courses; those an earlier, interrupted
 * run made are found by their codes and kept.
 */
async function createStructure(api: InProcessApi, token: string, size: InstituteSize) {
  const { db } = api.database;
  const [category] = await db.select({ id: courseCategories.id }).from(courseCategories).orderBy(courseCategories.name).limit(1);
  const existing = new Map(
    (
      await db
        .select({ id: records.id, code: records.code })
        .from(records)
        .where(inArray(records.formType, ['branch', 'course']))
    ).map((row) => [row.code, row.id]),
  );
  const create = async (formType: string, fields: Record<string, unknown>) =>
    (await api.expect<{ _id: string }>(201, 'POST', '/dynamic-data', { token, body: { formType, fieldsData: asFieldsData(fields) } }))._id;

  const courseIds: string[] = [];
  for (let course = 0; course < size.courses; course++) {
    const fields = courseFields(course, category!.id);
    courseIds.push(existing.get(fields.courseCode) ?? (await create('course', fields)));
  }
  const branchIds: string[] = [];
  for (let branch = 0; branch < size.branches; branch++) {
    const fields = branchFields(branch);
    const known = existing.get(fields.branchCode);
    const id = known ?? (await create('branch', fields));
    branchIds.push(id);
    if (known) continue;
    await api.expect(201, 'POST', '/wallet/add-balance', {
      token,
      body: { branchId: id, amount: openingBalance, note: 'Opening balance', reference: 'bench' },
    });
    await api.expect(201, 'POST', '/users', {
      token,
      body: {
        name: `Bench Admin ${branch + 1}`,
        email: branchAdminEmail(branch),
        password: branchAdminPassword,
        role: 'branch_admin',
        branchId: id,
      },
    });
  }
  return { branchIds, courseIds };
}

/**
 * Where an interrupted run can go on: workers take students in order, so every index below the
 * number of admissions minus those that were in flight is done. Those in flight are sent again
 * and replayed from their Idempotency-Keys.
 */
async function firstPendingStudent(api: InProcessApi, inFlight: number): Promise<number> {
  const [admitted] = await api.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(like(idempotencyKeys.key, '%:admit-%'));
  return Math.max(0, admitted!.n - inFlight);
}

function runWorker(task: WorkerTask, onProgress: (progress: { students: number; commands: number }) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = fork(path.join(here, 'generate-worker.ts'), { execArgv: ['--import', 'tsx'] });
    let done = false;
    child.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') onProgress(message);
      else done = true;
    });
    child.on('exit', (code) => (done && code === 0 ? resolve() : reject(new Error(`generator worker ${task.worker} exited with ${code}`))));
    child.send(task);
  });
}
