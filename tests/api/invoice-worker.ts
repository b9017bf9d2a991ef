import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { invoices } from '../../api/db/schema';
import { openDatabase, type Db } from '../../api/db/client';
import { ConcurrencyError } from '../../api/db/event-store';
import type { CommandContext } from '../../api/domain/command';
import { DomainError } from '../../api/domain/errors';
import { createInvoice, recordPayment } from '../../api/domain/invoices/commands';
import { invoiceDraftBody, paymentBody } from '../../common/contracts/invoices';
import { instituteActor } from './institute-actor';

/**
 * Issues invoices or pays one invoice the way concurrent requests would: each in its own
 * transaction, several in flight, a lost race run again as the API runs it. Imported by the
 * concurrency test, and run as a process of its own (job on stdin, summary on stdout) against a
 * PostgreSQL server.
 */

export type InvoiceJob =
  | { kind: 'issue'; studentId: string; count: number; concurrency: number }
  | { kind: 'pay'; invoiceId: string; amount: number; count: number; concurrency: number };

export interface InvoiceSummary {
  numbers: string[];
  paid: number;
  refused: number;
  errors: string[];
}

const staff = instituteActor('worker');

/** Runs one command in a transaction, again when it lost a race on its stream (as the endpoint layer does). */
async function attempt<T>(db: Db, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await db.transaction((tx) =>
        work({ tx, meta: { occurredAt: new Date(), actorId: null, requestId: `worker-${process.pid}` } }),
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || tries >= 20) throw error;
    }
  }
}

export async function runInvoiceJob(db: Db, job: InvoiceJob): Promise<InvoiceSummary> {
  const summary: InvoiceSummary = { numbers: [], paid: 0, refused: 0, errors: [] };
  let next = 0;
  const lane = async () => {
    while (next++ < job.count) {
      try {
        if (job.kind === 'issue') {
          const body = invoiceDraftBody.parse({
            kind: 'student',
            partyId: job.studentId,
            date: '2026-06-01',
            dueDate: '2026-06-15',
            lines: [{ kind: 'courseFee', description: 'Fee', quantity: 1, rate: 1_000 }],
            issue: true,
          });
          const number = await attempt(db, async (ctx) => {
            const id = await createInvoice(ctx, staff, body);
            const [row] = await ctx.tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
            return row?.number ?? `no number for ${id}`;
          });
          summary.numbers.push(number);
        } else {
          const body = paymentBody.parse({ amount: job.amount, mode: 'cash', date: '2026-06-02' });
          await attempt(db, (ctx) => recordPayment(ctx, staff, job.invoiceId, body));
          summary.paid += job.amount;
        }
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid') summary.refused++;
        else summary.errors.push(`${(error as Error).name}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, lane));
  return summary;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const job = JSON.parse(await readStdin()) as InvoiceJob;
  const database = await openDatabase({ url });
  try {
    process.stdout.write(JSON.stringify(await runInvoiceJob(database.db, job)));
  } finally {
    await database.close();
  }
}
