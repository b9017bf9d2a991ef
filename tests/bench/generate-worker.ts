import { admissionFields, asFieldsData } from './institute';
import { openInProcessApi } from './in-process-api';

/**
 * One generator process: admits its share of the students through the API in-process (every
 * `workers`-th index from its own) and takes each through its lifecycle, reporting progress to
 * the parent. Several concurrent loops keep its connections busy.
 */
export interface WorkerTask {
  databaseUrl: string;
  worker: number;
  workers: number;
  /** Students below this index were admitted by an earlier run. */
  firstStudent: number;
  students: number;
  concurrency: number;
  branchIds: string[];
  courseIds: string[];
  admin: { email: string; password: string };
  /** Profile changes per student after the admission, on top of registration and completion. */
  edits: number;
}

export type WorkerMessage = { kind: 'progress'; students: number; commands: number } | { kind: 'done' };

async function run(task: WorkerTask) {
  const api = await openInProcessApi(task.databaseUrl, task.concurrency);
  const token = await api.signIn(task.admin.email, task.admin.password);
  let next = task.firstStudent + task.worker;
  let students = 0;
  let commands = 0;
  const report = () => process.send!({ kind: 'progress', students, commands } satisfies WorkerMessage);
  const timer = setInterval(report, 1_000);

  async function lifecycle(student: number) {
    const branchId = task.branchIds[student % task.branchIds.length]!;
    const courseId = task.courseIds[student % task.courseIds.length]!;
    const fields = admissionFields(student, branchId, courseId);
    const created = await api.expect<{ _id: string }>(201, 'POST', '/dynamic-data', {
      token,
      idempotencyKey: `admit-${student}`,
      body: { formType: 'student', fieldsData: asFieldsData(fields) },
    });
    commands++;
    const change = async (step: string, values: Partial<typeof fields>) => {
      Object.assign(fields, values);
      await api.expect(200, 'PUT', `/dynamic-data/${created._id}`, {
        token,
        idempotencyKey: `${step}-${student}`,
        body: { fieldsData: asFieldsData(fields) },
      });
      commands++;
    };
    for (let edit = 0; edit < task.edits; edit++) {
      await change(`edit${edit}`, {
        phoneNumber: `8${String(student * 7 + edit)
          .padStart(9, '0')
          .slice(-9)}`,
      });
    }
    // Most students finish registration, one in five completes the course.
    if (student % 5 !== 4) await change('register', { isRegistered: true });
    if (student % 5 === 0) await change('complete', { completedCourse: true });
    students++;
  }

  await Promise.all(
    Array.from({ length: task.concurrency }, async () => {
      for (;;) {
        const student = next;
        if (student >= task.students) return;
        next += task.workers;
        await lifecycle(student);
      }
    }),
  );
  clearInterval(timer);
  report();
  await api.close();
  process.send!({ kind: 'done' } satisfies WorkerMessage);
}

process.once('message', (task: WorkerTask) => {
  run(task).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
