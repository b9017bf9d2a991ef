import { data, type ActionFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BackToResults, BranchTabs, resultsPath, SittingNotReady, sittingReady } from '~/components/exams/sitting-nav';
import { ImportFileInput, importFileRule } from '~/components/imports/import-file-input';
import { PageHeader } from '~/components/list/page-header';
import { MarksImportResult } from '~/components/result-entry/marks-import-result';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { SearchIcon, UploadIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { importMarks, sittingSheetLoader } from '~/services/exam-results.server';
import { storePostedImportFile } from '~/services/import-files.server';
import { readPost } from '~/services/posted-files.server';
import { MARKS_IMPORT_MAX_ROWS } from '../../common/contracts/exam-results';
import { formatCount } from '../../common/numbers';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => (loaded ? `${loaded.sheet.exam.examName}: import marks` : undefined),
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Import marks · ${loaded.sheet.exam.examName} · Result Entry` : 'Import marks · Result Entry' },
];

/** The sitting the marks are for: the branch the address names (`?branch=`), else the caller's first. */
export const loader = sittingSheetLoader;

/**
 * Check posts the file: it is stored as any upload is and checked against the sitting, nothing
 * saved. Import posts the stored file's key back, and the API saves the good rows' marks.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { formData, tooLarge } = await readPost(request.clone(), importFileRule);
  await validateCsrf(formData, request);
  const dryRun = formData.get('intent') !== 'import';
  const branchId = String(formData.get('branchId') ?? '') || undefined;
  const file = dryRun
    ? await storePostedImportFile(api, context, formData, tooLarge)
    : { fileKey: String(formData.get('fileKey') ?? ''), fileName: String(formData.get('fileName') ?? '') };
  if ('errors' in file) return data({ errors: file.errors, answer: null }, { status: 400, headers });
  const answer = await importMarks(api, params.examId ?? '', { fileKey: file.fileKey, branchId, dryRun });
  if (!answer.ok) return data({ errors: [answer.message], answer: null }, { status: answer.status >= 500 ? 500 : answer.status, headers });
  return data({ errors: null, answer: { ...file, message: answer.message, result: answer.data } }, { headers });
}

export default function ImportMarksScreen() {
  const { sheet } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const posting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const answer = refused?.answer ?? null;
  const branchId = sheet.branch?._id;
  return (
    <div className="grid gap-6">
      <BackToResults examId={sheet.exam._id} branchId={branchId} />
      <PageHeader
        title={`Import marks: ${sheet.exam.examName}`}
        description={[sheet.exam.examId, sheet.exam.courseName, sheet.branch?.name].filter(Boolean).join(' · ')}
      />
      <BranchTabs branches={sheet.branches} current={branchId} />
      {!sittingReady(sheet) ? (
        <SittingNotReady sheet={sheet} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Form
            method="post"
            encType="multipart/form-data"
            className="grid content-start gap-5 self-start rounded-lg border p-4"
            aria-labelledby="marks-file-title"
          >
            <AuthenticityTokenInput />
            <input type="hidden" name="branchId" value={branchId} />
            <div className="grid gap-1">
              <h2 id="marks-file-title" className="font-medium">
                Upload a file of marks
              </h2>
              <p className="text-sm text-muted-foreground">
                Export the sheet, fill in the marks and upload it; or any sheet with a Roll No or Registration No column and a column per
                subject, headed with the subject’s name. AB is absent; an empty cell leaves the mark as it is.
              </p>
            </div>
            <ImportFileInput
              id="marks-file"
              hint={`A row per student, up to ${formatCount(MARKS_IMPORT_MAX_ROWS)}; the first sheet of a workbook.`}
            />
            <p className="text-sm">
              Subjects:{' '}
              <span className="text-muted-foreground">
                {sheet.subjects.map((subject) => `${subject.name} (${subject.questionPaperMarks})`).join(', ')}
              </span>
            </p>
            {sheet.sitting.state === 'published' ? (
              <p className="text-sm text-muted-foreground">
                These results are published: a file that changes a mark is refused. Revise a student’s result to change it.
              </p>
            ) : null}
            <FormError id="marks-import-error" errors={refused?.errors ?? undefined} />
            <Button type="submit" name="intent" value="check" variant="outline" className="w-fit" disabled={posting != null}>
              <SearchIcon aria-hidden className="size-4" />
              {posting === 'check' ? 'Checking the file…' : 'Check the file'}
            </Button>
          </Form>
          {answer ? (
            <section aria-labelledby="marks-check-title" className="grid content-start gap-4 self-start rounded-lg border p-4">
              <div className="grid gap-1">
                <h2 id="marks-check-title" className="font-medium break-words">
                  {answer.fileName || 'The file'}
                </h2>
                <p role="status" className="text-sm">
                  {answer.message}
                </p>
              </div>
              <MarksImportResult result={answer.result} />
              {answer.result.dryRun ? (
                <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-3">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="branchId" value={answer.result.branch._id} />
                  <input type="hidden" name="fileKey" value={answer.fileKey} />
                  <input type="hidden" name="fileName" value={answer.fileName} />
                  <Button type="submit" name="intent" value="import" disabled={posting != null || answer.result.counts.toChange === 0}>
                    <UploadIcon aria-hidden className="size-4" />
                    {posting === 'import' ? 'Importing marks…' : 'Import marks'}
                  </Button>
                  <span className="text-sm text-muted-foreground">
                    {answer.result.counts.toChange === 0
                      ? 'No row changes the sheet.'
                      : `Saves the marks of ${formatCount(answer.result.counts.toChange)} ${answer.result.counts.toChange === 1 ? 'student' : 'students'}; refused rows are left out.`}
                  </span>
                </Form>
              ) : (
                <Button asChild className="w-fit">
                  <Link to={resultsPath(sheet.exam._id, answer.result.branch._id)}>Open the sheet</Link>
                </Button>
              )}
            </section>
          ) : (
            <section className="self-start rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              Nothing checked yet. Upload a file: it is checked row by row, and nothing is saved until you import.
            </section>
          )}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Import marks" />;
}
