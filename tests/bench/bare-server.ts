import { createServer, type IncomingMessage } from 'node:http';
import { text } from 'node:stream/consumers';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { MarkValue } from '../../common/exam-results';
import { invoiceListQuery } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import type { Db } from '../../api/db/client';
import { append } from '../../api/db/event-store';
import * as schema from '../../api/db/schema';
import { examMarksStream } from '../../api/domain/exam-results/events';
import { invoiceListQueries } from '../../api/domain/invoices/queries';
import { recentActivity } from '../../api/domain/dashboard/activity';
import {
  dashboardWindow,
  examFigures,
  invoiceFigures,
  paymentFigures,
  studentFigures,
  walletFigures,
} from '../../api/domain/dashboard/figures';
import { recordListQueries, recordQuery, type RecordListQuery } from '../../api/domain/record-queries';
import { listBalances } from '../../api/domain/wallet/balances';

/**
 * The baseline for read scenarios: node:http and pg with the same pool size as the server,
 * running the SQL the API runs for the same address (taken from the API's own query builders,
 * once per address), with no framework, no authentication, no validation and no shaping of the
 * answer beyond JSON.stringify of the rows.
 *
 *   GET /list?<the query of GET /api/v1/dynamic-data>   GET /record/<id>
 *   GET /invoices?<the query of GET /api/v1/invoices>: its page and its count with sums, institute-wide
 *
 * and GET /dashboard: the readers of GET /api/v1/dashboard over the same read tables, for every
 * branch and every area, their results serialised as they come.
 *
 * The baseline of a saved mark, PUT /marks with { examId, studentId, branchId, subject, value }:
 * the event a save of that one cell appends and its row of exam_marks, written by the event
 * store's own append in one transaction, with no check of the exam, the student, the sitting or
 * the mark, no lock and no fold of the student's marks.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const builder = drizzle(pool, { schema }) as unknown as Db;
const statements = new Map<string, { text: string; values: unknown[] }[]>();

function listQuery(search: URLSearchParams): RecordListQuery {
  const flag = (name: string) => (search.has(name) ? search.get(name) === 'true' : undefined);
  return {
    formType: search.get('formType') ?? 'student',
    search: search.get('search') ?? undefined,
    registered: flag('registered'),
    passout: flag('passout'),
    sort: 'createdAt',
    order: 'desc',
    page: Number(search.get('page') ?? 1),
    limit: Number(search.get('limit') ?? 20),
  };
}

function statementsFor(url: URL): { text: string; values: unknown[] }[] | null {
  const known = statements.get(url.href);
  if (known) return known;
  let built;
  if (url.pathname === '/list') {
    const { page, total } = recordListQueries(builder, listQuery(url.searchParams), null);
    built = [page.toSQL(), total.toSQL()];
  } else if (url.pathname === '/invoices') {
    const query = invoiceListQuery.parse(Object.fromEntries(url.searchParams));
    const { page, totals } = invoiceListQueries(builder, null, query, indianDay(new Date()));
    built = [page.toSQL(), totals.toSQL()];
  } else if (url.pathname.startsWith('/record/')) {
    built = [recordQuery(builder, decodeURIComponent(url.pathname.slice('/record/'.length)), null).toSQL()];
  } else {
    return null;
  }
  const prepared = built.map(({ sql, params }) => ({ text: sql, values: params }));
  statements.set(url.href, prepared);
  return prepared;
}

async function dashboard() {
  const balances = await listBalances(builder);
  const input = { db: builder, branchId: null, balances, ...dashboardWindow(new Date(), 12) };
  return Promise.all([
    studentFigures(input),
    walletFigures(input),
    examFigures(input),
    invoiceFigures(input),
    paymentFigures(input),
    recentActivity(builder, ['student', 'wallet', 'exam', 'invoice', 'payment'], null),
  ]);
}

interface BareMark {
  examId: string;
  studentId: string;
  branchId: string;
  subject: string;
  value: MarkValue;
}

async function saveMark(request: IncomingMessage) {
  const { examId, studentId, branchId, subject, value } = JSON.parse(await text(request)) as BareMark;
  const [stored] = await builder.transaction((tx) =>
    append(
      tx,
      examMarksStream(examId, studentId),
      'any',
      [{ type: 'MarksEntered', data: { examId, studentId, branchId, marks: [{ subject, value }] } }],
      { occurredAt: new Date(), requestId: 'bench-bare' },
    ),
  );
  return { version: stored!.version };
}

const server = createServer(async (request, response) => {
  if (request.method === 'PUT' && request.url === '/marks') {
    try {
      const body = JSON.stringify(await saveMark(request));
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
    return;
  }
  if (request.url === '/dashboard') {
    try {
      const body = JSON.stringify(await dashboard(), (_, value: unknown) => (value instanceof Map ? Object.fromEntries(value) : value));
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
    return;
  }
  const queries = statementsFor(new URL(request.url ?? '/', 'http://bare.local'));
  if (!queries) {
    response.writeHead(404).end();
    return;
  }
  try {
    const results = await Promise.all(queries.map((query) => pool.query({ ...query, rowMode: 'array' })));
    const body = JSON.stringify(results.map((result) => result.rows));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
