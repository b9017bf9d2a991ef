import { randomBytes, randomUUID } from 'node:crypto';
import { asc, gt, max } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '../../api/app';
import { events } from '../../api/db/schema';
import { issueAccessToken } from '../../api/domain/auth/access-tokens';
import { authConfig } from '../../api/domain/auth/config';
import { openInstitute, type Caller, type Institute } from './endpoints/institute';
import { validRequests } from './endpoints/valid-requests';
import { fuzzRequests, type FuzzRequest, type FuzzWorld } from './fuzz/fuzz-requests';
import { operationsOf, paramsOf, type OpenApiDocument, type Operation } from './fuzz/operations';

/**
 * Hostile requests to every endpoint of the OpenAPI document, each one change away from a valid
 * request (a field, the body, a query or path parameter, a header), as the super admin, as a
 * branch's own staff and as nobody. No answer may be a 5xx, and a refused request (4xx) must
 * leave the event log as it was: after each chunk of requests, every event appended since the
 * last chunk is matched to the request that appended it (by the request id it carries), so the
 * log's growth is fully accounted for and an event of a refused request, or of no request, is a
 * violation. FUZZ_SEED replays a run; FUZZ_REQUESTS sets its size.
 */

const seed = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32BE() >>> 1);
const total = Number(process.env.FUZZ_REQUESTS ?? 20_000);
/** Requests in flight at once. */
const CONCURRENCY = 8;
/**
 * Requests generated from one derived seed at a time; the event log is reconciled with their
 * answers after each chunk, which keeps the huge values of only one chunk in memory.
 */
const CHUNK = 500;

/**
 * Refusals that are recorded on purpose, in the same transaction as the refusal: a failed sign-in
 * counts towards the rate limit, a reused refresh token ends its session family, a file that
 * breaks its limits is deleted and the refusal logged. Any other event of a refused request is a
 * violation.
 */
const recordedRefusals: Record<string, string[]> = {
  'POST /auth/v2/login': ['SignInFailed'],
  // A wrong current password counts towards the same limit as a failed sign-in.
  'POST /users/change-password': ['SignInFailed'],
  'POST /users/refresh': ['RefreshTokenReuseDetected'],
  'POST /s3-upload/confirm-upload': ['FileRejected'],
};

/** Requests sent with these end the session of their token: they get a session of their own. */
const sessionEnding = ['POST /auth/v2/logout', 'POST /users/logout'];

let institute: Institute;
let operations: Operation[];
let world: FuzzWorld;

beforeAll(async () => {
  console.log(`fuzz: seed ${seed} (FUZZ_SEED=${seed} replays this run)`);
  institute = await openInstitute();
  const document = (await (await institute.api.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
  operations = operationsOf(document);

  const samples: FuzzWorld['samples'] = {};
  for (const operation of operations) {
    const build = validRequests[operation.name];
    // Changes go to the records the table makes for them, never to the callers' own accounts.
    if (!build) {
      expect(operation.method, `${operation.name} has no valid request in the table`).toBe('get');
      continue;
    }
    const valid = await build(institute);
    samples[operation.name] = { params: paramsOf(operation.template, valid.path)!, body: valid.body };
  }
  const uploadKey = (samples['POST /s3-upload/confirm-upload']?.body as { key: string }).key;
  const { north, south, userIds } = institute;
  world = {
    samples,
    // Read by the reading endpoints; the changing ones start from the table's requests.
    known: {
      id: [
        north.studentIds[0]!,
        south.studentIds[0]!,
        north.id,
        south.id,
        userIds.branchStaff,
        institute.addStudentPriceId,
        institute.courseIds[0]!,
      ],
      branchId: [north.id, south.id],
      courseId: institute.courseIds,
      formType: ['student', 'course', 'branch', 'examResult'],
      key: [uploadKey],
    },
    hostileAuthorizations: await hostileAuthorizations(institute),
  };
});

afterAll(() => institute?.cleanup());

async function hostileAuthorizations({ auth, tokens, userIds }: Institute): Promise<string[]> {
  const token = tokens.superadmin;
  const [header, payload] = token.split('.');
  const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { sub: userIds.superadmin, role: 'superadmin', sid: randomUUID() };
  const unsigned = `${base64({ alg: 'none', typ: 'JWT' })}.${base64({ ...claims, iss: 'institute-admin', exp: 4_102_444_800 })}.`;
  return [
    '',
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNzd29yZA==',
    'Token abc',
    'Bearer a.b.c',
    `Bearer ${token}x`,
    `Bearer ${header}.${payload}.`,
    `Bearer ${header}.${base64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'superadmin', sub: userIds.branchStaff })}.${token.split('.')[2]}`,
    `Bearer ${unsigned}`,
    `Bearer ${token} ${token}`,
    `Bearer ${'a'.repeat(10_000)}`,
    `Bearer ${await issueAccessToken(auth, new Date(Date.now() - 24 * 3600 * 1000), claims)}`,
    `Bearer ${await issueAccessToken(authConfig(randomBytes(32)), new Date(), claims)}`,
    `Bearer ${await issueAccessToken(auth, new Date(), { sub: randomUUID(), role: 'superadmin', sid: randomUUID() })}`,
    `Bearer ${await issueAccessToken(auth, new Date(), { sub: userIds.superadmin, role: 'superadmin', sid: randomUUID() })}`,
  ];
}

interface Answer {
  index: number;
  request: FuzzRequest;
  status: number;
  text: string;
  requestId: string;
}

async function send(request: FuzzRequest, index: number): Promise<Answer> {
  const authorization =
    request.caller !== 'anonymous' && sessionEnding.includes(request.operation)
      ? { Authorization: `Bearer ${await institute.newSession(request.caller)}` }
      : institute.authorization(request.caller);
  // Declared as a client over HTTP declares it: a body handed over without a length is budgeted at
  // the endpoint's whole limit, and a few of those at once would be shed.
  const length: Record<string, string> = request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) };
  const headers = { 'X-Request-Id': `fuzz-${index}`, ...authorization, ...length, ...request.headers };
  const response = await institute.api.request(`/api/v1${request.path}`, { method: request.method, headers, body: request.body });
  const text = await response.text();
  return { index, request, status: response.status, text, requestId: response.headers.get('X-Request-Id') ?? headers['X-Request-Id'] };
}

/** Runs `work` over the items with at most `limit` of them in flight, answers in the items' order. */
async function inParallel<Item, Result>(
  items: Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

async function lastPosition(): Promise<number> {
  const [row] = await institute.db.select({ position: max(events.position) }).from(events);
  return row?.position ?? 0;
}

/** What the API logged about the unhandled error behind a request's 500: the cause and where it was thrown. */
function loggedError(requestId: string): string {
  const line = institute.loggedErrors.find((entry) => entry.includes(`"requestId":"${requestId}"`));
  if (!line) return 'nothing';
  const { err } = JSON.parse(line) as { err?: { message?: string; stack?: string } };
  const message = err?.message ?? '';
  const cause = message.includes('\nparams: ') ? message.slice(message.lastIndexOf('\nparams: ') + 1) : message;
  const frames = (err?.stack ?? '')
    .split('\n')
    .filter((frame) => frame.includes('/api/'))
    .slice(0, 3);
  return [cause.slice(0, 600), ...frames].join('\n   ');
}

function describeRequest({ request, index }: Answer): string {
  const cut = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text);
  return [
    `request #${index} of FUZZ_SEED=${seed}: ${request.method} /api/v1${cut(request.path)} as ${request.caller}`,
    `  change: ${request.mutation}`,
    `  headers: ${cut(JSON.stringify(request.headers))}`,
    ...(request.body === undefined ? [] : [`  body: ${cut(request.body)}`]),
  ].join('\n');
}

describe('fuzzing every endpoint', () => {
  it('the OpenAPI document describes every endpoint of the API', () => {
    expect(operations.map((operation) => operation.name).sort()).toEqual(
      apiEndpoints.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`).sort(),
    );
  });

  it(`${total} hostile requests: no 5xx, and no refused request changes the event log`, async () => {
    const violations: string[] = [];
    const figures = { sent: 0, serverErrors: 0, rejected: 0, unchanged: 0, recorded: 0 };
    const byCaller: Record<Caller, number> = { superadmin: 0, branchAdmin: 0, branchStaff: 0, anonymous: 0 };
    const reached = new Set<string>();
    const arbitrary = fuzzRequests(operations, world);
    let position = await lastPosition();

    for (let chunk = 0; figures.sent < total; chunk++) {
      const requests = fc.sample(arbitrary, { seed: (seed + chunk) | 0, numRuns: Math.min(CHUNK, total - figures.sent) });
      const answers = await inParallel(requests, CONCURRENCY, (request, i) => send(request, figures.sent + i));
      figures.sent += requests.length;

      const found = violations.length;
      // Every request of the chunk has answered, so every event it appended is committed.
      const appended = await institute.db
        .select({ position: events.position, requestId: events.requestId, type: events.type })
        .from(events)
        .where(gt(events.position, position))
        .orderBy(asc(events.position));
      position = appended.at(-1)?.position ?? position;
      const byRequest = new Map(answers.map((answer) => [answer.requestId, answer]));
      const typesOf = new Map<Answer, string[]>();
      for (const event of appended) {
        const answer = event.requestId === null ? undefined : byRequest.get(event.requestId);
        if (!answer)
          violations.push(`event ${event.position} (${event.type}) was appended by no request of the run (request id ${event.requestId})`);
        else typesOf.set(answer, [...(typesOf.get(answer) ?? []), event.type]);
      }

      for (const answer of answers) {
        byCaller[answer.request.caller]++;
        reached.add(answer.request.operation);
        if (answer.status >= 500) {
          figures.serverErrors++;
          violations.push(
            `${answer.status} ${answer.text.slice(0, 300)}\n${describeRequest(answer)}\n  logged: ${loggedError(answer.requestId)}`,
          );
          continue;
        }
        if (answer.status < 400) continue;
        figures.rejected++;
        const types = typesOf.get(answer) ?? [];
        if (types.length === 0) figures.unchanged++;
        else if (types.every((type) => recordedRefusals[answer.request.operation]?.includes(type))) figures.recorded++;
        else
          violations.push(
            `refused with ${answer.status} but appended ${types.join(', ')}: ${answer.text.slice(0, 200)}\n${describeRequest(answer)}`,
          );
      }
      // Printed as they are found, so that a run stopped early still shows them.
      for (const violation of violations.slice(found)) console.log(`fuzz violation (FUZZ_SEED=${seed}):\n${violation}`);
      if (figures.sent % 5_000 === 0)
        console.log(
          `fuzz: ${figures.sent.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} requests sent, ${violations.length} violations so far`,
        );
    }

    const number = (n: number) => n.toLocaleString('en-US');
    console.log(
      `fuzz: ${number(figures.sent)} requests, ${reached.size} endpoints, ${figures.serverErrors} 5xx, ` +
        `events unchanged by ${number(figures.unchanged)} rejected requests (and ${number(figures.recorded)} refusals recorded by design), ` +
        `as superadmin ${number(byCaller.superadmin)} / branch admin ${number(byCaller.branchAdmin)} / branch staff ` +
        `${number(byCaller.branchStaff)} / anonymous ${number(byCaller.anonymous)}, seed ${seed}, violations: ${violations.length}`,
    );
    expect(reached.size).toBe(operations.length);
    expect(violations.length, `the violations are printed above; FUZZ_SEED=${seed} replays them`).toBe(0);
    // A stop for a run that hangs, not a timing target: on a machine shared with other work the run takes longer.
  }, 900_000);
});
