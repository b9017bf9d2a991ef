import type { MarksImport } from '../../../common/contracts/exam-results';
import { formatCount } from '../../../common/numbers';
import { Badge } from '~/components/ui/badge';
import { RefusedRowsTable } from '~/components/imports/refused-rows-table';

/**
 * What a file of marks holds against the sitting, checked or imported: the columns read and left
 * out, the rows that change the sheet, those it holds already and those refused, with their messages.
 */
export function MarksImportResult({ result }: { result: MarksImport }) {
  const { counts, columns } = result;
  const figures = [
    [result.dryRun ? 'Would change' : 'Changed', counts.toChange, 'text-emerald-700 dark:text-emerald-400'],
    ['Unchanged', counts.unchanged, 'text-muted-foreground'],
    ['Refused', counts.refused, counts.refused ? 'text-destructive' : 'text-muted-foreground'],
  ] as const;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 text-sm">
        <div className="flex flex-wrap items-baseline gap-2">
          <dt className="text-muted-foreground">Student by</dt>
          <dd className="flex flex-wrap gap-1">
            {columns.student.map((column) => (
              <Badge key={column} variant="outline">
                {column}
              </Badge>
            ))}
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline gap-2">
          <dt className="text-muted-foreground">Marks of</dt>
          <dd className="flex flex-wrap gap-1">
            {columns.subjects.map((column) => (
              <Badge key={column.subject} variant="success" title={`Column ${column.column}`}>
                {column.name}
              </Badge>
            ))}
          </dd>
        </div>
        {columns.ignored.length ? (
          <div className="flex flex-wrap items-baseline gap-2">
            <dt className="text-muted-foreground">Left out</dt>
            <dd>{columns.ignored.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {figures.map(([label, value, tone]) => (
          <div key={label} className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${tone}`}>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {formatCount(counts.rows)} {counts.rows === 1 ? 'row' : 'rows'} in the file; {formatCount(counts.marks)}{' '}
        {counts.marks === 1 ? 'mark differs' : 'marks differ'} from the sheet
        {result.dryRun ? '. Nothing is saved until you import.' : ' and were saved.'}
      </p>
      {result.conflicts.length ? (
        <p className="text-sm text-destructive" role="alert">
          {formatCount(result.conflicts.length)} {result.conflicts.length === 1 ? 'mark was' : 'marks were'} changed by someone else
          meanwhile and kept as they are: check them on the sheet.
        </p>
      ) : null}
      {result.refused.length ? <RefusedRows result={result} /> : null}
    </div>
  );
}

function RefusedRows({ result }: { result: MarksImport }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Refused rows</h3>
      <RefusedRowsTable
        whoHeading="Student"
        rows={result.refused.map((row) => ({
          row: row.row,
          messages: row.messages,
          who: (
            <>
              {row.student ?? <span className="text-muted-foreground">none given</span>}
              {row.name ? <span className="block text-xs text-muted-foreground">{row.name}</span> : null}
            </>
          ),
        }))}
      />
      <p className="text-xs text-muted-foreground">
        {result.counts.refused > result.refused.length
          ? `The first ${result.refused.length} of ${formatCount(result.counts.refused)}. `
          : ''}
        Refused rows are not saved: fix them in the file and import it again. Rows already imported stay unchanged.
      </p>
    </div>
  );
}
