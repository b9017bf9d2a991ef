import type { InvoiceView } from '../../common/contracts/invoices';
import { billsBranch, invoiceBody, invoiceFate, invoicePayments } from './institute';
import { openInProcessApi } from './in-process-api';

/**
 * One invoice generator process: issues its share of the invoices through the API in-process
 * (every `workers`-th index from its own), then records their payments or cancels them as each
 * one's fate says, reporting progress to the parent.
 */
export interface InvoiceTask {
  databaseUrl: string;
  worker: number;
  workers: number;
  /** Invoices below this index were made by an earlier run. */
  firstInvoice: number;
  invoices: number;
  concurrency: number;
  branchIds: string[];
  studentIds: string[];
  admin: { email: string; password: string };
}

export type InvoiceWorkerMessage = { kind: 'progress'; invoices: number; commands: number } | { kind: 'done' };

async function run(task: InvoiceTask) {
  const api = await openInProcessApi(task.databaseUrl, task.concurrency);
  const token = await api.signIn(task.admin.email, task.admin.password);
  let next = task.firstInvoice + task.worker;
  let invoices = 0;
  let commands = 0;
  const report = () => process.send!({ kind: 'progress', invoices, commands } satisfies InvoiceWorkerMessage);
  const timer = setInterval(report, 1_000);

  async function lifecycle(invoice: number) {
    const partyId = billsBranch(invoice)
      ? task.branchIds[invoice % task.branchIds.length]!
      : task.studentIds[invoice % task.studentIds.length]!;
    const body = invoiceBody(invoice, partyId);
    const made = await api.expect<InvoiceView>(201, 'POST', '/invoices', { token, idempotencyKey: `invoice-${invoice}`, body });
    commands++;
    if (invoiceFate(invoice) === 'cancelled') {
      await api.expect(200, 'POST', `/invoices/${made._id}/cancel`, {
        token,
        idempotencyKey: `cancel-${invoice}`,
        body: { reason: 'Billed twice' },
      });
      commands++;
    }
    for (const [n, payment] of invoicePayments(invoice, body.date, made.due).entries()) {
      await api.expect(201, 'POST', `/invoices/${made._id}/payments`, { token, idempotencyKey: `pay-${invoice}-${n}`, body: payment });
      commands++;
    }
    invoices++;
  }

  await Promise.all(
    Array.from({ length: task.concurrency }, async () => {
      for (;;) {
        const invoice = next;
        if (invoice >= task.invoices) return;
        next += task.workers;
        await lifecycle(invoice);
      }
    }),
  );
  clearInterval(timer);
  report();
  await api.close();
  process.send!({ kind: 'done' } satisfies InvoiceWorkerMessage);
}

process.once('message', (task: InvoiceTask) => {
  run(task).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
