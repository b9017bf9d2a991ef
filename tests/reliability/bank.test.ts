import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database';
import { callApi, type CallOutcome } from './support/api-client';
import {
  admissionBody,
  applicationName,
  priceOperation,
  signInInstitute,
  startInstituteServer,
  type Institute,
  type Session,
} from './support/institute';
import { checkInvariants, compareRebuild } from './support/invariants';
import { seededRandom, type SeededRandom } from './support/random';

/**
 * A bank-style checker: clients move money through two server processes on one database
 * (admissions that charge, top-ups, charges, refunds, and retries of earlier requests with their
 * Idempotency-Key) while their database connections are cut (pg_terminate_backend) and a
 * process is killed and started again. The invariants hold at every check along the way and at
 * the end, and the read tables are a fold of the log. A seeded generator makes every choice:
 * the printed seed replays them (RELIABILITY_SEED).
 */

const CLIENTS = 6;
const DURATION_MS = 25_000;
/** However slow the machine, the clients stop by then (the kills may take longer to come back). */
const MAX_DURATION_MS = 75_000;
const MAX_REQUESTS = 4_000;
const KILLS = 2;
const CHECK_EVERY_MS = 4_000;
/** Charges of CERTIFICATE draw their reference from this many, so references repeat. */
const REFERENCES = 150;
/** Admissions cost more than the seed's price, so the opening balances run out within the run. */
const ADMISSION_PRICE = 100_000;
const CERTIFICATE = { key: 'CERTIFICATE', price: 25_000 } as const;
const SERVERS = ['bank-a', 'bank-b'] as const;
type ServerName = (typeof SERVERS)[number];

let testDatabase: TestDatabase;
let dataDir: string;
const servers = new Map<ServerName, ServerProcess>();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reliability-bank-'));
});
afterAll(async () => {
  for (const server of servers.values()) await server.stop();
  await testDatabase?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Kind = 'admission' | 'topUp' | 'charge' | 'refund';

interface Request {
  kind: Kind;
  by: Session;
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
  /** The admitted student's email or the top-up's reference: finds the command in the log. */
  marker: string;
  /** Every answer it got: the first call's, then those of retries with the same key. */
  outcomes: CallOutcome[];
}

const definitive = (outcome: CallOutcome) => outcome.kind === 'answered' && outcome.status < 500;
const succeeded = (outcome: CallOutcome) => outcome.kind === 'answered' && outcome.status < 300;
const isReplay = (outcome: CallOutcome) => outcome.kind === 'answered' && outcome.headers.get('Idempotent-Replayed') === 'true';
const sameAnswer = (a: CallOutcome, b: CallOutcome) =>
  a.kind === 'answered' && b.kind === 'answered' && a.status === b.status && isDeepStrictEqual(a.body, b.body);

const expectedStatuses: Record<Kind, number[]> = {
  admission: [201, 402],
  topUp: [201],
  charge: [200, 201, 402],
  refund: [201, 409],
};

interface Figures {
  requests: number;
  retries: number;
  byStatus: Map<string, number>;
  terminations: number;
  terminatedBackends: number;
  kills: number;
  checks: number;
}

class Checker {
  readonly requests: Request[] = [];
  readonly violations: string[] = [];
  /** Charges made through the deduct endpoint, by ledger id: what refunds pick from. */
  readonly charges: string[] = [];
  readonly figures: Figures = {
    requests: 0,
    retries: 0,
    byStatus: new Map(),
    terminations: 0,
    terminatedBackends: 0,
    kills: 0,
    checks: 0,
  };

  constructor(
    private readonly random: SeededRandom,
    private readonly institute: Institute,
    private readonly run: string,
  ) {}

  private liveServer(): ServerProcess {
    const live = [...servers.values()];
    if (live.length === 0) throw new Error('No server process is running');
    return this.random.pick(live);
  }

  private count(outcome: CallOutcome) {
    const label = outcome.kind === 'lost' ? 'lost' : String(outcome.status);
    this.figures.byStatus.set(label, (this.figures.byStatus.get(label) ?? 0) + 1);
  }

  private newRequest(): Request {
    const n = this.requests.length;
    const idempotencyKey = `bank-${this.run}-${n}`;
    const { admin, branches, staff, courseId } = this.institute;
    const branch = this.random.pick(branches);
    const kind = this.random.weighted({ admission: 4, topUp: 2, charge: 3, refund: this.charges.length ? 1 : 0 } as Record<Kind, number>);
    const base = { kind, idempotencyKey, outcomes: [], method: 'POST' };
    switch (kind) {
      case 'admission': {
        const marker = `bank.${this.run}.${n}@reliability.test`;
        const by = this.random.chance(0.7) ? staff.get(branch.id)! : admin;
        return { ...base, by, path: '/dynamic-data', marker, body: admissionBody(marker, branch.id, courseId) };
      }
      case 'topUp':
        return {
          ...base,
          by: admin,
          path: '/wallet/add-balance',
          marker: idempotencyKey,
          body: { branchId: branch.id, amount: this.random.int(1, 40) * 5_000, reference: idempotencyKey },
        };
      case 'charge': {
        const marker = `bank-${this.run}-ref-${this.random.int(1, REFERENCES)}`;
        return {
          ...base,
          by: admin,
          path: '/wallet/operation-pricing/deduct',
          marker,
          body: { branchId: branch.id, operationKey: CERTIFICATE.key, referenceId: marker },
        };
      }
      case 'refund':
        return {
          ...base,
          by: admin,
          path: '/wallet/refund',
          marker: idempotencyKey,
          body: { chargeId: this.random.pick(this.charges), reason: 'Bank check' },
        };
    }
  }

  private async send(request: Request): Promise<CallOutcome> {
    const outcome = await callApi(this.liveServer().baseUrl, request.method, request.path, {
      token: request.by.token,
      idempotencyKey: request.idempotencyKey,
      body: request.body,
    });
    this.figures.requests++;
    this.count(outcome);
    if (outcome.kind === 'answered' && outcome.status < 500 && !expectedStatuses[request.kind].includes(outcome.status)) {
      this.violations.push(`${request.kind} ${request.marker} answered ${outcome.status}: ${outcome.body.message}`);
    }
    if (request.kind === 'charge' && outcome.kind === 'answered' && outcome.status === 201) {
      this.charges.push((outcome.body.data as { charge: { id: string } }).charge.id);
    }
    return outcome;
  }

  /**
   * A new request, or the same request again with its key. A copy sent after a success was
   * answered must replay that success unchanged. Copies in flight together take turns on the
   * server, and the one that ran may answer after one that replayed it: among those, exactly one
   * success may be fresh, and every success carries the same answer.
   */
  async step() {
    const retry = this.requests.length > 0 && this.random.chance(0.2);
    const request = retry ? this.random.pick(this.requests) : this.newRequest();
    if (!retry) this.requests.push(request);
    else this.figures.retries++;
    const knownSuccess = request.outcomes.find(succeeded);
    const outcome = await this.send(request);
    request.outcomes.push(outcome);
    if (outcome.kind !== 'answered' || !definitive(outcome)) return;
    const replayed = isReplay(outcome);
    const describe = (first: CallOutcome) =>
      `a retry of ${request.kind} ${request.marker} answered ${outcome.status} (replayed: ${replayed}) where ` +
      `${first === knownSuccess ? 'the success answered before it was sent' : 'a copy in flight with it'} was ` +
      `${first.kind === 'answered' ? `${first.status} (replayed: ${isReplay(first)})` : first.kind}: ` +
      JSON.stringify(outcome.body).slice(0, 300);
    if (knownSuccess) {
      if (!replayed || !sameAnswer(outcome, knownSuccess)) this.violations.push(describe(knownSuccess));
      return;
    }
    if (!succeeded(outcome)) return;
    const other = request.outcomes.find((o) => o !== outcome && succeeded(o));
    if (!other) return;
    const fresh = request.outcomes.filter((o) => succeeded(o) && !isReplay(o)).length;
    if (fresh > 1 || !sameAnswer(outcome, other)) this.violations.push(describe(other));
  }

  /** What the log holds of each request, against what the clients were told. */
  async checkRequests() {
    const { db } = testDatabase.database;
    const countOf = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
    for (const request of this.requests) {
      let found: number;
      if (request.kind === 'admission') {
        found = await countOf(
          sql`SELECT count(*)::int AS n FROM events WHERE type = 'RecordCreated' AND data->'fields'->>'studentEmail' = ${request.marker}`,
        );
      } else if (request.kind === 'topUp') {
        found = await countOf(
          sql`SELECT count(*)::int AS n FROM events WHERE type = 'WalletCredited' AND data->>'reference' = ${request.marker}`,
        );
      } else {
        continue;
      }
      const success = request.outcomes.some(succeeded);
      const refusedOnly = request.outcomes.every((o) => o.kind === 'answered' && o.status >= 400 && o.status < 500);
      if (found > 1) this.violations.push(`${request.kind} ${request.marker} happened ${found} times`);
      if (success && found !== 1) this.violations.push(`${request.kind} ${request.marker} was acknowledged but is missing`);
      if (refusedOnly && found !== 0) this.violations.push(`${request.kind} ${request.marker} was refused but happened`);
    }
  }
}

/** Cuts every database connection of one server process; answers how many it cut. */
async function terminateBackends(admin: pg.Client, server: ServerName): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = $1`,
    [applicationName(server)],
  );
  return rows[0]!.n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bank-style checker', () => {
  it(`keeps the books straight through two processes, cut connections and ${KILLS} kills`, async () => {
    const random = seededRandom();
    console.log(`bank: seed ${random.seed} (replay with RELIABILITY_SEED=${random.seed})`);
    const run = randomBytes(3).toString('hex');
    const start = (name: ServerName, port?: number) => startInstituteServer({ name, databaseUrl: testDatabase.url!, dataDir, port });

    // One after the other: the first seeds the empty database.
    for (const name of SERVERS) servers.set(name, await start(name));
    const ports = new Map(SERVERS.map((name) => [name, servers.get(name)!.port]));
    const institute = await signInInstitute(servers.get('bank-a')!.baseUrl);
    await priceOperation(servers.get('bank-a')!.baseUrl, institute.admin, 'ADD_STUDENT', ADMISSION_PRICE);
    await priceOperation(servers.get('bank-a')!.baseUrl, institute.admin, CERTIFICATE.key, CERTIFICATE.price);

    const checker = new Checker(random, institute, run);
    const { db } = testDatabase.database;
    const admin = new pg.Client({ connectionString: testDatabase.url!, application_name: 'reliability-bank-faults' });
    await admin.connect();
    const begun = Date.now();
    let killsPending = KILLS;
    const running = () =>
      (Date.now() < begun + DURATION_MS || killsPending > 0) &&
      Date.now() < begun + MAX_DURATION_MS &&
      checker.figures.requests < MAX_REQUESTS;

    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running()) await checker.step();
    });
    // Kills at set moments, each one waiting for the restart before the next, whatever the load.
    const kills = (async () => {
      for (let i = 1; i <= KILLS; i++) {
        await sleep(Math.max(0, begun + (i * DURATION_MS) / (KILLS + 1) - Date.now()));
        const name = random.pick(SERVERS);
        const server = servers.get(name)!;
        servers.delete(name);
        await server.kill('SIGKILL');
        checker.figures.kills++;
        await sleep(random.int(300, 1200));
        servers.set(name, await start(name, ports.get(name)));
        killsPending--;
      }
    })();
    const faults = (async () => {
      while (running()) {
        await sleep(random.int(1500, 4000));
        const name = random.pick([...servers.keys()]);
        checker.figures.terminations++;
        checker.figures.terminatedBackends += await terminateBackends(admin, name);
      }
    })();
    const checks = (async () => {
      while (running()) {
        await sleep(CHECK_EVERY_MS);
        const report = await checkInvariants(db);
        checker.figures.checks++;
        checker.violations.push(...report.violations.map((v) => `during the run: ${v}`));
      }
    })();
    try {
      await Promise.all([...clients, kills, faults, checks]);
    } finally {
      await admin.end();
    }

    for (const [name, server] of servers) {
      await server.stop();
      servers.delete(name);
    }
    const final = await checkInvariants(db);
    checker.violations.push(...final.violations);
    await checker.checkRequests();
    const rebuild = await compareRebuild(db);
    if (rebuild.differing.length) checker.violations.push(`rebuilt tables differ from the live ones: ${rebuild.differing.join(', ')}`);

    const { figures } = checker;
    const statuses = [...figures.byStatus]
      .sort()
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(
      `bank: seed ${random.seed}, ${figures.requests} requests (${figures.retries} same-key retries; ${statuses}), ` +
        `faults: ${figures.terminations} connection cuts (${figures.terminatedBackends} backends), ${figures.kills} kills, ` +
        `${figures.checks + 1} invariant checks over ${final.checked.wallets} wallets, ${final.checked.charges} charges, ` +
        `${final.checked.streams} streams, ${final.checked.students} students; rebuild of ${rebuild.events} events ` +
        `${rebuild.differing.length ? 'different' : 'equal'}, violations: ${checker.violations.length}`,
    );
    expect(checker.violations).toEqual([]);
    expect(figures.kills).toBe(KILLS);
    expect(figures.terminatedBackends, 'connections cut').toBeGreaterThan(0);
    expect(figures.byStatus.get('402') ?? 0, 'admissions or charges refused for too little money').toBeGreaterThan(0);
  });
});
