import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BackLink } from '~/components/back-link';
import { PageHeader } from '~/components/list/page-header';
import { invoicePaths } from '~/lib/invoices';
import type { invoiceFormLoader } from '~/services/invoice-form.server';
import { InvoiceForm } from './invoice-form';

type Loader = ReturnType<typeof invoiceFormLoader>;

const descriptions = {
  student: 'Bill a student: their course fee comes in once they are picked.',
  branch: 'Bill a branch: its entry fee comes in once it is picked.',
  draft: 'Change the draft as needed: it takes its number only when issued.',
};

/**
 * The screen of the invoice form, a new invoice's or a draft's: its heading, the way back, and
 * the form with what the last post answered.
 */
export function InvoiceFormPage({ title }: { title: string }) {
  const loaded = useLoaderData<Loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const back = loaded.draft ? { to: invoicePaths.view(loaded.draft.id), label: 'Invoice' } : { to: invoicePaths.list, label: 'Invoices' };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader title={title} description={descriptions[loaded.draft ? 'draft' : loaded.kind]} />
      <InvoiceForm
        // A party picked without JavaScript reloads the screen: the form starts again with its fee line.
        key={loaded.party?._id ?? 'none'}
        kind={loaded.kind}
        today={loaded.today}
        settings={loaded.settings}
        rates={loaded.rates}
        party={loaded.party}
        startLine={loaded.startLine}
        search={loaded.search}
        matches={loaded.matches}
        idempotencyKey={loaded.idempotencyKey}
        draft={loaded.draft}
        lastResult={actionData?.result}
      />
    </div>
  );
}
