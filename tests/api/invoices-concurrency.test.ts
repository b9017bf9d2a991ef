import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { invoicePayments, invoices } from '../../api/db/schema';
import { createRecord } from '../../api/domain/records';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { databaseUrl } from '../support/template';
import { runWorkerProcess } from './worker-process';
import { addBranch, asSystem } from './accounts';
import { runInvoiceJob, type InvoiceJob, type InvoiceSummary } from './invoice-worker';

/**
 * Many callers issuing invoices of one branch and year, and paying one invoice, at once: 4 worker
 * processes against a PostgreSQL server, 4 groups of concurrent callers on PGlite.
 */

const template = inject('testDatabase');
const onServer = template.kind === 'postgres';
const WORKERS = 4;
const ISSUES_PER_WORKER = onServer ? 25 : 8;

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.cleanup());

async function fire(jobs: InvoiceJob[]) {
  const { db } = testDatabase.database;
  let url: string | null = null;
  if (onServer && template.kind === 'postgres') {
    const [row] = await db.select({ name: sql<string>`current_database()` }).from(sql`(SELECT 1) AS one`);
    url = databaseUrl(template.adminUrl, row!.name);
  }
  return Promise.all(jobs.map((job) => (url ? runWorkerProcess<InvoiceSummary>('invoice-worker.ts', url, job) : runInvoiceJob(db, job))));
}

async function addStudent(branchId: string) {
  const { db } = testDatabase.database;
  const { id } = await asSystem(db, (ctx) =>
    createRecord(ctx, { formType: 'student', branchId, fields: { studentName: 'Asha Rao', centerName: branchId } }),
  );
  return id;
}

const callers = onServer ? `${WORKERS} worker processes` : `${WORKERS} groups of concurrent callers (PGlite)`;

describe('invoices at once', () => {
  it(`${callers} issuing in one branch and year take unique, gap-free numbers`, async () => {
    const studentId = await addStudent(await addBranch(testDatabase.database.db, 'Nagpur', 'NC'));
    const summaries = await fire(
      Array.from({ length: WORKERS }, () => ({ kind: 'issue', studentId, count: ISSUES_PER_WORKER, concurrency: 3 }) as const),
    );
    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    const numbers = summaries.flatMap((s) => s.numbers).sort();
    const expected = Array.from({ length: WORKERS * ISSUES_PER_WORKER }, (_, i) => `NC/2026-27/${String(i + 1).padStart(5, '0')}`);
    expect(numbers).toEqual(expected);
  });

  it(`${callers} paying one invoice never take it below zero due`, async () => {
    const { db } = testDatabase.database;
    const studentId = await addStudent(await addBranch(db, 'Pune', 'PN'));
    const [issued] = await fire([{ kind: 'issue', studentId, count: 1, concurrency: 1 }]);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, issued!.numbers[0]!));
    // The invoice is 1,000 paise; 4 × 6 payments of 100 offer 2,400.
    const summaries = await fire(
      Array.from({ length: WORKERS }, () => ({ kind: 'pay', invoiceId: invoice!.id, amount: 100, count: 6, concurrency: 3 }) as const),
    );
    expect(summaries.flatMap((s) => s.errors)).toEqual([]);
    const recorded = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice!.id));
    const sum = recorded.reduce((n, p) => n + p.amount, 0);
    expect(sum).toBe(invoice!.total);
    expect(summaries.reduce((n, s) => n + s.paid, 0)).toBe(invoice!.total);
    expect(summaries.reduce((n, s) => n + s.refused, 0)).toBe(WORKERS * 6 - invoice!.total / 100);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.paid).toBe(invoice!.total);
    expect(new Set(recorded.map((p) => p.receiptNumber)).size).toBe(recorded.length);
  });
});
