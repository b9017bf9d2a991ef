import { Badge } from '~/components/ui/badge';
import { cn } from '~/components/ui/cn';
import { FilePenIcon, FilePlusIcon, FileXIcon } from '~/components/ui/icons';
import { formatDateTime } from '~/utils/format';
import type { DetailField, FieldChange, HistoryEntry, RecordRow } from '~/lib/record-list';
import { downloadHref } from '~/components/dynamic-form/upload-actors';
import { fileNameOfKey } from '../../../common/uploads/keys';
import { detailValue, displayValue, humanise, tableRows } from '~/lib/record-values';

/** Names for the ids a record refers to: the loader's lookups plus the record's own branch and course. */
export function namesFor(record: RecordRow, names: Record<string, string>): Record<string, string> {
  return {
    ...names,
    ...(record.branchId && record.branchName ? { [record.branchId]: record.branchName } : {}),
    ...(record.courseId && record.courseName ? { [record.courseId]: record.courseName } : {}),
  };
}

const WIDE_TYPES = new Set(['textarea', 'examSubjectsTable', 'subCourseList']);

function ValueTable({ rows }: { rows: Record<string, unknown>[] }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div className="mt-1 overflow-x-auto rounded-md border">
      <table className="w-full text-xs">
        <thead className="bg-muted/50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                {humanise(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-t">
              {columns.map((column) => (
                <td key={column} className="px-2 py-1.5 whitespace-nowrap">
                  {displayValue(row[column], { name: column, type: 'text' }, {}) || '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every field of the record's form, by its label, in form order; empty ones show a dash. */
export function RecordFields({
  record,
  fields,
  names,
  className,
}: {
  record: RecordRow;
  fields: DetailField[];
  names: Record<string, string>;
  className?: string;
}) {
  const lookup = namesFor(record, names);
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {fields.map((field) => {
        const value = detailValue(record, field.name);
        const rows = tableRows(value);
        const text = rows ? '' : displayValue(value, field, lookup);
        return (
          <div key={field.name} className={cn('min-w-0', (WIDE_TYPES.has(field.type) || rows) && 'sm:col-span-2')}>
            <dt className="text-muted-foreground">{field.label}</dt>
            <dd className="mt-0.5 break-words whitespace-pre-line">
              {rows ? (
                <ValueTable rows={rows} />
              ) : field.type === 'file' && typeof value === 'string' && value ? (
                <a
                  href={downloadHref(value, fileNameOfKey(value))}
                  download
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {fileNameOfKey(value)}
                  <span className="sr-only"> (download {field.label})</span>
                </a>
              ) : (
                text || <span className="text-muted-foreground">—</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

const entryLooks = {
  RecordCreated: { verb: 'Created', Icon: FilePlusIcon, tone: 'bg-emerald-600/12 text-emerald-700 dark:text-emerald-300' },
  RecordUpdated: { verb: 'Updated', Icon: FilePenIcon, tone: 'bg-sky-600/12 text-sky-700 dark:text-sky-300' },
  RecordDeleted: { verb: 'Deleted', Icon: FileXIcon, tone: 'bg-destructive/12 text-destructive' },
} as const;

function ChangeLine({ change, field, names }: { change: FieldChange; field?: DetailField; names: Record<string, string> }) {
  const asField = field ?? { name: change.name, type: typeof change.to === 'boolean' ? 'checkbox' : 'text' };
  const from = displayValue(change.from, asField, names);
  const to = displayValue(change.to, asField, names);
  return (
    <li className="break-words">
      <span className="font-medium">{change.label}</span>
      {': '}
      {from ? (
        <>
          <del className="text-muted-foreground">{from}</del>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
        </>
      ) : null}
      {to ? <ins className="no-underline">{to}</ins> : <span className="text-muted-foreground">cleared</span>}
    </li>
  );
}

/** The record's history from the event log, newest first: who did what, when, and which values changed. */
export function RecordHistory({
  history,
  fields,
  names,
  record,
}: {
  history: HistoryEntry[];
  fields: DetailField[];
  names: Record<string, string>;
  record: RecordRow;
}) {
  const lookup = namesFor(record, names);
  const byName = new Map(fields.map((field) => [field.name, field]));
  if (history.length === 0) return <p className="text-sm text-muted-foreground">No history recorded.</p>;
  return (
    <ol className="relative grid gap-5 border-l pl-6" aria-label="History">
      {[...history].reverse().map((entry) => {
        const look = entryLooks[entry.type as keyof typeof entryLooks] ?? entryLooks.RecordUpdated;
        const created = entry.type === 'RecordCreated';
        return (
          <li key={entry.version} className="relative">
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-0 -left-[2.15rem] flex size-7 items-center justify-center rounded-full ring-4 ring-background',
                look.tone,
              )}
            >
              <look.Icon className="size-3.5" />
            </span>
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
              <span className="font-medium">{look.verb}</span>
              <span className="text-muted-foreground">by {entry.actorName ?? 'the system'}</span>
              <Badge variant="outline" className="ml-auto font-normal">
                v{entry.version}
              </Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.changes.length && !created ? (
              <ul className="mt-2 grid gap-1 text-sm">
                {entry.changes.map((change) => (
                  <ChangeLine key={change.name} change={change} field={byName.get(change.name)} names={lookup} />
                ))}
              </ul>
            ) : null}
            {entry.changes.length && created ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                  {entry.changes.length} {entry.changes.length === 1 ? 'value' : 'values'} set
                </summary>
                <ul className="mt-2 grid gap-1">
                  {entry.changes.map((change) => (
                    <ChangeLine key={change.name} change={change} field={byName.get(change.name)} names={lookup} />
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
