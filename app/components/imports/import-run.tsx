import { Link } from '@remix-run/react';
import { importWords, type ImportFormType, type ImportRunSummary, type ImportRunView } from '../../../common/contracts/imports';
import { isFinished } from '../../../common/contracts/jobs';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DownloadIcon, TriangleAlertIcon } from '~/components/ui/icons';
import { Progress } from '~/components/ui/progress';
import { RefusedRowsTable } from './refused-rows-table';
import { CheckAgainLink, JobRefresh } from '~/components/jobs/job-watch';
import { formatCount } from '../../../common/numbers';

const what = (run: ImportRunSummary) => (run.dryRun ? 'Dry run' : 'Import');

/** Where a run stands, in a few words. */
export function runStateLabel(run: ImportRunSummary): string {
  switch (run.state) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return run.dryRun ? 'Checking' : 'Importing';
    case 'done':
      return 'Finished';
    case 'failed':
      return 'Failed';
    default:
      return 'Cancelled';
  }
}

/**
 * A dry run or an import as it goes, then what it did: rows made (or that would be), skipped and
 * refused, the refused rows with their messages and the file of them to fix. Without JavaScript
 * the page refreshes itself every two seconds until the run ends.
 */
export function ImportRunStatus({
  run,
  formType,
  failedRowsHref,
  watchHref,
  listHref,
}: {
  run: ImportRunView;
  formType: ImportFormType;
  failedRowsHref: string;
  watchHref: string;
  listHref: string;
}) {
  const running = !isFinished(run.state);
  const { done, total } = run.progress;
  const { many } = importWords[formType];
  const { created, skipped, failed } = run.counts;
  return (
    <section aria-labelledby="run-title" className="grid gap-4 rounded-lg border p-4">
      <JobRefresh running={running} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="run-title" className="font-medium">
          {what(run)}
        </h2>
        <Badge variant={run.state === 'failed' ? 'destructive' : run.state === 'done' ? 'success' : 'outline'}>{runStateLabel(run)}</Badge>
      </div>
      {run.state === 'failed' ? (
        <p className="flex items-center gap-2 text-sm text-destructive" role="alert">
          <TriangleAlertIcon aria-hidden className="size-4" />
          {run.error}
        </p>
      ) : null}
      <div className="grid gap-1">
        <Progress value={done} max={total || 1} aria-label={`Rows ${run.dryRun ? 'checked' : 'imported'}`} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {formatCount(done)} of {formatCount(total)} rows {run.dryRun ? 'checked' : 'done'}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            [run.dryRun ? 'Would be added' : 'Added', created, 'text-emerald-700 dark:text-emerald-400'],
            ['Skipped', skipped, 'text-muted-foreground'],
            ['Refused', failed, failed ? 'text-destructive' : 'text-muted-foreground'],
          ] as const
        ).map(([label, value, tone]) => (
          <div key={label} className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${tone}`}>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {running ? <CheckAgainLink to={watchHref} /> : null}
      {run.state === 'done' && !run.dryRun && created > 0 ? (
        <Link to={listHref} className="w-fit text-sm underline underline-offset-4">
          Open the {many}
        </Link>
      ) : null}
      {failed > 0 ? <RefusedRows run={run} failedRowsHref={failedRowsHref} /> : null}
    </section>
  );
}

function RefusedRows({ run, failedRowsHref }: { run: ImportRunView; failedRowsHref: string }) {
  const { failed } = run.counts;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Refused rows</h3>
        <Button asChild variant="outline" size="sm">
          <a href={failedRowsHref} download>
            <DownloadIcon aria-hidden className="size-4" />
            Download the {formatCount(failed)} refused rows (CSV)
          </a>
        </Button>
      </div>
      <RefusedRowsTable rows={run.failures} />
      {failed > run.failures.length ? (
        <p className="text-xs text-muted-foreground">
          The first {run.failures.length} of {formatCount(failed)}: the file has every one, with its message in an Error column.
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">Fix them in the downloaded file (its last column says why) and import it again.</p>
      )}
    </div>
  );
}
