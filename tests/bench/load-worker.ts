import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { SavedMarks } from '../../common/contracts/exam-results';
import { admissionFields, asFieldsData } from './institute';

/**
 * The load generator, run as its own process so it does not share a CPU queue with the harness:
 * reads one LoadSpec from argv, drives autocannon, prints one LoadResult as JSON.
 */
export type Variation =
  | { kind: 'none' }
  | { kind: 'sign-in'; emails: string[]; password: string }
  | { kind: 'open'; paths: string[] }
  | { kind: 'admission'; branchIds: string[]; courseIds: string[] }
  | { kind: 'charge'; branchIds: string[] }
  /** A student invoice issued at once, dated `date`, to each student in turn. */
  | { kind: 'invoice'; studentIds: string[]; date: string }
  /** One rupee received on each issued invoice in turn, dated `date`: each has far more than that due. */
  | { kind: 'payment'; invoiceIds: string[]; date: string }
  | MarkSaves;

/** A result cell of an exam: a student's paper, in the branch where they sit it. */
export interface MarkTarget {
  studentId: string;
  branchId: string;
  subject: string;
}

/**
 * One cell saved per request, the cells in turn; each save changes its cell's mark (30, then 31,
 * then 30 …) on the version the cell's last save answered, so every save writes. The bare handler
 * is told the exam and the cell, and writes the same mark.
 */
export interface MarkSaves {
  kind: 'marks';
  cells: MarkTarget[];
  /** The exam, when the requests go to the bare handler. */
  bareExamId?: string;
}

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  variation: Variation;
  connections: number;
  seconds: number;
  /** The status every answer should have (a 304 to a conditional read); any 2xx when not given. */
  expectedStatus?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that are not 2xx, timeouts and connection errors, and saves of marks that met a conflict instead of writing. */
  errors: number;
  statuses: Record<string, number>;
}

const cellKey = (cell: { studentId: string; subject: string }) => `${cell.studentId} ${cell.subject}`;

/** The saves of `variation`: each request's body, and what the answers tell of the cells' versions. */
function markSaves(variation: MarkSaves) {
  const versions = new Map<string, number>();
  const saves = new Map<string, number>();
  let conflicts = 0;
  return {
    body(i: number) {
      const cell = variation.cells[i % variation.cells.length]!;
      const key = cellKey(cell);
      const saved = saves.get(key) ?? 0;
      saves.set(key, saved + 1);
      const value = 30 + (saved % 2);
      if (variation.bareExamId) return { examId: variation.bareExamId, ...cell, value };
      return { cells: [{ studentId: cell.studentId, subject: cell.subject, value, baseVersion: versions.get(key) ?? 0 }] };
    },
    onResponse(status: number, body: string) {
      if (variation.bareExamId || status !== 200) return;
      const { saved, conflicts: met } = (JSON.parse(body) as { data: SavedMarks }).data;
      for (const cell of [...saved, ...met]) versions.set(cellKey(cell), cell.version);
      conflicts += met.length;
    },
    conflicts: () => conflicts,
  };
}

/**
 * Each request of a writing scenario gets its own body and Idempotency-Key; a save of marks
 * carries none, as the result-entry grid sends none.
 */
function variedRequest(variation: Variation, run: string, marks: ReturnType<typeof markSaves> | undefined) {
  let n = 0;
  return (request: { path: string; body?: string; headers: Record<string, string> }) => {
    const i = n++;
    switch (variation.kind) {
      case 'none':
        return request;
      case 'sign-in':
        return { ...request, body: JSON.stringify({ email: variation.emails[i % variation.emails.length], password: variation.password }) };
      case 'open':
        return { ...request, path: variation.paths[i % variation.paths.length]! };
      case 'admission': {
        const student = 1_000_000 + i;
        const fields = admissionFields(
          student,
          variation.branchIds[i % variation.branchIds.length]!,
          variation.courseIds[i % variation.courseIds.length]!,
          `${run}${i}`,
        );
        return {
          ...request,
          headers: { ...request.headers, 'idempotency-key': `${run}-${i}` },
          body: JSON.stringify({ formType: 'student', fieldsData: asFieldsData(fields) }),
        };
      }
      case 'charge':
        return {
          ...request,
          headers: { ...request.headers, 'idempotency-key': `${run}-${i}` },
          body: JSON.stringify({
            branchId: variation.branchIds[i % variation.branchIds.length],
            operationKey: 'ADD_STUDENT',
            referenceId: `bench-charge-${run}-${i}`,
          }),
        };
      case 'invoice':
        return {
          ...request,
          headers: { ...request.headers, 'idempotency-key': `${run}-${i}` },
          body: JSON.stringify({
            kind: 'student',
            partyId: variation.studentIds[i % variation.studentIds.length],
            date: variation.date,
            dueDate: variation.date,
            lines: [
              { kind: 'courseFee', description: 'Course fee', sac: '999293', quantity: 1, rate: 1_000_000, discount: 0, taxRate: 1800 },
            ],
            issue: true,
          }),
        };
      case 'payment':
        return {
          ...request,
          path: `/api/v1/invoices/${variation.invoiceIds[i % variation.invoiceIds.length]}/payments`,
          headers: { ...request.headers, 'idempotency-key': `${run}-${i}` },
          body: JSON.stringify({ amount: 100, mode: 'cash', date: variation.date }),
        };
      case 'marks':
        return { ...request, body: JSON.stringify(marks!.body(i)) };
    }
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const unexpected = (spec: LoadSpec, statuses: Record<string, number>, non2xx: number) =>
  spec.expectedStatus === undefined
    ? non2xx
    : Object.entries(statuses).reduce((sum, [status, count]) => sum + (Number(status) === spec.expectedStatus ? 0 : count), 0);

async function load(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const marks = spec.variation.kind === 'marks' ? markSaves(spec.variation) : undefined;
  const instance = autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      duration: spec.seconds,
      requests: [
        {
          method: spec.method,
          path: spec.path,
          headers: spec.headers,
          setupRequest: variedRequest(spec.variation, randomUUID().slice(0, 8), marks) as never,
          onResponse: marks?.onResponse,
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    latencies.push(milliseconds);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  const seconds = result.duration;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + unexpected(spec, statuses, result.non2xx) + (marks?.conflicts() ?? 0),
    statuses,
  };
}

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
process.stdout.write(`${JSON.stringify(await load(spec))}\n`);
