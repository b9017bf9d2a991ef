import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import * as React from 'react';
import { CategoryActions } from '~/components/course-categories/category-actions';
import { CategoryForm, categoryFormSchema } from '~/components/course-categories/category-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DeleteDialog } from '~/components/list/delete-dialog';
import { ExportLinks } from '~/components/list/export-links';
import { ResourceList } from '~/components/list/resource-list';
import type { Column } from '~/components/list/types';
import { ActiveBadge } from '~/components/record-list/status-badges';
import { TagsIcon } from '~/components/ui/icons';
import { UrlDialog } from '~/components/wallet/url-dialog';
import { categoryApiQuery, categoryDefaults, parseCategoryQuery, type CategoryRow, type CategorySort } from '~/lib/course-categories';
import { withParams } from '~/lib/list-query';
import { requireAdminRoute } from '~/services/auth.server';
import {
  createCourseCategory,
  listCourseCategories,
  renameCourseCategory,
  toggleCourseCategoryStatus,
} from '~/services/course-categories.server';
import { readForm } from '~/services/forms.server';
import { deleteRow, listLoader, loadListPage } from '~/services/list.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';
import { courseCategoryStatus, courseCategoryStatusLabels } from '../../common/contracts/course-categories';

const title = 'Course Categories';

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const query = parseCategoryQuery(new URL(request.url).searchParams, categoryDefaults);
  return loadListPage(request, auth, {
    query,
    defaults: categoryDefaults,
    fetch: async (screen) => {
      const answer = await listCourseCategories(auth.api, { ...categoryApiQuery(screen), page: screen.page, limit: screen.limit });
      if (!answer.ok) return answer;
      const { categories, total, totalPages } = answer.data;
      return { ...answer, data: { rows: categories.map((row): CategoryRow => ({ ...row, title: row.name })), total, totalPages } };
    },
  });
});

/** The list as it was, without the dialog that sent the form. */
function listAddress(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${withParams(url.search, { index: null, add: null, rename: null })}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  const { api, headers } = auth;
  if ((await request.clone().formData()).get('intent') === 'delete') {
    return deleteRow(request, auth, (id) => `/course/categories/${encodeURIComponent(id)}`);
  }
  const { submission } = await readForm(request, categoryFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const value = submission.value;
  const result =
    value.intent === 'create'
      ? await createCourseCategory(api, value.name)
      : value.intent === 'rename'
        ? await renameCourseCategory(api, value.id, value.name, value.version)
        : await toggleCourseCategoryStatus(api, value.id, undefined, value.version);
  const back = listAddress(request);
  if (!result.ok) {
    if (value.intent === 'toggle') return redirectWithToast(back, { type: 'error', title: result.message }, { headers });
    // A name already taken is the name's problem; a stale version or anything else is the form's.
    const taken = result.status === 409;
    const reply = submission.reply(taken ? { fieldErrors: { name: [result.message] } } : { formErrors: [result.message] });
    return data({ result: reply }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  const toast =
    value.intent === 'toggle'
      ? `${result.data.name} is now ${result.data.status}`
      : value.intent === 'rename'
        ? `Renamed to ${result.data.name}`
        : `${result.data.name} added`;
  return redirectWithToast(back, { type: 'success', title: toast }, { headers });
}

const columns: Column<CategoryRow, CategorySort>[] = [
  { id: 'name', header: 'Name', cell: (row) => <span className="font-medium">{row.name}</span>, sort: 'name', card: 'title' },
  { id: 'status', header: 'Status', cell: (row) => <ActiveBadge active={row.status === 'active'} />, sort: 'status' },
  { id: 'courses', header: 'Courses', cell: (row) => row.courseCount, align: 'end', className: 'tabular-nums' },
  { id: 'created', header: 'Created', cell: (row) => formatDate(row.createdAt), sort: 'createdAt', className: 'tabular-nums' },
];

const statusFilter = {
  kind: 'select',
  name: 'status',
  label: 'Status',
  anyLabel: 'Any status',
  options: courseCategoryStatus.options.map((status) => ({ value: status, label: courseCategoryStatusLabels[status] })),
} as const;

export default function CourseCategories() {
  const list = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { pathname, search } = useLocation();
  const [deleting, setDeleting] = React.useState<CategoryRow | null>(null);
  const closeDelete = React.useCallback(() => setDeleting(null), []);
  const params = new URLSearchParams(search);
  const closeTo = `${pathname}${withParams(search, { add: null, rename: null })}`;
  const renaming = list.rows.find((row) => row._id === params.get('rename'));
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;

  return (
    <ResourceList
      title={title}
      description={`${list.total} ${list.total === 1 ? 'category' : 'categories'}`}
      noun={{ one: 'category', other: 'categories' }}
      data={list}
      columns={columns}
      filters={[statusFilter]}
      searchPlaceholder="Category name…"
      headerActions={<ExportLinks href={`/resources/course-categories-export${search}`} noun="course categories" />}
      actions={(row) => (
        <CategoryActions row={row} renameTo={withParams(search, { rename: row._id, add: null })} onDelete={() => setDeleting(row)} />
      )}
      empty={{ icon: TagsIcon, title: 'No categories yet', description: 'Courses are grouped by category. Add the first one.' }}
      add={{ href: withParams(search, { add: '1', rename: null }), label: 'Add category' }}
    >
      <UrlDialog open={params.has('add')} closeTo={closeTo} title="Add course category" description="A new category is active.">
        <CategoryForm closeTo={closeTo} lastResult={lastResult} />
      </UrlDialog>
      <UrlDialog open={Boolean(renaming)} closeTo={closeTo} title="Rename course category" description={renaming?.name}>
        {renaming ? <CategoryForm category={renaming} closeTo={closeTo} lastResult={lastResult} /> : null}
      </UrlDialog>
      <DeleteDialog target={deleting} typeLabel="Category" onClose={closeDelete} />
    </ResourceList>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
