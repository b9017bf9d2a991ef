import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRunView, ImportView } from '../../common/contracts/imports';
import type { ServerProcess } from '../support/server-process';
import { storeFileOverHttp } from '../support/store-over-http';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database';
import { callApi, expectSuccess } from './support/api-client';
import { signInInstitute, startInstituteServer, type Institute } from './support/institute';
import { checkInvariants, compareRebuild } from './support/invariants';

/**
 * An import killed in the middle (SIGKILL while its rows go in) leaves whole rows only: each
 * student there has its charge, its ledger row and its row key, or is not there at all. The next
 * process takes the job up once its lease runs out, and the import ends with every row made once.
 */

const ROWS = 400;
/** A lease is a minute: the job waits that long for the next process before it is taken again. */
const RESUMED_WITHIN_MS = 150_000;

let testDatabase: TestDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reliability-import-'));
});
afterAll(async () => {
  await server?.stop();
  await testDatabase?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function runOf(baseUrl: string, token: string, importId: string, jobId: string) {
  return callApi<ImportRunView>(baseUrl, 'GET', `/imports/${importId}/runs/${jobId}`, { token });
}

describe('an import killed in the middle', () => {
  it(`keeps whole rows only, and its job is taken up again and finishes with each of ${ROWS} rows made once`, async () => {
    const run = randomBytes(3).toString('hex');
    const start = (port?: number) => startInstituteServer({ name: 'import-crash', databaseUrl: testDatabase.url!, dataDir, port });
    server = await start();
    const { baseUrl, port } = server;
    const institute: Institute = await signInInstitute(baseUrl);
    const token = institute.admin.token;
    const branch = institute.branches[0]!;
    expectSuccess(
      await callApi(baseUrl, 'POST', '/wallet/add-balance', {
        token,
        body: { branchId: branch.id, amount: 10_000_000, note: 'Import check', reference: `import-${run}` },
      }),
      'Topping up',
    );
    const email = (row: number) => `import.${run}.${row}@reliability.test`;
    const lines = ['Student Name,Center Name,Selected Course,Student Email,Phone Number'];
    for (let row = 0; row < ROWS; row++)
      lines.push(`Imported ${run} ${row},${branch.name},${institute.courseId},${email(row)},98765${String(row).padStart(5, '0')}`);
    const fileKey = await storeFileOverHttp(
      baseUrl,
      { Authorization: `Bearer ${token}` },
      {
        fileName: `students-${run}.csv`,
        fileType: 'text/csv',
        bytes: Buffer.from(lines.join('\r\n')),
        formType: 'imports',
        fieldName: 'importFile',
      },
    );
    const file = expectSuccess<ImportView>(
      await callApi(baseUrl, 'POST', '/imports', { token, body: { formType: 'student', fileKey } }),
      'Reading the file',
    );
    expect(file.mapping).toEqual(['studentName', 'centerName', 'selectedCourse', 'studentEmail', 'phoneNumber']);
    const started = expectSuccess<ImportRunView>(
      await callApi(baseUrl, 'POST', `/imports/${file._id}/runs`, { token, body: { mapping: file.mapping, dryRun: false } }),
      'Starting the import',
    );

    // Killed once some chunks are in and before the last.
    let progress = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && progress < 100;) {
      const seen = await runOf(baseUrl, token, file._id, started._id);
      if (seen.kind === 'answered' && seen.status === 200) progress = seen.body.data.progress.done;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await server.kill('SIGKILL');
    server = undefined;
    expect(progress, 'rows done before the kill').toBeGreaterThanOrEqual(100);

    const { db } = testDatabase.database;
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
    const partial = async () => {
      const students = await queryRows<{ email: string; records: number; events: number; charges: number; keys: number }>(
        db,
        sql`SELECT r.fields->>'studentEmail' AS email,
                   count(DISTINCT r.id)::int AS records,
                   (SELECT count(*)::int FROM events e WHERE e.stream_id = r.id AND e.type = 'RecordCreated') AS events,
                   (SELECT count(*)::int FROM wallet_ledger l WHERE l.kind = 'charge' AND l.reference_id = r.id) AS charges,
                   (SELECT count(*)::int FROM record_import_keys k WHERE k.record_id = r.id) AS keys
            FROM records r WHERE r.fields->>'studentEmail' LIKE ${`import.${run}.%`} GROUP BY r.id, email`,
      );
      return { students, broken: students.filter((s) => s.records !== 1 || s.events !== 1 || s.charges !== 1 || s.keys !== 1) };
    };
    const afterKill = await partial();
    expect(afterKill.broken).toEqual([]);
    expect(afterKill.students.length).toBeLessThan(ROWS);
    console.log(`import crash: killed at ${progress} of ${ROWS} rows reported, ${afterKill.students.length} students there, each whole`);

    server = await start(port);
    let finished: ImportRunView | null = null;
    for (const deadline = Date.now() + RESUMED_WITHIN_MS; Date.now() < deadline && !finished;) {
      const seen = await runOf(server.baseUrl, token, file._id, started._id);
      if (seen.kind === 'answered' && seen.status === 200 && seen.body.data.state === 'done') finished = seen.body.data;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await server.stop();
    server = undefined;
    expect(finished, 'the import taken up again and finished').not.toBeNull();
    // Rows the first process made count as made by the run, not as imported before.
    expect(finished!.counts).toEqual({ created: ROWS, skipped: 0, failed: 0 });
    const afterResume = await partial();
    expect(afterResume.broken).toEqual([]);
    expect(new Set(afterResume.students.map((s) => s.email))).toEqual(new Set(Array.from({ length: ROWS }, (_, row) => email(row))));
    expect(await count(sql`SELECT count(*)::int AS n FROM jobs WHERE id = ${started._id} AND attempts = 2`)).toBe(1);

    const invariants = await checkInvariants(db);
    expect(invariants.violations).toEqual([]);
    const rebuild = await compareRebuild(db);
    expect(rebuild.differing).toEqual([]);
  });
});
