import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
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
import type { InvoiceTask, InvoiceWorkerMessage } from './invoice-worker';

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
  /** The students' commands a second, over their own phase. */
  commandsPerSecond: number;
  eventsPerSecond: number;
  invoices: { seconds: number; commands: number; invoicesPerSecond: number; commandsPerSecond: number };
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Fills the database with an institute of `scale` (1: 50 branches, 500 courses, 100,000
 * students, 200,000 invoices) through the API's commands: branches, courses, branch admins and
 * top-ups first, then the students from several processes at once, then their invoices with
 * their payments and cancellations the same way.
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
        runWorker<WorkerTask, WorkerMessage>(
          'generate-worker.ts',
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

  const studentSeconds = (performance.now() - started) / 1000;
  const invoices = await generateInvoices(options, size, branchIds);

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
    commandsPerSecond: commands / studentSeconds,
    eventsPerSecond: total / seconds,
    invoices,
  };
  console.log(
    `generate: done in ${seconds.toFixed(0)} s: ${commands} student commands in ${studentSeconds.toFixed(0)} s ` +
      `(${Math.round(result.commandsPerSecond)} commands/s), ${total} events in the log (${Math.round(result.eventsPerSecond)} events/s)`,
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

/**
 * The invoices, after the students they bill: every invoice is issued (or kept a draft) by one
 * command, then paid or cancelled by one or two more, from several processes at once. Students
 * are taken in the order of their ids, which a later admission (the measures' own) never changes.
 */
async function generateInvoices(options: GenerateOptions, size: InstituteSize, branchIds: string[]) {
  const started = performance.now();
  const api = await openInProcessApi(options.databaseUrl, 1);
  let studentIds: string[];
  let firstInvoice: number;
  try {
    const { db } = api.database;
    studentIds = (
      await db.select({ id: records.id }).from(records).where(eq(records.formType, 'student')).orderBy(asc(records.id)).limit(size.students)
    ).map((row) => row.id);
    const [made] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.key, '%:invoice-%'));
    firstInvoice = Math.max(0, made!.n - options.workers * options.concurrency);
  } finally {
    await api.close();
  }
  if (firstInvoice > 0) console.log(`generate: going on from invoice ${firstInvoice}`);
  console.log(`generate: ${size.invoices} invoices`);

  const perWorker = new Map<number, { invoices: number; commands: number }>();
  const tally = () =>
    [...perWorker.values()].reduce((sum, w) => ({ invoices: sum.invoices + w.invoices, commands: sum.commands + w.commands }), {
      invoices: 0,
      commands: 0,
    });
  const progress = setInterval(() => {
    const { invoices, commands } = tally();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `generate: ${firstInvoice + invoices}/${size.invoices} invoices, ${commands} commands, ${Math.round(commands / seconds)} commands/s`,
    );
  }, 5_000);
  try {
    await Promise.all(
      Array.from({ length: options.workers }, (_, worker) =>
        runWorker<InvoiceTask, InvoiceWorkerMessage>(
          'invoice-worker.ts',
          {
            databaseUrl: options.databaseUrl,
            worker,
            workers: options.workers,
            firstInvoice,
            invoices: size.invoices,
            concurrency: options.concurrency,
            branchIds,
            studentIds,
            admin: benchAdmin,
          },
          (message) => perWorker.set(worker, message),
        ),
      ),
    );
  } finally {
    clearInterval(progress);
  }
  const seconds = (performance.now() - started) / 1000;
  const { invoices, commands } = tally();
  const result = { seconds, commands, invoicesPerSecond: invoices / seconds, commandsPerSecond: commands / seconds };
  console.log(
    `generate: ${invoices} invoices in ${seconds.toFixed(0)} s through ${commands} commands ` +
      `(${Math.round(result.invoicesPerSecond)} invoices/s, ${Math.round(result.commandsPerSecond)} commands/s)`,
  );
  return result;
}

/** A generator process running `script` on `task`, its progress messages passed on; resolves when it has said it is done. */
function runWorker<Task, Message extends { kind: string }>(
  script: string,
  task: Task,
  onMessage: (message: Exclude<Message, { kind: 'done' }>) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const child = fork(path.join(here, script), { execArgv: ['--import', 'tsx'] });
    let done = false;
    child.on('message', (message: Message) => {
      if (message.kind === 'done') done = true;
      else onMessage(message as Exclude<Message, { kind: 'done' }>);
    });
    child.on('exit', (code) => (done && code === 0 ? resolve() : reject(new Error(`generator ${script} exited with ${code}`))));
    child.send(task as object);
  });
}
