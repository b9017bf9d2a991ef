import { randomUUID } from 'node:crypto';
import * as React from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ImportRunStatus, runStateLabel } from '~/components/imports/import-run';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { ArrowLeftIcon, SearchIcon, UploadIcon } from '~/components/ui/icons';
import { NativeSelect } from '~/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { importedListOf, importTitle } from '~/lib/imports';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { importRun, runImport, showImport } from '~/services/imports.server';
import { redirectWithToast } from '~/services/toast.server';
import { importMessages, type ImportField, type ImportMapping } from '../../common/contracts/imports';
import { isFinished } from '../../common/contracts/jobs';
import { formatCount } from '../../common/numbers';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.file.fileName,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.file.fileName} · ${importTitle(loaded.file.formType)}` : 'Import' },
];

/** The file, its mapping and its runs; `?run=` is the run watched, else the latest, with its refused rows. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const id = params.id ?? '';
  const file = await showImport(api, id);
  if (!file.ok) throw data({ message: file.message }, { status: file.status, headers });
  const watched = new URL(request.url).searchParams.get('run') ?? file.data.runs[0]?._id;
  const run = watched ? await importRun(api, id, watched) : null;
  // A key per page shown: posting the form twice (a double click, a resend) starts one run.
  return data({ file: file.data, run: run?.ok ? run.data : null, runKey: randomUUID() }, { headers });
}

/** Each column's field as the form posts it (`mapping.<column>`); an empty choice leaves the column out. */
function mappingOf(formData: FormData, columns: number): ImportMapping {
  return Array.from({ length: columns }, (_, column) => {
    const field = formData.get(`mapping.${column}`);
    return typeof field === 'string' && field ? field : null;
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const id = params.id ?? '';
  const mapping = mappingOf(formData, Math.min(Number(formData.get('columns') ?? 0), 500));
  const dryRun = formData.get('intent') !== 'import';
  const started = await runImport(api, id, mapping, dryRun, String(formData.get('runKey') ?? '') || randomUUID());
  if (!started.ok)
    return data({ errors: started.errors?.mapping ?? [started.message] }, { status: started.status >= 500 ? 500 : 400, headers });
  return redirectWithToast(
    `/admin/imports/${encodeURIComponent(id)}?run=${encodeURIComponent(started.data._id)}`,
    { type: 'success', title: started.message },
    { headers },
  );
}

function fieldLabel(field: ImportField) {
  return field.required ? `${field.label} *` : field.label;
}

/** Each column of the file beside its first values and the field it fills. */
function MappingTable({
  columns,
  sample,
  fields,
  mapping,
}: {
  columns: string[];
  sample: string[][];
  fields: ImportField[];
  mapping: ImportMapping;
}) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Column in the file</TableHead>
            <TableHead className="hidden md:table-cell">First values</TableHead>
            <TableHead className="w-1/2 md:w-72">Field of the form</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {columns.map((column, index) => {
            const values = sample.map((row) => row[index] ?? '').filter(Boolean);
            const shown = values.slice(0, 3).join(', ') || <span className="italic">empty</span>;
            return (
              <TableRow key={`${index}-${column}`}>
                <TableCell className="max-w-40 whitespace-normal md:max-w-none">
                  <span className="font-medium break-words">{column}</span>
                  {/* On a phone the first values go under the heading: the field's select needs the width. */}
                  <span className="block truncate text-xs text-muted-foreground md:hidden">{shown}</span>
                </TableCell>
                <TableCell className="hidden max-w-64 truncate text-muted-foreground md:table-cell" title={values.join(', ')}>
                  {shown}
                </TableCell>
                <TableCell>
                  <NativeSelect
                    name={`mapping.${index}`}
                    defaultValue={mapping[index] ?? ''}
                    aria-label={`Field for the column ${column}`}
                    size="sm"
                  >
                    <option value="">Not imported</option>
                    {fields.map((field) => (
                      <option key={field.name} value={field.name}>
                        {fieldLabel(field)}
                      </option>
                    ))}
                  </NativeSelect>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

export default function ImportMappingScreen() {
  const { file, run, runKey } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const page = `/admin/imports/${encodeURIComponent(file._id)}`;
  const running = run !== null && !isFinished(run.state);
  const busy = navigation.state === 'submitting' || running;
  // Follows the choices as they are made, read from the form itself: a choice made before the
  // page hydrated stands. Without JavaScript it is what the file was last run with.
  const [mapping, setMapping] = React.useState(file.mapping);
  const form = React.useRef<HTMLFormElement>(null);
  const readMapping = React.useCallback(() => {
    if (form.current) setMapping(mappingOf(new FormData(form.current), file.columns.length));
  }, [file.columns.length]);
  React.useEffect(readMapping, [readMapping, file.mapping]);
  const mapped = new Set(mapping.filter(Boolean));
  const missing = file.fields.filter((field) => field.required && !mapped.has(field.name));
  const unmapped = file.columns.filter((_, index) => !mapping[index]);
  return (
    <div className="grid gap-6">
      <Link to="/admin/imports" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon aria-hidden className="size-4" />
        Import another file
      </Link>
      <PageHeader
        title={importTitle(file.formType)}
        description={`${file.fileName} · ${formatCount(file.rowCount)} rows · ${file.columns.length} columns`}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Form ref={form} method="post" onChange={readMapping} className="grid content-start gap-4" aria-labelledby="mapping-title">
          <AuthenticityTokenInput />
          <input type="hidden" name="columns" value={file.columns.length} />
          <input type="hidden" name="runKey" value={runKey} />
          <div>
            <h2 id="mapping-title" className="font-medium">
              Columns and fields
            </h2>
            <p className="text-sm text-muted-foreground">
              Matched by heading to the form’s fields. Change a field to match another column; a column set to Not imported is left out.
            </p>
          </div>
          {missing.length ? (
            <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
              No column is chosen yet for {missing.map((field) => field.label).join(', ')}: the form requires{' '}
              {missing.length === 1 ? 'it' : 'them'}.
            </p>
          ) : null}
          <MappingTable columns={file.columns} sample={file.sample} fields={file.fields} mapping={file.mapping} />
          <p className="text-xs text-muted-foreground">
            * the form requires it.{unmapped.length ? ` Not imported: ${unmapped.join(', ')}.` : ''}
          </p>
          <FormError id="mapping-error" errors={refused?.errors} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="dry-run" variant="outline" disabled={busy}>
              <SearchIcon aria-hidden className="size-4" />
              Check every row
            </Button>
            <Button type="submit" name="intent" value="import" disabled={busy}>
              <UploadIcon aria-hidden className="size-4" />
              Import {formatCount(file.rowCount)} rows
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{importMessages.dryRunHint}</p>
        </Form>
        <div className="grid content-start gap-4">
          {run ? (
            <ImportRunStatus
              run={run}
              formType={file.formType}
              failedRowsHref={`${page}/failed-rows?run=${encodeURIComponent(run._id)}`}
              watchHref={`${page}?run=${encodeURIComponent(run._id)}`}
              listHref={importedListOf[file.formType]}
            />
          ) : (
            <section className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              Nothing has run yet. Check every row first: nothing is kept until you import.
            </section>
          )}
          {file.runs.length > 1 ? (
            <section aria-labelledby="runs-title" className="grid gap-2">
              <h2 id="runs-title" className="text-sm font-medium">
                Earlier runs
              </h2>
              <ul className="grid gap-1 text-sm">
                {file.runs
                  .filter((each) => each._id !== run?._id)
                  .map((each) => (
                    <li key={each._id}>
                      <Link to={`${page}?run=${encodeURIComponent(each._id)}`} className="underline underline-offset-4">
                        {each.dryRun ? 'Dry run' : 'Import'} · {runStateLabel(each)} · {formatCount(each.counts.created)}{' '}
                        {each.dryRun ? 'would be added' : 'added'}, {formatCount(each.counts.failed)} refused
                      </Link>
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
