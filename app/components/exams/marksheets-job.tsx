import { Form, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { isFinished, type JobView } from '../../../common/contracts/jobs';
import { Button } from '~/components/ui/button';
import { DownloadIcon, FilesIcon, TriangleAlertIcon } from '~/components/ui/icons';
import { Progress } from '~/components/ui/progress';
import { CheckAgainLink, JobRefresh } from '~/components/jobs/job-watch';

/** Starts the job that makes every marksheet of the sitting as one PDF; posts without JavaScript too. */
export function StartMarksheetsJob({ branchId, idempotencyKey, count }: { branchId: string; idempotencyKey: string; count: number }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="branchId" value={branchId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <Button type="submit" disabled={navigation.state !== 'idle'}>
        <FilesIcon aria-hidden className="size-4" />
        Download all marksheets ({count})
      </Button>
    </Form>
  );
}

/**
 * A sitting's marksheets job as it goes: a bar of the marksheets made, then the link to the
 * joined PDF, or why it failed or that it was cancelled. Without JavaScript the page refreshes
 * every two seconds (and offers a link that does it) until the job ends.
 */
export function MarksheetsJobStatus({ job, fileHref, watchHref }: { job: JobView; fileHref: string; watchHref: string }) {
  const running = !isFinished(job.state);
  const { done, total } = job.progress;
  return (
    <section aria-labelledby="marksheets-job-title" className="grid gap-3 rounded-lg border p-4">
      <JobRefresh running={running} />
      <h2 id="marksheets-job-title" className="font-medium">
        All marksheets in one PDF
      </h2>
      {job.state === 'failed' ? (
        <p className="flex items-center gap-2 text-sm text-destructive" role="alert">
          <TriangleAlertIcon aria-hidden className="size-4" />
          {job.error}
        </p>
      ) : job.state === 'cancelled' ? (
        <p className="text-sm text-muted-foreground">
          Cancelled after {done} of {total} marksheets: no PDF was made. Start it again to make one.
        </p>
      ) : (
        <>
          <Progress value={done} max={total || 1} aria-label="Marksheets made" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {job.state === 'queued'
              ? 'Waiting to start…'
              : job.state === 'running'
                ? `${done} of ${total} marksheets made…`
                : `All ${total} marksheets are ready.`}
          </p>
        </>
      )}
      {job.state === 'done' ? (
        <Button asChild className="w-fit">
          <a href={`${fileHref}&download=1`} download>
            <DownloadIcon aria-hidden className="size-4" />
            Download the PDF ({total} marksheets)
          </a>
        </Button>
      ) : running ? (
        <CheckAgainLink to={watchHref} />
      ) : null}
    </section>
  );
}
