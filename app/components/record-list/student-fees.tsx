import type * as React from 'react';
import { Link } from '@remix-run/react';
import { paymentModeLabels } from '../../../common/contracts/invoices';
import { InvoiceStatusBadge } from '~/components/invoices/status-badge';
import { Badge } from '~/components/ui/badge';
import { Amount } from '~/components/wallet/money';
import { invoicePaths } from '~/lib/invoices';
import type { StudentFees as Fees } from '~/lib/record-list';
import { formatDate } from '~/utils/format';

const cell = 'px-2 py-1.5 whitespace-nowrap';
const numeric = `${cell} text-right tabular-nums`;
const head = `${cell} font-medium`;

/** A narrow table that scrolls sideways inside the details, never the sheet. */
function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  children: React.ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus, or a keyboard cannot scroll it (WCAG 2.1.1)
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? `${head} text-right` : head}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** A student's fees on their details: what was billed, paid and is due, then their invoices and payments. */
export function StudentFees({ fees }: { fees: Fees }) {
  if (fees.invoices.length === 0) return <p className="text-sm text-muted-foreground">No invoices yet.</p>;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Figure label="Billed">
          <Amount paise={fees.billed} />
        </Figure>
        <Figure label="Paid">
          <Amount paise={fees.paid} />
        </Figure>
        <Figure label="Due">
          <Amount paise={fees.due} />
        </Figure>
        <Figure label="Next due date">{fees.nextDueDate ? formatDate(fees.nextDueDate) : '—'}</Figure>
        <Figure label="Overdue">
          {fees.overdue > 0 ? (
            <Badge variant="destructive">{`${fees.overdue} ${fees.overdue === 1 ? 'invoice' : 'invoices'}`}</Badge>
          ) : (
            'None'
          )}
        </Figure>
      </dl>
      <Table
        caption="Invoices"
        columns={[
          { label: 'Number' },
          { label: 'Date' },
          { label: 'Total', numeric: true },
          { label: 'Due', numeric: true },
          { label: 'Status' },
        ]}
      >
        {fees.invoices.map((invoice) => (
          <tr key={invoice._id} className="border-t">
            <td className={cell}>
              <Link
                to={invoicePaths.view(invoice._id)}
                className="font-medium text-primary tabular-nums underline-offset-4 hover:underline"
              >
                {invoice.number ?? 'Draft'}
              </Link>
            </td>
            <td className={`${cell} tabular-nums`}>{formatDate(invoice.date)}</td>
            <td className={numeric}>
              <Amount paise={invoice.total} />
            </td>
            <td className={numeric}>
              <Amount paise={invoice.due} />
            </td>
            <td className={cell}>
              <InvoiceStatusBadge status={invoice.status} />
            </td>
          </tr>
        ))}
      </Table>
      {fees.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <Table
          caption="Payments"
          columns={[{ label: 'Receipt' }, { label: 'Date' }, { label: 'Mode' }, { label: 'Amount', numeric: true }]}
        >
          {fees.payments.map((payment) => (
            <tr key={payment._id} className="border-t">
              <td className={`${cell} tabular-nums`}>
                <span className={payment.reversed ? 'line-through' : undefined}>{payment.receiptNumber}</span>
                {payment.reversed ? (
                  <Badge variant="destructive" className="ml-1">
                    Reversed
                  </Badge>
                ) : null}
              </td>
              <td className={`${cell} tabular-nums`}>{formatDate(payment.date)}</td>
              <td className={cell}>{paymentModeLabels[payment.mode]}</td>
              <td className={numeric}>
                <Amount paise={payment.amount} className={payment.reversed ? 'text-muted-foreground line-through' : undefined} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
