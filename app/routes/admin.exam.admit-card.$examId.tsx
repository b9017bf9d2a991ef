import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AllExamsLink, BranchTabs, NobodySitting } from '~/components/exams/sitting-nav';
import { SittingDocumentsTable } from '~/components/exams/sitting-documents';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { DownloadIcon, IdCardIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { issueAdmitCards, listAdmitCards } from '~/services/documents.server';
import { redirectWithToast } from '~/services/toast.server';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.list.exam.examName,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.list.exam.examName} · Admit Cards` : 'Admit Cards' },
];

/** The exam's sitting in the branch the address names (`?branch=`), else the caller's first; `?q=` narrows the students. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const list = await listAdmitCards(api, params.examId ?? '', search.get('branch') || undefined);
  if (!list.ok) throw data({ message: list.message }, { status: list.status, headers });
  return data({ list: list.data, search: search.get('q') ?? '' }, { headers });
}

/** Issues cards to the students of the sitting who have none. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const branchId = String(formData.get('branchId') ?? '') || undefined;
  const issued = await issueAdmitCards(api, params.examId ?? '', branchId);
  if (!issued.ok) return data({ message: issued.message }, { status: issued.status, headers });
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { type: 'success', title: issued.message }, { headers });
}

export default function ExamAdmitCards() {
  const { list, search } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const unissued = list.students.filter((student) => student.code === null).length;
  const issued = list.students.length - unissued;
  const pdf = `/admin/exam/admit-card/${encodeURIComponent(list.exam._id)}/pdf?branch=${encodeURIComponent(list.branch?._id ?? '')}`;
  return (
    <div className="grid gap-4">
      <AllExamsLink to="/admin/exam/admit-card" />
      <PageHeader
        title={list.exam.examName}
        description={[list.exam.examId, list.exam.courseName, list.branch?.name].filter(Boolean).join(' · ')}
        actions={
          list.students.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              {unissued > 0 ? (
                <Form method="post">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="branchId" value={list.branch?._id ?? ''} />
                  <Button type="submit" disabled={navigation.state !== 'idle'}>
                    <IdCardIcon aria-hidden className="size-4" />
                    {issued === 0 ? `Issue ${unissued} admit ${unissued === 1 ? 'card' : 'cards'}` : `Issue ${unissued} more`}
                  </Button>
                </Form>
              ) : null}
              {issued > 0 ? (
                <Button asChild variant={unissued > 0 ? 'outline' : 'default'}>
                  <a href={`${pdf}&download=1`} download>
                    <DownloadIcon aria-hidden className="size-4" />
                    Download all ({issued})
                  </a>
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
      <BranchTabs branches={list.branches} current={list.branch?._id} />
      {refusal?.message ? <FormError id="admit-card-error" errors={[refusal.message]} /> : null}
      {list.students.length === 0 ? (
        <NobodySitting branch={list.branch?.name} course={list.exam.courseName} />
      ) : (
        <>
          {issued === 0 ? (
            <p className="text-sm text-muted-foreground">
              Issue the admit cards to give each student a card with its own verification code; they print two to an A4 page.
            </p>
          ) : null}
          <SittingDocumentsTable
            list={list}
            search={search}
            document="Admit card"
            fileHref={(studentId) => `${pdf}&student=${encodeURIComponent(studentId)}`}
          />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Admit Cards" />;
}
