import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ImportFileInput, importFileRule } from '~/components/imports/import-file-input';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { DownloadIcon, UploadIcon } from '~/components/ui/icons';
import { importScreenMessages, importTitle, importTypesFor } from '~/lib/imports';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { createImport } from '~/services/imports.server';
import { storePostedImportFile } from '~/services/import-files.server';
import { readPost } from '~/services/posted-files.server';
import { redirectWithToast } from '~/services/toast.server';
import { importFormTypes, importMessages, importWords, IMPORT_MAX_ROWS, type ImportFormType } from '../../common/contracts/imports';
import { formatCount } from '../../common/numbers';

export const meta: MetaFunction = () => [{ title: 'Import' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, headers } = await requireAdminRoute(request, context);
  const types = importTypesFor(user);
  const asked = new URL(request.url).searchParams.get('type');
  const chosen = types.find((type) => type === asked) ?? types[0] ?? null;
  return data({ types, chosen }, { headers });
}

/** Stores the file as any upload is stored, reads it through the API, and opens its mapping. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user, headers } = await requireAdminRoute(request, context);
  const { formData, tooLarge } = await readPost(request.clone(), importFileRule);
  await validateCsrf(formData, request);
  const formType = importFormTypes.find((type) => type === formData.get('formType'));
  if (!formType || !importTypesFor(user).includes(formType))
    return data({ errors: [importScreenMessages.noType] }, { status: 400, headers });
  const stored = await storePostedImportFile(api, context, formData, tooLarge);
  if ('errors' in stored) return data({ errors: stored.errors }, { status: 400, headers });
  const created = await createImport(api, formType, stored.fileKey);
  if (!created.ok) return data({ errors: [created.message] }, { status: created.status >= 500 ? 500 : 400, headers });
  return redirectWithToast(
    `/admin/imports/${encodeURIComponent(created.data._id)}`,
    { type: 'success', title: importMessages.created },
    { headers },
  );
}

const steps = [
  ['Upload', 'A CSV or Excel file whose first row names its columns.'],
  ['Map the columns', 'Each column is matched to a field of the form by its heading; change any you need.'],
  ['Check every row', 'A dry run checks each row as the form would, and keeps nothing.'],
  ['Import', 'Rows that pass are added, each with its admission charge and numbers; the rest are listed to fix.'],
] as const;

function Templates({ types }: { types: readonly ImportFormType[] }) {
  return (
    <section aria-labelledby="templates-title" className="grid gap-2 rounded-lg border p-4">
      <h2 id="templates-title" className="font-medium">
        Templates
      </h2>
      <p className="text-sm text-muted-foreground">An empty file with the form’s fields as headings, to fill in.</p>
      <ul className="grid gap-2">
        {types.map((type) => (
          <li key={type} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="capitalize">{importWords[type].many}</span>
            <span className="inline-flex gap-2">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button key={format} asChild variant="outline" size="sm">
                  <a href={`/admin/imports/template/${type}?format=${format}`} download>
                    <DownloadIcon aria-hidden className="size-4" />
                    {format === 'csv' ? 'CSV' : 'Excel'}
                    <span className="sr-only"> template for {importWords[type].many}</span>
                  </a>
                </Button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ImportScreen() {
  const { types, chosen } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Import"
        description="Students, courses or branches from a spreadsheet, checked row by row before anything is kept."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Form
          method="post"
          encType="multipart/form-data"
          className="grid content-start gap-5 rounded-lg border p-4"
          aria-labelledby="upload-title"
        >
          <AuthenticityTokenInput />
          <h2 id="upload-title" className="font-medium">
            Upload a file
          </h2>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">What the file holds</legend>
            <div className="flex flex-wrap gap-2">
              {types.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input type="radio" name="formType" value={type} defaultChecked={type === chosen} className="accent-primary" />
                  {importTitle(type)}
                </label>
              ))}
            </div>
          </fieldset>
          <ImportFileInput
            id="import-file"
            hint={`Up to ${formatCount(IMPORT_MAX_ROWS)} rows. UTF-8 or Windows text; the first sheet of a workbook.`}
          />
          <FormError id="import-error" errors={refused?.errors} />
          <Button type="submit" className="w-fit" disabled={busy}>
            <UploadIcon aria-hidden className="size-4" />
            {busy ? 'Reading the file…' : 'Upload and map columns'}
          </Button>
        </Form>
        <div className="grid content-start gap-6">
          <section aria-labelledby="steps-title" className="grid gap-2 rounded-lg border p-4">
            <h2 id="steps-title" className="font-medium">
              How it works
            </h2>
            <ol className="grid gap-2 text-sm">
              {steps.map(([title, text], index) => (
                <li key={title} className="flex gap-3">
                  <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium">
                    {index + 1}
                  </span>
                  <span>
                    <span className="font-medium">{title}.</span> <span className="text-muted-foreground">{text}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <Templates types={types} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
