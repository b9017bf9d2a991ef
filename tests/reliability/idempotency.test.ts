import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '../../api/app';
import { changesState } from '../../api/http/endpoint';
import { records, walletLedger } from '../../api/db/schema';
import { ledgerSum, storedBalance } from '../api/wallet-fixtures';
import { queryRows, request, schemaTableNames, type TestResponse } from '../support/test-database';
import { openInstitute, type Institute } from './endpoints/institute';
import { validRequests, type ApiRequest, type ValidRequest } from './endpoints/valid-requests';

/**
 * Every mutating endpoint honours Idempotency-Key (DESIGN.md section 2): a retry with the key
 * answers the first result and changes nothing, the key with another request is refused with 422.
 * The walk covers every post, put, patch and delete of `apiEndpoints`; an endpoint without an
 * entry in `validRequests` fails it.
 */

const mutating = apiEndpoints.filter((endpoint) => endpoint.method !== 'get');
// Sign-in and refresh answer with tokens, which are never stored for replay (answersWithSecrets): they
// ignore the key. So do the POSTs that answer a file (a draft's preview), which change nothing.
const replayable = mutating.filter((endpoint) => !endpoint.answersWithSecrets && changesState(endpoint));
const name = (endpoint: { method: string; path: string }) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

let institute: Institute;
const figures = { endpoints: 0, replays: 0, conflictsRefused: 0, concurrentRetries: 0, violations: 0 };

beforeAll(async () => {
  institute = await openInstitute();
});
afterAll(async () => {
  console.log(
    `idempotency: ${figures.endpoints} mutating endpoints, ${figures.replays} replays, ` +
      `${figures.conflictsRefused} conflicting bodies refused, ${figures.concurrentRetries} concurrent retries, ` +
      `violations: ${figures.violations}`,
  );
  await institute?.cleanup();
});

function send(method: string, { path, body }: ApiRequest, headers: Record<string, string>): Promise<TestResponse> {
  return request(institute.api, method, `/api/v1${path}`, { body, headers });
}

/** Every row of every table (the log, the idempotency keys, every projection), each table sorted. */
async function everything(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of schemaTableNames()) {
    const rows = await queryRows(institute.db, sql.raw(`select * from "${table}"`));
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

/** Collects what went wrong, so one test reports all of an endpoint's violations at once. */
function checker() {
  const violations: string[] = [];
  return {
    violations,
    check(ok: boolean, what: string) {
      if (!ok) {
        violations.push(what);
        figures.violations++;
      }
    },
  };
}

const describeAnswer = (response: TestResponse) => `${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;

describe('Idempotency-Key on every mutating endpoint', () => {
  it('every mutating endpoint has a valid request in the table, and the table names no endpoint that is gone', () => {
    expect(Object.keys(validRequests).sort()).toEqual(mutating.map(name).sort());
  });

  for (const endpoint of replayable) {
    it(`${name(endpoint)}: a retry replays the first answer and changes nothing; another request with the key is refused`, async () => {
      const build = validRequests[name(endpoint)];
      expect(build, `${name(endpoint)} has no entry in validRequests`).toBeDefined();
      const valid: ValidRequest = await build!(institute);
      const headers = { ...valid.headers, 'Idempotency-Key': randomUUID() };
      const { violations, check } = checker();

      const first = await send(endpoint.method, valid, headers);
      expect(first.status, `the table's request must be accepted: ${describeAnswer(first)}`).toBeLessThan(300);
      check(first.headers.get('Idempotent-Replayed') === null, 'the first answer is marked as replayed');
      const before = await everything();

      for (let retry = 1; retry <= 2; retry++) {
        const again = await send(endpoint.method, valid, headers);
        figures.replays++;
        check(again.status === first.status, `retry ${retry} answered ${again.status}, the first ${first.status}`);
        check(
          JSON.stringify(sortKeys(again.body)) === JSON.stringify(sortKeys(first.body)),
          `retry ${retry} answered another body: ${describeAnswer(again)}`,
        );
        check(again.headers.get('Idempotent-Replayed') === 'true', `retry ${retry} is not marked Idempotent-Replayed: true`);
      }
      const afterRetries = await everything();
      for (const table of Object.keys(before)) {
        check(JSON.stringify(afterRetries[table]) === JSON.stringify(before[table]), `the retries changed ${table}`);
      }

      const conflicting = await send(endpoint.method, valid.other, headers);
      check(conflicting.status === 422, `another request with the same key answered ${describeAnswer(conflicting)}`);
      if (conflicting.status === 422) figures.conflictsRefused++;
      const afterConflict = await everything();
      for (const table of Object.keys(before)) {
        check(JSON.stringify(afterConflict[table]) === JSON.stringify(before[table]), `the refused request changed ${table}`);
      }

      figures.endpoints++;
      expect(violations).toEqual([]);
    });
  }
});

/** JSON with object keys in order: the stored first answer comes back from jsonb, which reorders keys. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

const northStudents = async () =>
  (
    await institute.db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.formType, 'student'), eq(records.branchId, institute.north.id)))
  ).length;

async function northWallet() {
  return {
    balance: await storedBalance(institute.db, institute.north.id),
    ledgerSum: await ledgerSum(institute.db, institute.north.id),
    entries: (await institute.db.select({ id: walletLedger.id }).from(walletLedger).where(eq(walletLedger.branchId, institute.north.id)))
      .length,
  };
}

describe('retried admissions and charges', () => {
  it('a retried admission in a wallet-enabled branch keeps one student and one charge', async () => {
    const admission = await validRequests['POST /dynamic-data']!(institute);
    const headers = { ...admission.headers, 'Idempotency-Key': randomUUID() };
    const students = await northStudents();
    const wallet = await northWallet();

    const first = await send('post', admission, headers);
    expect(first.status, describeAnswer(first)).toBe(201);
    expect(first.body.data.charge).toMatchObject({ charged: true, price: 5000, balance: wallet.balance! - 5000 });
    const retried = await send('post', admission, headers);
    figures.replays++;

    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
    expect(sortKeys(retried.body)).toEqual(sortKeys(first.body));
    expect(await northStudents()).toBe(students + 1);
    expect(await northWallet()).toEqual({
      balance: wallet.balance! - 5000,
      ledgerSum: wallet.ledgerSum - 5000,
      entries: wallet.entries + 1,
    });
  });

  for (const [what, endpoint] of [
    ['wallet charge', 'POST /wallet/operation-pricing/deduct'],
    ['admission', 'POST /dynamic-data'],
  ] as const) {
    it(`concurrent retries of one ${what} with the same key: one charge, and every caller gets the first answer`, async () => {
      const valid = await validRequests[endpoint]!(institute);
      const headers = { ...valid.headers, 'Idempotency-Key': randomUUID() };
      const students = await northStudents();
      const wallet = await northWallet();
      const racers = 8;

      const answers = await Promise.all(Array.from({ length: racers }, () => send('post', valid, headers)));
      figures.concurrentRetries += racers - 1;

      const statuses = answers.map((answer) => answer.status);
      expect(statuses, answers.map(describeAnswer).join('\n')).toEqual(Array(racers).fill(201));
      const bodies = new Set(answers.map((answer) => JSON.stringify(sortKeys(answer.body))));
      expect(bodies.size, [...bodies].join('\n')).toBe(1);
      expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(racers - 1);
      expect(await northWallet()).toEqual({
        balance: wallet.balance! - 5000,
        ledgerSum: wallet.ledgerSum - 5000,
        entries: wallet.entries + 1,
      });
      expect(await northStudents()).toBe(students + (endpoint === 'POST /dynamic-data' ? 1 : 0));
    });
  }
});
