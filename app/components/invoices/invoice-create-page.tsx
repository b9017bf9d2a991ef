import type { SubmissionResult } from '@conform-to/react';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { ArrowLeftIcon } from '~/components/ui/icons';
import { invoicePaths } from '~/lib/invoices';
import type { invoiceFormLoader } from '~/services/invoice-form.server';
import { InvoiceForm } from './invoice-form';

type Loader = ReturnType<typeof invoiceFormLoader>;

/** The screen of either create route: its heading and the form, with what the last post answered. */
export function InvoiceCreatePage({ title }: { title: string }) {
  const loaded = useLoaderData<Loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        title={title}
        description={
          loaded.kind === 'student'
            ? 'Bill a student: their course fee comes in once they are picked.'
            : 'Bill a branch: its entry fee comes in once it is picked.'
        }
        actions={
          <Button asChild variant="outline">
            <Link to={invoicePaths.list}>
              <ArrowLeftIcon aria-hidden="true" /> Invoices
            </Link>
          </Button>
        }
      />
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
        lastResult={actionData?.result}
      />
    </div>
  );
}
