import type * as React from 'react';
import { invoiceLineKindLabels, paymentModeLabels, type InvoiceView, type PaymentView } from '../../../common/contracts/invoices';
import { ratePercent } from '../../../common/fees';
import { Badge } from '~/components/ui/badge';
import { Amount } from '~/components/wallet/money';
import { formatDate, formatDateTime } from '~/utils/format';

const cell = 'px-3 py-2 align-top';
const numeric = `${cell} text-right tabular-nums whitespace-nowrap`;
const head = 'px-3 py-2 font-medium whitespace-nowrap';

/** A table that scrolls sideways inside its frame on a narrow screen, never the page. */
function Frame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus, or a keyboard cannot scroll it (WCAG 2.1.1)
    <div className="overflow-x-auto rounded-lg border" role="region" aria-label={`Table of ${label.toLowerCase()}`} tabIndex={0}>
      {children}
    </div>
  );
}

/** The lines as issued: each with its amounts, and its taxes when the invoice charges any. */
export function LinesTable({ invoice }: { invoice: Pick<InvoiceView, 'lines' | 'supply' | 'title'> }) {
  const inter = invoice.supply === 'inter';
  const taxed = invoice.title === 'Tax Invoice';
  return (
    <Frame label="Lines">
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <caption className="sr-only">Lines</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={head}>
              #
            </th>
            <th scope="col" className={head}>
              Description
            </th>
            <th scope="col" className={`${head} text-right`}>
              Qty
            </th>
            <th scope="col" className={`${head} text-right`}>
              Rate
            </th>
            <th scope="col" className={`${head} text-right`}>
              Discount
            </th>
            <th scope="col" className={`${head} text-right`}>
              Taxable
            </th>
            {taxed ? (
              <th scope="col" className={`${head} text-right`}>
                {inter ? 'IGST' : 'CGST + SGST'}
              </th>
            ) : null}
            <th scope="col" className={`${head} text-right`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index} className="border-t">
              <td className={`${cell} text-muted-foreground tabular-nums`}>{index + 1}</td>
              <td className={cell}>
                <span className="font-medium">{line.description}</span>
                <span className="block text-xs text-muted-foreground">
                  {[invoiceLineKindLabels[line.kind], line.sac ? `SAC/HSN ${line.sac}` : null].filter(Boolean).join(' · ')}
                </span>
              </td>
              <td className={numeric}>{line.quantity}</td>
              <td className={numeric}>
                <Amount paise={line.rate} />
              </td>
              <td className={numeric}>{line.discount ? <Amount paise={line.discount} /> : '—'}</td>
              <td className={numeric}>
                <Amount paise={line.taxable} />
              </td>
              {taxed ? (
                <td className={numeric}>
                  <Amount paise={inter ? line.igst : line.cgst + line.sgst} />
                  <span className="block text-xs text-muted-foreground">{ratePercent(line.taxRate)}</span>
                </td>
              ) : null}
              <td className={`${numeric} font-medium`}>
                <Amount paise={line.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

/** The payments of an invoice, reversed ones kept and marked; `actions` gives each its buttons. */
export function PaymentsTable({ payments, actions }: { payments: PaymentView[]; actions: (payment: PaymentView) => React.ReactNode }) {
  return (
    <Frame label="Payments">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">Payments</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={head}>
              Receipt
            </th>
            <th scope="col" className={head}>
              Date
            </th>
            <th scope="col" className={head}>
              Mode
            </th>
            <th scope="col" className={head}>
              Reference
            </th>
            <th scope="col" className={`${head} text-right`}>
              Amount
            </th>
            <th scope="col" className={`${head} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment._id} className="border-t" data-reversed={payment.reversed || undefined}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                <span className={payment.reversed ? 'line-through' : undefined}>{payment.receiptNumber}</span>
                {payment.reversed ? (
                  <span className="block">
                    <Badge variant="destructive">Reversed</Badge>
                    {payment.reversedReason ? <span className="ml-1 text-xs text-muted-foreground">{payment.reversedReason}</span> : null}
                  </span>
                ) : null}
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDate(payment.date)}</td>
              <td className={cell}>{paymentModeLabels[payment.mode]}</td>
              <td className={cell}>{paymentReference(payment) || '—'}</td>
              <td className={numeric}>
                <Amount paise={payment.amount} className={payment.reversed ? 'text-muted-foreground line-through' : undefined} />
              </td>
              <td className={`${cell} text-right`}>
                <div className="flex justify-end gap-1">{actions(payment)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

/** What identifies a payment: its reference, or a cheque's number, bank and date. */
export function paymentReference(payment: PaymentView): string {
  if (payment.mode === 'cheque') {
    return [payment.chequeNumber && `No. ${payment.chequeNumber}`, payment.chequeBank, payment.chequeDate && formatDate(payment.chequeDate)]
      .filter(Boolean)
      .join(', ');
  }
  return payment.reference;
}

/** The invoice's events, oldest first, as its history reads. */
export function Timeline({ events }: { events: InvoiceView['timeline'] }) {
  return (
    <ol className="grid gap-3 border-l pl-4">
      {events.map((event, index) => (
        <li key={index} className="relative text-sm">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
          <p className="font-medium">{event.summary}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
            {event.actorName ? ` · ${event.actorName}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
