import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { invoiceMessages, type InvoiceView, type PaymentBody } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ConfirmForm, ReasonForm } from '~/components/action-forms';
import { PaymentForm } from '~/components/invoices/payment-form';
import { LinesTable, PaymentsTable, Timeline } from '~/components/invoices/invoice-details';
import { InvoiceTotalsList, TotalRow } from '~/components/invoices/invoice-totals';
import { InvoiceStatusBadge } from '~/components/invoices/status-badge';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { CheckIcon, CreditCardIcon, DownloadIcon, FilesIcon, PencilIcon, Trash2Icon, Undo2Icon, XIcon } from '~/components/ui/icons';
import { toast } from '~/components/ui/sonner';
import { UrlDialog } from '~/components/wallet/url-dialog';
import { editableDraft, invoiceActionSchema, invoiceKindLabels, invoicePaths, invoiceRights, payable } from '~/lib/invoices';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';
import { withParams } from '~/lib/list-query';
import { failureMessage } from '~/services/api.server';
import { requireAdminRoute } from '~/services/auth.server';
import { readForm, replyWithRefusal } from '~/services/forms.server';
import { cancelInvoice, deleteDraft, getInvoice, issueInvoice, recordPayment, reversePayment } from '~/services/invoices.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.invoice.number ?? 'Draft invoice'} · ${data.invoice.party.name}` : 'Invoice' },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const answer = await getInvoice(api, params.id ?? '');
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers });
  return data(
    {
      invoice: answer.data,
      rights: invoiceRights(user),
      today: indianDay(new Date()),
      /** One per payment form shown: the same form sent twice records one payment. */
      paymentKey: crypto.randomUUID(),
    },
    { headers },
  );
}

/** Opening and closing a dialog changes only the address: the invoice stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

const PAYMENT_FIELDS = ['amount', 'mode', 'date', 'reference', 'chequeNumber', 'chequeBank', 'chequeDate', 'notes'];

/** The payment the form describes, without the form's own fields (its intent, its key). */
const paymentOf = ({ amount, mode, date, reference, chequeNumber, chequeBank, chequeDate, notes }: PaymentBody): PaymentBody => ({
  amount,
  mode,
  date,
  reference,
  chequeNumber,
  chequeBank,
  chequeDate,
  notes,
});

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const id = params.id ?? '';
  const { submission } = await readForm(request, invoiceActionSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const value = submission.value;
  const page = invoicePaths.view(id);
  const done = { to: page, fallback: '' };
  const { result, to, fallback } =
    value.intent === 'issue'
      ? { ...done, result: await issueInvoice(api, id, value.version), fallback: invoiceMessages.issued }
      : value.intent === 'delete'
        ? { result: await deleteDraft(api, id, value.version), to: invoicePaths.list, fallback: invoiceMessages.draftDeleted }
        : value.intent === 'cancel'
          ? { ...done, result: await cancelInvoice(api, id, value.reason, value.version), fallback: invoiceMessages.cancelled }
          : value.intent === 'pay'
            ? {
                ...done,
                result: await recordPayment(api, id, paymentOf(value), value.idempotencyKey),
                fallback: invoiceMessages.paymentRecorded,
              }
            : { ...done, result: await reversePayment(api, id, value.paymentId, value.reason), fallback: invoiceMessages.paymentReversed };
  if (!result.ok) {
    const failed = 'The invoice could not be changed. Try again.';
    // Issuing and deleting are confirmations with no field to answer beside: the reason comes as a toast on the invoice.
    if (value.intent === 'issue' || value.intent === 'delete') {
      return redirectWithToast(page, { type: 'error', title: failureMessage(result, failed) }, { headers });
    }
    return replyWithRefusal(submission, result, {
      fields: value.intent === 'pay' ? PAYMENT_FIELDS : ['reason'],
      fallback: failed,
      headers,
    });
  }
  const number = value.intent === 'issue' && 'number' in result.data && result.data.number ? ` ${result.data.number}` : '';
  return redirectWithToast(to, { type: 'success', title: `${result.message || fallback}${number}` }, { headers });
}

const cancellable = (invoice: InvoiceView) => invoice.status !== 'draft' && invoice.status !== 'cancelled';

export default function InvoicePage() {
  const { invoice, rights, today, paymentKey } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const params = new URLSearchParams(search);
  const closeTo = withParams(search, { pay: null, cancel: null, reverse: null, delete: null }) || '?';
  const pdf = invoicePaths.pdf(invoice._id);
  const reversing = rights.payments
    ? invoice.payments.find((payment) => payment._id === params.get('reverse') && !payment.reversed)
    : undefined;
  const paying = rights.payments && payable(invoice) && params.has('pay');
  const cancelling = rights.manage && cancellable(invoice) && params.has('cancel');
  const issuing = useSubmittingIntent('issue');
  const editable = editableDraft(rights, invoice);
  const deleting = editable && params.has('delete');
  const title = invoice.number ?? 'Draft invoice';

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(pdf, window.location.href).toString());
      toast.success('Link to the PDF copied');
    } catch {
      toast.error('The link could not be copied', { description: new URL(pdf, window.location.href).toString() });
    }
  };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <BackLink to={invoicePaths.list}>Invoices</BackLink>
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} />
            <span>
              {invoice.title} · {invoiceKindLabels[invoice.kind]} invoice to {invoice.party.name}
            </span>
          </span>
        }
        actions={
          <>
            {invoice.status === 'draft' && rights.manage ? (
              <Form method="post">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="issue" />
                <input type="hidden" name="version" value={invoice.version} />
                <Button type="submit" disabled={issuing}>
                  <CheckIcon aria-hidden="true" /> {issuing ? 'Issuing…' : 'Issue invoice'}
                </Button>
              </Form>
            ) : null}
            {editable ? (
              <Button asChild variant="outline">
                <Link to={invoicePaths.edit(invoice._id)}>
                  <PencilIcon aria-hidden="true" /> Edit draft
                </Link>
              </Button>
            ) : null}
            {editable ? (
              <Button asChild variant="outline" className="text-destructive">
                <Link to={withParams(search, { delete: '1' })} preventScrollReset>
                  <Trash2Icon aria-hidden="true" /> Delete draft
                </Link>
              </Button>
            ) : null}
            {rights.payments && payable(invoice) ? (
              <Button asChild>
                <Link to={withParams(search, { pay: '1' })} preventScrollReset>
                  <CreditCardIcon aria-hidden="true" /> Record payment
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a href={`${pdf}?download`} download>
                <DownloadIcon aria-hidden="true" /> Download PDF
              </a>
            </Button>
            {invoice.creditNoteNumber ? (
              <Button asChild variant="outline">
                <a href={`${invoicePaths.creditNote(invoice._id)}?download`} download>
                  <DownloadIcon aria-hidden="true" /> Download credit note
                </a>
              </Button>
            ) : null}
            {hydrated ? (
              <Button type="button" variant="outline" onClick={copyLink}>
                <FilesIcon aria-hidden="true" /> Copy link to PDF
              </Button>
            ) : null}
            {rights.manage && cancellable(invoice) ? (
              <Button asChild variant="outline" className="text-destructive">
                <Link to={withParams(search, { cancel: '1' })} preventScrollReset>
                  <XIcon aria-hidden="true" /> Cancel invoice
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <UrlDialog open={paying} closeTo={closeTo} title="Record payment" description={`${title} · ${invoice.party.name}`}>
        <PaymentForm due={invoice.due} today={today} idempotencyKey={paymentKey} closeTo={closeTo} />
      </UrlDialog>
      <UrlDialog
        open={cancelling}
        closeTo={closeTo}
        alert
        title={`Cancel ${title}?`}
        description="It keeps its number, and a credit note reverses it. This cannot be undone."
      >
        <ReasonForm
          intent="cancel"
          hidden={{ version: invoice.version }}
          label="Cancel invoice"
          busyLabel="Cancelling…"
          placeholder="Billed twice by mistake"
          closeTo={closeTo}
        />
      </UrlDialog>
      <UrlDialog
        open={deleting}
        closeTo={closeTo}
        alert
        title="Delete this draft?"
        description="It has no number, so none is lost. This cannot be undone."
      >
        <ConfirmForm intent="delete" hidden={{ version: invoice.version }} label="Delete draft" busyLabel="Deleting…" closeTo={closeTo} />
      </UrlDialog>
      <UrlDialog
        open={Boolean(reversing)}
        closeTo={closeTo}
        alert
        title={reversing ? `Reverse receipt ${reversing.receiptNumber}?` : 'Reverse payment'}
        description="The payment stays on record, marked reversed, and the amount is due again."
      >
        {reversing ? (
          <ReasonForm
            intent="reverse"
            hidden={{ paymentId: reversing._id }}
            label="Reverse payment"
            busyLabel="Reversing…"
            placeholder="Cheque bounced"
            closeTo={closeTo}
          />
        ) : null}
      </UrlDialog>

      {invoice.status === 'cancelled' ? (
        <p role="note" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          Cancelled{invoice.cancelledReason ? `: ${invoice.cancelledReason}` : ''}.
          {invoice.creditNoteNumber ? ` Credit note ${invoice.creditNoteNumber}.` : ''}
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-sm text-muted-foreground">Billed to</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-0.5 px-4 text-sm">
            <p className="font-medium">{invoice.party.name}</p>
            {invoice.party.code ? <p className="text-muted-foreground">{invoice.party.code}</p> : null}
            {invoice.party.address ? <p className="whitespace-pre-line">{invoice.party.address}</p> : null}
            {invoice.party.state ? <p>Place of supply: {invoice.party.state}</p> : null}
            {invoice.party.gstin ? <p>GSTIN {invoice.party.gstin}</p> : null}
          </CardContent>
        </Card>
        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-sm text-muted-foreground">Dates</CardTitle>
          </CardHeader>
          <CardContent className="px-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-muted-foreground">Invoice date</dt>
              <dd className="tabular-nums">{formatDate(invoice.date)}</dd>
              <dt className="text-muted-foreground">Due by</dt>
              <dd className={invoice.status === 'overdue' ? 'font-medium text-destructive tabular-nums' : 'tabular-nums'}>
                {formatDate(invoice.dueDate)}
              </dd>
              {invoice.branchName ? (
                <>
                  <dt className="text-muted-foreground">Branch</dt>
                  <dd>{invoice.branchName}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-sm text-muted-foreground">Amounts</CardTitle>
          </CardHeader>
          <CardContent className="px-4">
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              <TotalRow label="Total" paise={invoice.totals.total} />
              <TotalRow label="Paid" paise={invoice.paid} />
              <TotalRow label="Due" paise={invoice.due} strong />
            </dl>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="lines-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="lines-title" className="text-lg font-semibold">
          Lines
        </h2>
        <LinesTable invoice={invoice} />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="text-sm">
            {invoice.notes ? (
              <>
                <h3 className="font-medium">Notes</h3>
                <p className="whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
              </>
            ) : null}
          </div>
          <InvoiceTotalsList totals={invoice.totals} supply={invoice.supply} amountInWords={invoice.amountInWords}>
            <TotalRow label="Paid" paise={invoice.paid} />
            <TotalRow label="Due" paise={invoice.due} strong />
          </InvoiceTotalsList>
        </div>
      </section>

      <section aria-labelledby="payments-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="payments-title" className="text-lg font-semibold">
          Payments
        </h2>
        {invoice.payments.length ? (
          <PaymentsTable
            payments={invoice.payments}
            actions={(payment) => (
              <>
                <Button asChild variant="ghost" size="sm">
                  <a
                    href={`${invoicePaths.receipt(invoice._id, payment._id)}?download`}
                    download
                    aria-label={`Download receipt ${payment.receiptNumber}`}
                  >
                    <DownloadIcon aria-hidden="true" /> Receipt
                  </a>
                </Button>
                {rights.payments && !payment.reversed ? (
                  <Button asChild variant="ghost" size="sm">
                    <Link
                      to={withParams(search, { reverse: payment._id })}
                      preventScrollReset
                      aria-label={`Reverse receipt ${payment.receiptNumber}`}
                    >
                      <Undo2Icon aria-hidden="true" /> Reverse
                    </Link>
                  </Button>
                ) : null}
              </>
            )}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {invoice.status === 'draft' ? 'Issue the invoice before recording a payment.' : 'No payments yet.'}
          </p>
        )}
      </section>

      <section aria-labelledby="timeline-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="timeline-title" className="text-lg font-semibold">
          History
        </h2>
        <Timeline events={invoice.timeline} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Invoice" />;
}
