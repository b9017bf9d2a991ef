import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase } from '../../api/db/client';
import { rebuildProjections } from '../../api/db/rebuild';
import { starterLayout } from '../../common/certificate-starters';
import type { BulkJobView, EligibleStudentList, IssuedDocumentList } from '../../common/contracts/certificates';
import type { RecordView } from '../../common/contracts/dynamic-data';
import type { ImportRunView, ImportView } from '../../common/contracts/imports';
import { isFinished, type JobView } from '../../common/contracts/jobs';
import { formatCount } from '../../common/numbers';
import { indianDay } from '../../common/india-time';
import { freePort, relayOutput, stopProcess, waitUntilAnswering } from '../support/server-process';
import { storeFileOverHttp } from '../support/store-over-http';
import { firstLoadJavaScript, lighthouseScores } from './frontend';
import { prepareExams } from './exam-fixtures';
import { demoSiteContent } from '../../api/db/seed-site';
import { benchAdmin } from './generate';
import { branchAdminEmail, branchAdminPassword, searchFragment } from './institute';
import type { LoadResult, LoadSpec, MarkSaves, Variation } from './load-worker';
import { pgbenchTpcB } from './pgbench';
import { root, startProductionServer } from './production-server';
import { fixed, markdownTables, writeResults, type FigureRow, type ScenarioRow } from './report';
import { fetchPage, signInToWeb } from './web-session';

export interface MeasureOptions {
  databaseUrl: string;
  /** A server on which pgbench may create its scratch database. */
  serverUrl: string;
  connections: number;
  seconds: number;
}

const here = path.join(root, 'tests/bench');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The sitting whose marksheets one job makes: a large centre's whole exam. */
const MARKSHEETS_IN_ONE_JOB = 1_000;
const CERTIFICATES_IN_ONE_JOB = 1_000;

/** Rows of the students file the bench imports: an office's whole year of admissions at once. */
const IMPORTED_STUDENTS = 10_000;

/** One call to the running server's API, its data answered; anything but a success stops the run. */
async function callApi<Data>(
  baseUrl: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Data> {
  const answer = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: method === 'GET' ? headers : { ...headers, 'Idempotency-Key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: Data }).data;
}

/** Starts a job and waits for it, looking once a second: the job as it ended and the seconds from asking to done. */
async function runJob(baseUrl: string, headers: Record<string, string>, startPath: string, statusPath: string, body: unknown) {
  const started = performance.now();
  const answer = await fetch(`${baseUrl}${startPath}`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`starting the job at ${startPath} answered ${answer.status}: ${await answer.text()}`);
  const { _id } = ((await answer.json()) as { data: JobView }).data;
  let job: JobView;
  do {
    await sleep(1000);
    const progress = await fetch(`${baseUrl}${statusPath}/${_id}`, { headers });
    job = ((await progress.json()) as { data: JobView }).data;
  } while (!isFinished(job.state));
  if (job.state === 'failed') throw new Error(`the job at ${startPath} failed: ${job.error}`);
  return { job, seconds: (performance.now() - started) / 1000 };
}

/** Runs one load in the load generator's own process. */
function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load-worker.ts'), JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()!) as LoadResult);
    });
  });
}

/**
 * Grows a course's students who completed it and hold no certificate to `size`, a convocation's
 * batch: other students are moved into the course and marked completed through the API, as an
 * office would edit them, a few at a time.
 */
async function growCompleters(
  baseUrl: string,
  headers: Record<string, string>,
  courseId: string,
  candidates: readonly string[],
  size: number,
) {
  const eligible = (limit: number) =>
    callApi<EligibleStudentList>(
      baseUrl,
      headers,
      'GET',
      `/certificates/students?kind=certificate&eligible=true&courseId=${courseId}&limit=${limit}`,
    );
  let missing = size - (await eligible(1)).total;
  const queue = [...candidates];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (missing > 0 && queue.length > 0) {
        const student = await callApi<RecordView>(baseUrl, headers, 'GET', `/dynamic-data/${queue.shift()}`);
        if (student.courseId === courseId || student.completedCourse) continue;
        missing -= 1;
        const fields = Object.fromEntries(student.fieldsData.map(({ name, value }) => [name, value]));
        await callApi(baseUrl, headers, 'PUT', `/dynamic-data/${student._id}`, {
          formType: 'student',
          fieldsData: { ...fields, selectedCourse: courseId, completedCourse: true },
        });
      }
    }),
  );
  return (await eligible(1)).total;
}

/** The ids and counts the scenarios address, read from the filled database. */
async function readFixtures(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const column = async (text: string) => (await client.query<{ v: string }>(text)).rows.map((row) => row.v);
    const branchIds = await column(`select id as v from records where form_type = 'branch' and code like 'BB%' order by code`);
    const courseIds = await column(`select id as v from records where form_type = 'course' and code like 'BC%' order by code`);
    const studentIds = await column(`select id as v from records where form_type = 'student' order by random() limit 1000`);
    // Students of other courses who have not completed theirs: those the first course's completers are grown with.
    const movableStudentIds = await column(
      `select id as v from records where form_type = 'student' and not completed_course and course_id <> '${courseIds[0]}' order by random() limit ${CERTIFICATES_IN_ONE_JOB}`,
    );
    // Issued invoices with at least a hundred rupees due: a run's one-rupee payments never use it up.
    const payableInvoiceIds = await column(
      `select id as v from invoices where stage = 'issued' and total - paid >= 10000 order by random() limit 1000`,
    );
    const [invoiceNumber] = await column(`select number as v from invoices where number is not null order by random() limit 1`);
    const [counts] = (
      await client.query<{ students: number; registered: number; events: number; invoices: number; payments: number }>(
        `select (select count(*)::int from records where form_type = 'student') as students,
                (select count(*)::int from records where form_type = 'student' and is_registered) as registered,
                (select count(*)::int from events) as events,
                (select count(*)::int from invoices) as invoices,
                (select count(*)::int from invoice_payments) as payments`,
      )
    ).rows;
    if (branchIds.length === 0 || studentIds.length === 0) throw new Error('The database holds no generated institute: run generate first');
    if (!invoiceNumber || payableInvoiceIds.length === 0) throw new Error('The database holds no generated invoices: run generate first');
    return { branchIds, courseIds, studentIds, movableStudentIds, payableInvoiceIds, invoiceNumber, ...counts! };
  } finally {
    await client.end();
  }
}

/**
 * A bulk fill (or the last run's rebuild) outruns autovacuum: the tables are measured in the
 * state autovacuum keeps a live database in (planner statistics, a visibility map for index-only
 * counts), not straight after the load.
 */
async function vacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(`measure: VACUUM ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function startBareServer(databaseUrl: string) {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayOutput(child, output, 'bare');
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${baseUrl}/list?formType=branch&limit=1`, child, output, 60_000);
  return { baseUrl, stop: () => stopProcess(child) };
}

async function signInToApi(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/v2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  if (!response.ok) throw new Error(`Signing in to the API answered ${response.status}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/**
 * Publishes the demo institute's site through the API, its home page highlighting `courseIds`:
 * a section the seed published already as it stands is left as it is.
 */
async function publishSite(baseUrl: string, headers: Record<string, string>, courseIds: string[]) {
  for (const [section, content] of Object.entries(demoSiteContent(new Date(), courseIds))) {
    const { version } = await callApi<{ version: number }>(baseUrl, headers, 'GET', `/site-content/${section}`);
    const saved = await callApi<{ version: number; state: string }>(
      baseUrl,
      { ...headers, 'If-Match': `"${version}"` },
      'PUT',
      `/site-content/${section}`,
      { content },
    );
    if (saved.state === 'published') continue;
    await callApi(baseUrl, { ...headers, 'If-Match': `"${saved.version}"` }, 'POST', `/site-content/${section}/publish`, {});
  }
}

interface PublicSiteScenario {
  scenario: string;
  path: string;
  headers: Record<string, string>;
  staticPath: string;
  staticHeaders: Record<string, string>;
  baseline: string;
  expectedStatus?: number;
  /** The least share of the static file's requests a second, where the issue sets one. */
  target?: number;
}

/**
 * The public site as a visitor's browser or another site reads it, each beside the same bytes
 * as a static file from the same server: the whole site's JSON, the same answered 304 to its
 * ETag (what a caching reader mostly gets), and the home page.
 */
async function publicSiteScenarios(baseUrl: string, staticDirectory: string): Promise<PublicSiteScenario[]> {
  const json = await fetch(`${baseUrl}/api/v1/public/site`);
  const etag = json.headers.get('etag')!;
  await writeFile(path.join(staticDirectory, 'public-site.json'), Buffer.from(await json.arrayBuffer()));
  await writeFile(path.join(staticDirectory, 'site.html'), await fetchPage(baseUrl, '/site'));
  const staticEtag = (await fetch(`${baseUrl}/bench/public-site.json`)).headers.get('etag')!;
  return [
    {
      scenario: 'public site API, the whole site',
      path: '/api/v1/public/site',
      headers: {},
      staticPath: '/bench/public-site.json',
      staticHeaders: {},
      baseline: 'same JSON as a static file',
      target: 0.5,
    },
    {
      scenario: 'public site API, answered 304 to its ETag',
      path: '/api/v1/public/site',
      headers: { 'If-None-Match': etag },
      staticPath: '/bench/public-site.json',
      staticHeaders: { 'If-None-Match': staticEtag },
      baseline: 'static file answered 304',
      expectedStatus: 304,
      target: 0.5,
    },
    {
      scenario: 'public site home page /site (HTML)',
      path: '/site',
      headers: {},
      staticPath: '/bench/site.html',
      staticHeaders: {},
      baseline: 'same page as a static file',
    },
  ];
}

/**
 * Every scenario against the running production build and its baseline in the same run, then
 * the server's memory, the first-load JavaScript, Lighthouse, pgbench and the projection rebuild.
 */
export async function measure(options: MeasureOptions) {
  await vacuum(options.databaseUrl);
  const fixtures = await readFixtures(options.databaseUrl);
  console.log(
    `measure: ${fixtures.students} students (${fixtures.registered} registered), ${fixtures.invoices} invoices ` +
      `(${fixtures.payments} payments), ${fixtures.events} events, ` +
      `${options.connections} connections, ${options.seconds} s per load`,
  );
  const limit = 50;
  const deepPage = Math.max(1, Math.floor((fixtures.registered / limit) * 0.8));
  const listPath = (extra: string) => `/dynamic-data?formType=student&registered=true&limit=${limit}${extra}`;
  const rows: ScenarioRow[] = [];
  const figures: FigureRow[] = [];
  const staticFile = path.join(root, 'build/client/bench/registered-students.html');

  const server = await startProductionServer(options.databaseUrl);
  const bare = await startBareServer(options.databaseUrl);
  try {
    const token = await signInToApi(server.baseUrl);
    const cookie = await signInToWeb(server.baseUrl, benchAdmin.email, benchAdmin.password);
    const auth = { Authorization: `Bearer ${token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const load = (
      url: string,
      method: LoadSpec['method'],
      requestPath: string,
      headers: Record<string, string>,
      variation: Variation = { kind: 'none' },
      expectedStatus?: number,
    ) =>
      runLoad({
        url,
        method,
        path: requestPath,
        headers,
        variation,
        expectedStatus,
        connections: options.connections,
        seconds: options.seconds,
      });
    const show = (row: ScenarioRow) => {
      rows.push(row);
      console.log(
        `measure: ${row.scenario}: ${fixed(row.ours.requestsPerSecond, 0)} req/s, p95 ${fixed(row.ours.p95)} ms, ` +
          `${row.ours.errors} errors; ${row.baseline.name} ${fixed(row.baseline.requestsPerSecond, 0)} req/s` +
          `${row.baseline.p95 === undefined ? '' : `, p95 ${fixed(row.baseline.p95)} ms`}`,
      );
    };
    /** A scenario beside the bare handler doing its work, held to p95 within 1.5x of it. */
    const showBesideBare = (scenario: string, ours: LoadResult, baseline: LoadResult) => {
      const ratio = ours.p95 / baseline.p95;
      show({
        scenario,
        ours,
        baseline: { name: 'bare node:http + pg', requestsPerSecond: baseline.requestsPerSecond, p95: baseline.p95 },
        ratio: { of: 'p95', value: ratio },
        target: { text: '<= 1.5x', met: ratio <= 1.5 },
      });
    };

    const reads = [
      { scenario: 'list registered students, page 1', api: listPath(''), bare: `/list?${listPath('').split('?')[1]}` },
      {
        scenario: `list registered students, page ${deepPage}`,
        api: listPath(`&page=${deepPage}`),
        bare: `/list?${listPath(`&page=${deepPage}`).split('?')[1]}`,
      },
      {
        scenario: `search students for "${searchFragment}"`,
        api: listPath(`&search=${searchFragment}`).replace('&registered=true', ''),
        bare: '',
      },
    ];
    reads[2]!.bare = `/list?${reads[2]!.api.split('?')[1]}`;
    for (const read of reads) {
      const ours = await load(server.baseUrl, 'GET', `/api/v1${read.api}`, auth);
      const baseline = await load(bare.baseUrl, 'GET', read.bare, {});
      showBesideBare(read.scenario, ours, baseline);
    }
    {
      const ours = await load(server.baseUrl, 'GET', '/api/v1/dynamic-data/:id', auth, {
        kind: 'open',
        paths: fixtures.studentIds.map((id) => `/api/v1/dynamic-data/${id}`),
      });
      const baseline = await load(
        bare.baseUrl,
        'GET',
        '/record/:id',
        {},
        { kind: 'open', paths: fixtures.studentIds.map((id) => `/record/${id}`) },
      );
      showBesideBare('open one student', ours, baseline);
    }
    for (const [scenario, query] of [
      [`list invoices, page 1`, ''],
      [`list overdue invoices, page 1`, '&status=overdue'],
      [`list one branch's invoices, page 1`, `&branchId=${fixtures.branchIds[0]}`],
      [`search invoices for "${searchFragment}"`, `&search=${searchFragment}`],
      [`search invoices for a number`, `&search=${encodeURIComponent(fixtures.invoiceNumber)}`],
    ]) {
      const ours = await load(server.baseUrl, 'GET', `/api/v1/invoices?limit=${limit}${query}`, auth);
      const baseline = await load(bare.baseUrl, 'GET', `/invoices?limit=${limit}${query}`, {});
      showBesideBare(scenario!, ours, baseline);
    }
    {
      const ours = await load(server.baseUrl, 'GET', '/api/v1/dashboard', auth);
      const baseline = await load(bare.baseUrl, 'GET', '/dashboard', {});
      showBesideBare('dashboard figures, every branch', ours, baseline);
    }
    await mkdir(path.dirname(staticFile), { recursive: true });
    await publishSite(server.baseUrl, json, fixtures.courseIds.slice(0, 4));
    for (const scenario of await publicSiteScenarios(server.baseUrl, path.dirname(staticFile))) {
      const ours = await load(server.baseUrl, 'GET', scenario.path, scenario.headers, undefined, scenario.expectedStatus);
      const baseline = await load(server.baseUrl, 'GET', scenario.staticPath, scenario.staticHeaders, undefined, scenario.expectedStatus);
      const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
      show({
        scenario: scenario.scenario,
        ours,
        baseline: { name: scenario.baseline, requestsPerSecond: baseline.requestsPerSecond, p95: baseline.p95 },
        ratio: { of: 'requests/s', value: ratio },
        target: scenario.target === undefined ? undefined : { text: `>= ${scenario.target}x`, met: ratio >= scenario.target },
      });
    }
    for (const screen of [
      {
        scenario: `student list page (Remix, ${limit} rows)`,
        path: `/admin/students/registered?limit=${limit}`,
        file: 'registered-students.html',
      },
      { scenario: 'dashboard page (Remix)', path: '/admin', file: 'dashboard.html' },
    ]) {
      await writeFile(path.join(path.dirname(staticFile), screen.file), await fetchPage(server.baseUrl, screen.path, cookie));
      const ours = await load(server.baseUrl, 'GET', screen.path, { Cookie: cookie });
      const baseline = await load(server.baseUrl, 'GET', `/bench/${screen.file}`, {});
      const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
      show({
        scenario: screen.scenario,
        ours,
        baseline: { name: 'same page as a static file', requestsPerSecond: baseline.requestsPerSecond, p95: baseline.p95 },
        ratio: { of: 'requests/s', value: ratio },
        target: { text: '>= 0.3x', met: ratio >= 0.3 },
      });
    }

    const tpcb = await pgbenchTpcB(options.serverUrl, options.connections, options.seconds);
    console.log(`measure: pgbench TPC-B with ${options.connections} clients: ${tpcb.tps.toFixed(0)} tps`);
    const pgbench = { name: `pgbench TPC-B, ${options.connections} clients`, requestsPerSecond: tpcb.tps };
    const writes: {
      scenario: string;
      path: string;
      variation: Variation;
      target?: (rps: number, ratio: number) => ScenarioRow['target'];
    }[] = [
      {
        scenario: 'sign in',
        path: '/api/v1/auth/v2/login',
        variation: { kind: 'sign-in', emails: fixtures.branchIds.map((_, i) => branchAdminEmail(i)), password: branchAdminPassword },
      },
      {
        scenario: 'admit a student (with wallet charge)',
        path: '/api/v1/dynamic-data',
        variation: { kind: 'admission', branchIds: fixtures.branchIds, courseIds: fixtures.courseIds },
        target: (rps, ratio) => ({ text: '>= 0.5x and >= 500/s', met: ratio >= 0.5 && rps >= 500 }),
      },
      {
        scenario: 'charge a wallet',
        path: '/api/v1/wallet/operation-pricing/deduct',
        variation: { kind: 'charge', branchIds: fixtures.branchIds },
      },
      {
        scenario: 'issue a student invoice',
        path: '/api/v1/invoices',
        variation: { kind: 'invoice', studentIds: fixtures.studentIds, date: indianDay(new Date()) },
      },
      {
        scenario: 'record a payment',
        path: '/api/v1/invoices/:id/payments',
        variation: { kind: 'payment', invoiceIds: fixtures.payableInvoiceIds, date: indianDay(new Date()) },
      },
    ];
    for (const write of writes) {
      const ours = await load(
        server.baseUrl,
        'POST',
        write.path,
        write.scenario === 'sign in' ? { 'Content-Type': 'application/json' } : json,
        write.variation,
      );
      const ratio = ours.requestsPerSecond / tpcb.tps;
      show({
        scenario: write.scenario,
        ours,
        baseline: pgbench,
        ratio: { of: 'requests/s', value: ratio },
        target: write.target?.(ours.requestsPerSecond, ratio),
      });
    }

    const exams = await prepareExams(server.baseUrl, token, fixtures.courseIds[0]!, MARKSHEETS_IN_ONE_JOB);
    {
      // Saves in flight at once are of as many students, and a cell is saved again only once its last save answered.
      if (exams.entry.students < 2 * options.connections) {
        throw new Error(`${exams.entry.students} students sit the bench exam: too few for saves on ${options.connections} connections`);
      }
      const saves: MarkSaves = { kind: 'marks', cells: exams.entry.cells };
      const ours = await load(server.baseUrl, 'PUT', `/api/v1/exams/${exams.entry.examId}/results/marks`, json, saves);
      const baseline = await load(
        bare.baseUrl,
        'PUT',
        '/marks',
        { 'Content-Type': 'application/json' },
        { ...saves, bareExamId: exams.entry.examId },
      );
      showBesideBare(`save one mark (${exams.entry.cells.length} cells in turn)`, ours, baseline);
    }
    {
      // 10,000 students imported from one file by the server's job runner, each row through the admission.
      const branchId = fixtures.branchIds[0]!;
      await callApi(server.baseUrl, json, 'POST', '/wallet/add-balance', { branchId, amount: 5_000_000_000, note: 'Bench import' });
      const run = randomUUID().slice(0, 8);
      const lines = ['Student Name,Center Name,Selected Course,Student Email,Phone Number'];
      for (let row = 0; row < IMPORTED_STUDENTS; row++) {
        lines.push(
          `Imported ${run} ${row},${branchId},${fixtures.courseIds[row % fixtures.courseIds.length]},imported.${run}.${row}@bench.test,9${String(row).padStart(9, '0')}`,
        );
      }
      const fileKey = await storeFileOverHttp(server.baseUrl, auth, {
        fileName: `students-${run}.csv`,
        fileType: 'text/csv',
        bytes: Buffer.from(lines.join('\r\n')),
        formType: 'imports',
        fieldName: 'importFile',
      });
      const file = await callApi<ImportView>(server.baseUrl, json, 'POST', '/imports', { formType: 'student', fileKey });
      const { job, seconds } = await runJob(server.baseUrl, json, `/api/v1/imports/${file._id}/runs`, `/api/v1/imports/${file._id}/runs`, {
        mapping: file.mapping,
        dryRun: false,
      });
      const { created, failed } = (job as ImportRunView).counts;
      if (created !== IMPORTED_STUDENTS) throw new Error(`the import made ${created} students of ${IMPORTED_STUDENTS} (${failed} refused)`);
      const perSecond = IMPORTED_STUDENTS / seconds;
      const admissions = rows.find((row) => row.scenario === 'admit a student (with wallet charge)')?.ours.requestsPerSecond;
      const { peak } = await server.memory();
      const value = `${seconds.toFixed(0)} s, ${fixed(perSecond, 0)} rows/s${admissions ? ` (${fixed(perSecond / admissions, 2)}x of ${fixed(admissions, 0)} admissions/s through the API)` : ''}`;
      console.log(`measure: ${IMPORTED_STUDENTS} students imported from one file: ${value}, server peak RSS ${mb(peak)}`);
      figures.push(
        { figure: `${formatCount(IMPORTED_STUDENTS)} students imported from one CSV file, each row an admission with its charge`, value },
        {
          figure: 'server peak RSS up to the end of the import',
          value: mb(peak),
          target: { text: '< 250 MB', met: peak < 250 * 1024 * 1024 },
        },
      );
    }

    for (const format of ['csv', 'xlsx'] as const) {
      // Every student, read by the client as fast as it comes.
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/api/v1/dynamic-data/export?formType=student&format=${format}`, { headers: auth });
      if (!answer.ok || !answer.body) throw new Error(`the ${format} export answered ${answer.status}`);
      let bytes = 0;
      const reader = answer.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
      const seconds = (performance.now() - started) / 1000;
      const { peak } = await server.memory();
      const value = `${seconds.toFixed(1)} s, ${mb(bytes)}`;
      console.log(`measure: every student exported as ${format}: ${value}, server peak RSS ${mb(peak)}`);
      figures.push(
        {
          figure: `every student (${formatCount(fixtures.students + IMPORTED_STUDENTS)}) exported as ${format === 'csv' ? 'CSV' : 'Excel'}`,
          value,
        },
        {
          figure: `server peak RSS up to the end of the ${format === 'csv' ? 'CSV' : 'Excel'} export`,
          value: mb(peak),
          target: { text: '< 250 MB', met: peak < 250 * 1024 * 1024 },
        },
      );
    }

    {
      // One request at a time: a response's time is the server's time to make one marksheet, not a queue's.
      const marksheet = await runLoad({
        url: server.baseUrl,
        method: 'GET',
        path: '/api/v1/exams/:id/results/marksheets/:studentId',
        headers: auth,
        variation: { kind: 'open', paths: exams.marksheetPaths },
        connections: 1,
        seconds: options.seconds,
      });
      const made = `${marksheet.requests} made${marksheet.errors ? `, ${marksheet.errors} errors` : ''}`;
      const value = `p50 ${fixed(marksheet.p50, 0)} ms, p95 ${fixed(marksheet.p95, 0)} ms`;
      console.log(`measure: one marksheet PDF: ${value} (${made})`);
      figures.push({ figure: `one marksheet PDF, server time, one request at a time (${made})`, value });
    }

    {
      // A course's certificates issued at once by the server's job runner, then printed one at a time.
      const course = fixtures.courseIds[0]!;
      const completers = await growCompleters(server.baseUrl, json, course, fixtures.movableStudentIds, CERTIFICATES_IN_ONE_JOB);
      console.log(`measure: ${completers} students completed the course and hold no certificate`);
      const format = await callApi<{ _id: string }>(server.baseUrl, json, 'POST', '/certificate-formats', {
        name: `Bench ${randomUUID().slice(0, 8)}`,
        layout: starterLayout('certificate', 'A4', 'landscape'),
      });
      const { job, seconds } = await runJob(server.baseUrl, json, '/api/v1/certificates/bulk', '/api/v1/certificates/jobs', {
        kind: 'certificate',
        formatId: format._id,
        courseId: course,
      });
      const { issued } = job as BulkJobView;
      const { peak } = await server.memory();
      const value = `${seconds.toFixed(1)} s (${fixed((seconds * 1000) / Math.max(1, issued), 0)} ms a certificate)`;
      console.log(`measure: ${issued} certificates in one bulk job: ${value}, server peak RSS ${mb(peak)}`);
      figures.push(
        {
          figure: `${issued} certificates of one course issued in one job (every student who completed it, grown to ${CERTIFICATES_IN_ONE_JOB})`,
          value,
        },
        {
          figure: 'server peak RSS up to the end of the certificates job',
          value: mb(peak),
          target: { text: '< 250 MB', met: peak < 250 * 1024 * 1024 },
        },
      );
      const documents = await callApi<IssuedDocumentList>(server.baseUrl, json, 'GET', `/certificates?courseId=${course}&limit=100`);
      const pdf = await runLoad({
        url: server.baseUrl,
        method: 'GET',
        path: '/api/v1/certificates/:id/pdf',
        headers: auth,
        variation: { kind: 'open', paths: documents.documents.map(({ _id }) => `/api/v1/certificates/${_id}/pdf`) },
        connections: 1,
        seconds: options.seconds,
      });
      const made = `${pdf.requests} made${pdf.errors ? `, ${pdf.errors} errors` : ''}`;
      const pdfValue = `p50 ${fixed(pdf.p50, 0)} ms, p95 ${fixed(pdf.p95, 0)} ms`;
      console.log(`measure: one certificate PDF: ${pdfValue} (${made})`);
      figures.push({ figure: `one certificate PDF, server time, one request at a time (${made})`, value: pdfValue });
    }

    {
      // A whole sitting's marksheets as one PDF, made by the server's own job runner while nothing else runs.
      const { seconds } = await runJob(
        server.baseUrl,
        json,
        `/api/v1/exams/${exams.job.examId}/results/marksheets/jobs`,
        `/api/v1/exams/${exams.job.examId}/results/marksheets/jobs`,
        { branchId: exams.job.branchId },
      );
      const { peak } = await server.memory();
      const value = `${seconds.toFixed(0)} s (${fixed((seconds * 1000) / exams.job.students, 0)} ms a marksheet)`;
      console.log(`measure: ${exams.job.students} marksheets in one job: ${value}, server peak RSS ${mb(peak)}`);
      figures.push(
        { figure: `${exams.job.students} marksheets of one sitting in one job, one PDF`, value },
        {
          figure: 'server peak RSS up to the end of the marksheets job',
          value: mb(peak),
          target: { text: '< 250 MB', met: peak < 250 * 1024 * 1024 },
        },
      );
    }

    const memory = await server.memory();
    figures.push(
      { figure: 'server RSS after the run', value: mb(memory.rss), target: { text: '< 250 MB', met: memory.rss < 250 * 1024 * 1024 } },
      {
        figure: 'server peak RSS during the run',
        value: mb(memory.peak),
        target: { text: '< 250 MB', met: memory.peak < 250 * 1024 * 1024 },
      },
    );
    for (const [name, page, pageCookie] of [
      ['first-load JS of /admin, signed in (gzip)', '/admin', cookie],
      ['first-load JS of /admin, signed out: the login page (gzip)', '/admin', undefined],
    ] as const) {
      const js = await firstLoadJavaScript(server.baseUrl, page, pageCookie);
      figures.push({
        figure: `${name}, ${js.files} files`,
        value: kb(js.gzipBytes),
        target: { text: '<= 120 KB', met: js.gzipBytes <= 120 * 1024 },
      });
    }
    for (const [name, page, pageCookie] of [
      ['login page', '/admin/login', undefined],
      ['registered students list', `/admin/students/registered?limit=${limit}`, cookie],
    ] as const) {
      const scores = await lighthouseScores(`${server.baseUrl}${page}`, pageCookie);
      figures.push(
        {
          figure: `Lighthouse performance, ${name}`,
          value: String(scores.performance),
          target: { text: '>= 95', met: scores.performance >= 95 },
        },
        {
          figure: `Lighthouse accessibility, ${name}${scores.failedAccessibilityAudits.length ? ` (failing: ${scores.failedAccessibilityAudits.join(', ')})` : ''}`,
          value: String(scores.accessibility),
          target: { text: '100', met: scores.accessibility === 100 },
        },
      );
    }
  } finally {
    await rm(path.dirname(staticFile), { recursive: true, force: true });
    await bare.stop();
    await server.stop();
  }

  const database = await openDatabase({ url: options.databaseUrl });
  try {
    const started = performance.now();
    const events = await rebuildProjections(database.db);
    const seconds = (performance.now() - started) / 1000;
    const perMillion = (seconds / events) * 1_000_000;
    figures.push({
      figure: `projection rebuild, ${events} events (${Math.round(events / seconds)} events/s)`,
      value: `${seconds.toFixed(1)} s`,
      target: { text: '1M events < 60 s', met: perMillion < 60 },
    });
  } finally {
    await database.close();
  }

  const table = markdownTables(rows, figures);
  console.log(`\n${table}\n`);
  const file = await writeResults({
    at: new Date().toISOString(),
    institute: {
      students: fixtures.students,
      invoices: fixtures.invoices,
      payments: fixtures.payments,
      registered: fixtures.registered,
      events: fixtures.events,
      branches: fixtures.branchIds.length,
      courses: fixtures.courseIds.length,
    },
    options: { connections: options.connections, seconds: options.seconds },
    scenarios: rows,
    figures,
    table,
  });
  console.log(`measure: results in ${path.relative(root, file)}`);
}
