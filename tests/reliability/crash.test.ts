import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/client';
import type { ServerProcess } from '../support/server-process';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database';
import { callApi, expectSuccess, type CallOutcome } from './support/api-client';
import { admissionBody, priceOperation, signInInstitute, startInstituteServer, type Institute } from './support/institute';
import { checkInvariants, compareRebuild } from './support/invariants';
import { seededRandom } from './support/random';

/**
 * Crash consistency: the server process is killed with SIGKILL at random moments while clients
 * admit students (each admission charges its branch's wallet) and charge wallets, then started
 * again, several times. Every command the clients sent must then be all there (its events, its
 * read rows, its charge and its stored answer) or not there at all: all there when the server
 * acknowledged it, either when the answer was lost with the process.
 */

const ROUNDS = 6;
const CLIENTS = 4;
/** How long the clients write before the kill, in milliseconds. */
const KILL_AFTER = { min: 300, max: 2500 } as const;
/** However slow the machine, a round's kill comes by then. */
const FIRST_ANSWER_WITHIN_MS = 30_000;
const CERTIFICATE = { key: 'CERTIFICATE', price: 2500 } as const;

let testDatabase: TestDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reliability-crash-'));
});
afterAll(async () => {
  await server?.stop();
  await testDatabase?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Command {
  kind: 'admission' | 'charge';
  idempotencyKey: string;
  actorId: string;
  /** The admitted student's email, or the charge's reference: what finds the command in the log. */
  marker: string;
  outcome: CallOutcome;
}

/** A success must be all there, a refusal (4xx) must have left nothing; 5xx and lost calls may be either. */
function acknowledged(command: Command): 'success' | 'refused' | null {
  if (command.outcome.kind === 'lost' || command.outcome.status >= 500) return null;
  return command.outcome.status < 300 ? 'success' : 'refused';
}

/** How many of each part of a command the database holds: each is 1 when it is there, 0 when not. */
async function partsOf(db: Db, command: Command): Promise<Record<string, number>> {
  const key = `${command.actorId}:${command.idempotencyKey}`;
  const one = async (query: SQL) => (await queryRows<{ n: number }>(db, query))[0]!.n;
  const storedAnswer = await one(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`);
  if (command.kind === 'charge') {
    return {
      chargeEvent: await one(
        sql`SELECT count(*)::int AS n FROM events WHERE type = 'WalletCharged' AND data->>'referenceId' = ${command.marker}`,
      ),
      ledgerRow: await one(sql`SELECT count(*)::int AS n FROM wallet_ledger WHERE kind = 'charge' AND reference_id = ${command.marker}`),
      storedAnswer,
    };
  }
  const created = await queryRows<{ id: string }>(
    db,
    sql`SELECT stream_id AS id FROM events WHERE type = 'RecordCreated' AND data->'fields'->>'studentEmail' = ${command.marker}`,
  );
  const ids = created.map((row) => row.id);
  return {
    studentEvent: ids.length,
    studentRow: await one(sql`SELECT count(*)::int AS n FROM records WHERE fields->>'studentEmail' = ${command.marker}`),
    chargeEvent: ids.length
      ? await one(sql`SELECT count(*)::int AS n FROM events WHERE type = 'WalletCharged' AND data->>'referenceId' = ${ids[0]!}`)
      : 0,
    ledgerRow: ids.length
      ? await one(sql`SELECT count(*)::int AS n FROM wallet_ledger WHERE kind = 'charge' AND reference_id = ${ids[0]!}`)
      : 0,
    storedAnswer,
  };
}

describe('crash consistency', () => {
  it(`keeps every command whole through ${ROUNDS} kills (SIGKILL) of the server`, async () => {
    const random = seededRandom();
    console.log(`crash: seed ${random.seed} (replay with RELIABILITY_SEED=${random.seed})`);
    const run = randomBytes(3).toString('hex');
    const start = (port?: number) => startInstituteServer({ name: 'crash', databaseUrl: testDatabase.url!, dataDir, port });

    server = await start();
    const port = server.port;
    const institute: Institute = await signInInstitute(server.baseUrl);
    await priceOperation(server.baseUrl, institute.admin, CERTIFICATE.key, CERTIFICATE.price);
    for (const branch of institute.branches) {
      expectSuccess(
        await callApi(server.baseUrl, 'POST', '/wallet/add-balance', {
          token: institute.admin.token,
          body: { branchId: branch.id, amount: 10_000_000, note: 'Crash check', reference: `crash-${run}-${branch.id}` },
        }),
        'Topping up',
      );
    }

    const commands: Command[] = [];
    const send = async (baseUrl: string): Promise<Command> => {
      const n = commands.length;
      const branch = random.pick(institute.branches);
      const idempotencyKey = `crash-${run}-${n}`;
      const kind = random.weighted({ staffAdmission: 5, adminAdmission: 2, charge: 3 });
      if (kind === 'charge') {
        const marker = `crash-${run}-charge-${n}`;
        const command: Command = {
          kind: 'charge',
          idempotencyKey,
          actorId: institute.admin.userId,
          marker,
          outcome: { kind: 'lost', reason: 'not sent' },
        };
        commands.push(command);
        command.outcome = await callApi(baseUrl, 'POST', '/wallet/operation-pricing/deduct', {
          token: institute.admin.token,
          idempotencyKey,
          body: { branchId: branch.id, operationKey: CERTIFICATE.key, referenceId: marker },
        });
        return command;
      }
      const by = kind === 'staffAdmission' ? institute.staff.get(branch.id)! : institute.admin;
      const marker = `crash.${run}.${n}@reliability.test`;
      const command: Command = {
        kind: 'admission',
        idempotencyKey,
        actorId: by.userId,
        marker,
        outcome: { kind: 'lost', reason: 'not sent' },
      };
      commands.push(command);
      command.outcome = await callApi(baseUrl, 'POST', '/dynamic-data', {
        token: by.token,
        idempotencyKey,
        body: admissionBody(marker, branch.id, institute.courseId),
      });
      return command;
    };

    for (let round = 1; round <= ROUNDS; round++) {
      if (!server) server = await start(port);
      const live = server;
      let killed = false;
      let firstAcknowledged: () => void = () => {};
      const acknowledgedOnce = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (!killed) {
          if (acknowledged(await send(live.baseUrl)) === 'success') firstAcknowledged();
        }
      });
      // The random moment is counted from the round's first acknowledged command, so that on a
      // slow machine too every kill meets commands that have started, and some that have ended.
      await Promise.race([acknowledgedOnce, new Promise((resolve) => setTimeout(resolve, FIRST_ANSWER_WITHIN_MS))]);
      await new Promise((resolve) => setTimeout(resolve, random.int(KILL_AFTER.min, KILL_AFTER.max)));
      // No new command after this moment; those in flight meet the kill.
      killed = true;
      await live.kill('SIGKILL');
      await Promise.all(clients);
      server = undefined;
    }

    // A last start: the process comes back on what the kills left, and the tokens still work.
    server = await start(port);
    expectSuccess(
      await callApi(server.baseUrl, 'GET', '/dynamic-data?formType=student&limit=1', { token: institute.admin.token }),
      'Listing students after the last restart',
    );
    await server.stop();
    server = undefined;

    const { db } = testDatabase.database;
    const figures = { acknowledgedPresent: 0, refusedAbsent: 0, unacknowledgedPresent: 0, unacknowledgedAbsent: 0 };
    const violations: string[] = [];
    for (const command of commands) {
      const parts = await partsOf(db, command);
      const counts = Object.values(parts);
      const present = counts.every((n) => n === 1);
      const absent = counts.every((n) => n === 0);
      const answer = acknowledged(command);
      const show = () => `${command.kind} ${command.marker} (${JSON.stringify(command.outcome)}): ${JSON.stringify(parts)}`;
      if (!present && !absent) violations.push(`partly there: ${show()}`);
      else if (answer === 'success' && !present) violations.push(`acknowledged but missing: ${show()}`);
      else if (answer === 'refused' && !absent) violations.push(`refused but there: ${show()}`);
      else if (answer === 'success') figures.acknowledgedPresent++;
      else if (answer === 'refused') figures.refusedAbsent++;
      else if (present) figures.unacknowledgedPresent++;
      else figures.unacknowledgedAbsent++;
    }
    const invariants = await checkInvariants(db);
    violations.push(...invariants.violations);
    const rebuild = await compareRebuild(db);
    if (rebuild.differing.length) violations.push(`rebuilt tables differ from the live ones: ${rebuild.differing.join(', ')}`);

    const unacknowledged = figures.unacknowledgedPresent + figures.unacknowledgedAbsent;
    console.log(
      `crash: ${ROUNDS} kills, ${commands.length} commands, ${figures.acknowledgedPresent} acknowledged present, ` +
        `${figures.refusedAbsent} refused absent, ${unacknowledged} unacknowledged (${figures.unacknowledgedPresent} present, ` +
        `${figures.unacknowledgedAbsent} absent), ${violations.filter((v) => v.startsWith('partly')).length} partial, ` +
        `${invariants.checked.students} students and ${invariants.checked.charges} charges checked, ` +
        `rebuild of ${rebuild.events} events ${rebuild.differing.length ? 'different' : 'equal'}, violations: ${violations.length}`,
    );
    expect(violations).toEqual([]);
    expect(figures.acknowledgedPresent, 'commands acknowledged between the kills').toBeGreaterThanOrEqual(ROUNDS);
    expect(unacknowledged, 'commands cut off by the kills').toBeGreaterThan(0);
  });
});
