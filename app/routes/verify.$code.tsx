import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type * as React from 'react';
import { documentKindLabels, type BillVerification, type VerificationState, type VerificationView } from '../../common/contracts/documents';
import { cn } from '~/components/ui/cn';
import { ShieldCheckIcon, TriangleAlertIcon } from '~/components/ui/icons';
import { CodeForm, VerificationCard } from '~/components/verification-card';
import { verifyCode } from '~/services/documents.server';
import { formatDate, formatRupees } from '~/utils/format';

export const meta: MetaFunction = () => [{ title: 'Document verification' }];

/** What a code says, for anyone: no sign-in. The API counts the look-ups of each address. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  const answer = await verifyCode(context.api, code);
  if (answer.ok) return data({ code, found: answer.data, refusal: null });
  // Not found, malformed or too many look-ups: the page says which, with the status it is.
  return data(
    { code, found: null, refusal: answer.status >= 500 ? 'The code cannot be checked just now. Please try again.' : answer.message },
    {
      status: answer.status,
    },
  );
}

const verdicts: Record<VerificationState, { title: string; tone: string }> = {
  valid: {
    title: 'This document is genuine and stands',
    tone: 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300',
  },
  superseded: {
    title: 'This document was replaced by a later one',
    tone: 'border-amber-500/30 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  },
  withdrawn: { title: 'This document no longer stands', tone: 'border-destructive/40 bg-destructive/10 text-destructive' },
  cancelled: { title: 'This invoice was cancelled', tone: 'border-destructive/40 bg-destructive/10 text-destructive' },
  reversed: { title: 'The payment on this receipt was reversed', tone: 'border-destructive/40 bg-destructive/10 text-destructive' },
  revoked: { title: 'This document was revoked', tone: 'border-destructive/40 bg-destructive/10 text-destructive' },
};

/** What a bill's one amount is: what it billed, received or credited. */
const amountLabels: Record<BillVerification['kind'], string> = {
  'tax-invoice': 'Total',
  'bill-of-supply': 'Total',
  'credit-note': 'Amount credited',
  receipt: 'Amount received',
};

/** A name, and the registration number kept whole on its line. */
function holderOf({ name, registrationNo }: VerificationView['holder']) {
  if (!registrationNo) return name;
  return (
    <>
      {name} <span className="whitespace-nowrap">({registrationNo})</span>
    </>
  );
}

type Row = [string, React.ReactNode];

/** The facts a code vouches for, in the order the paper shows them. */
function rowsOf(found: VerificationView): Row[] {
  const kind = documentKindLabels[found.kind];
  if ('course' in found) {
    const rows: Array<Row | null> = [
      ['Document', kind],
      ['Issued to', holderOf(found.holder)],
      ['Course', found.course],
      ['Issued by', found.issuedBy],
      ['Issued on', formatDate(found.issuedAt)],
      found.revokedReason ? ['Reason revoked', found.revokedReason] : null,
      ['Code', found.code],
    ];
    return rows.filter((row): row is Row => row !== null);
  }
  if (!('bill' in found)) {
    return [
      ['Document', kind],
      ['Issued to', holderOf(found.holder)],
      ['For', found.exam.course ? `${found.exam.name}, ${found.exam.course}` : found.exam.name],
      ['Issued by', found.issuedBy],
      ['Issued on', formatDate(found.issuedAt)],
      ['Code', found.code],
    ];
  }
  const { bill } = found;
  const rows: Array<Row | null> = [
    ['Document', kind],
    ['Number', bill.number],
    ['Date', formatDate(bill.date)],
    [found.kind === 'receipt' ? 'Received from' : 'Issued to', holderOf(found.holder)],
    [amountLabels[found.kind], formatRupees(bill.total)],
    bill.invoiceNumber ? [found.kind === 'receipt' ? 'Against invoice' : 'Cancels invoice', bill.invoiceNumber] : null,
    bill.creditNoteNumber ? ['Credit note', bill.creditNoteNumber] : null,
    ['Issued by', found.issuedBy],
    ['Code', found.code],
  ];
  return rows.filter((row): row is Row => row !== null);
}

export default function VerifyCode() {
  const { code, found, refusal } = useLoaderData<typeof loader>();
  if (!found) {
    return (
      <VerificationCard title="Document verification">
        <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          {refusal}
        </p>
        <CodeForm code={code} label="Check the code and try again" />
      </VerificationCard>
    );
  }
  const verdict = verdicts[found.state];
  const rows = rowsOf(found);
  return (
    <VerificationCard title="Document verification">
      <p className={cn('flex items-center gap-2 rounded-lg border p-3 font-medium', verdict.tone)}>
        {found.state === 'valid' ? (
          <ShieldCheckIcon aria-hidden className="size-5 shrink-0" />
        ) : (
          <TriangleAlertIcon aria-hidden className="size-5 shrink-0" />
        )}
        {verdict.title}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={cn('font-medium', label === 'Code' && 'font-mono')}>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <CodeForm label="Verify another code" />
    </VerificationCard>
  );
}
