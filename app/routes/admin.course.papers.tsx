import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import * as React from 'react';
import { PaperForm, paperFormSchema } from '~/components/course-papers/paper-form';
import { storedFileHref } from '~/components/dynamic-form/upload-actors';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DeleteDialog } from '~/components/list/delete-dialog';
import { ExportLinks } from '~/components/list/export-links';
import { RowButtons, RowDeleteButton, RowEditLink } from '~/components/list/row-buttons';
import { ResourceList } from '~/components/list/resource-list';
import type { Column } from '~/components/list/types';
import { Badge } from '~/components/ui/badge';
import { FilesIcon } from '~/components/ui/icons';
import { UrlDialog } from '~/components/wallet/url-dialog';
import { paperRights } from '~/lib/course-paper-rights';
import {
  paperApiQuery,
  paperDefaults,
  paperKindOptions,
  paperMessages,
  parsePaperQuery,
  type PaperRow,
  type PaperSort,
} from '~/lib/course-papers';
import { dynamicFormMessages } from '~/lib/dynamic-form';
import { withParams } from '~/lib/list-query';
import { requireAdminRoute } from '~/services/auth.server';
import { recordChoices } from '~/services/choices.server';
import { addCoursePaper, changeCoursePaper, listCoursePapers, showCoursePaper } from '~/services/course-papers.server';
import { validateCsrf } from '~/services/csrf.server';
import { deleteRow, listLoader, loadListPage } from '~/services/list.server';
import { readPost, storePostedFiles } from '~/services/posted-files.server';
import { redirectWithToast } from '~/services/toast.server';
import { coursePaperKindLabels, questionPaperUpload, type CoursePaperView } from '../../common/contracts/course-papers';
import { fileNameOfKey } from '../../common/uploads/keys';

const title = 'Course Papers';

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const { searchParams } = new URL(request.url);
  const query = parsePaperQuery(searchParams, paperDefaults);
  const rights = paperRights(auth.user);
  const asRow = (paper: CoursePaperView): PaperRow => ({
    ...paper,
    title: `${paper.code} ${paper.name}`,
    changeable: rights.edit && paper.courseChangeable,
  });
  const editId = searchParams.get('edit');
  const [courses, page, edited] = await Promise.all([
    recordChoices(auth.api, 'course'),
    loadListPage(request, auth, {
      query,
      defaults: paperDefaults,
      fetch: async (screen) => {
        const answer = await listCoursePapers(auth.api, { ...paperApiQuery(screen), page: screen.page, limit: screen.limit });
        if (!answer.ok) return answer;
        const { papers, total, totalPages } = answer.data;
        return {
          ...answer,
          data: {
            rows: papers.map(asRow),
            total,
            totalPages,
          },
        };
      },
    }),
    // Read on its own, so an edit address opens its paper whichever page the list is on.
    editId ? showCoursePaper(auth.api, editId) : null,
  ]);
  if (courses === null) throw data({ message: dynamicFormMessages.coursesFailed }, { status: 500, headers: auth.headers });
  const editing = edited?.ok ? asRow(edited.data) : null;
  if (edited && !editing?.changeable) {
    const title = edited.ok ? paperMessages.readOnly : edited.message;
    throw await redirectWithToast(listAddress(request), { type: 'error', title }, { headers: auth.headers });
  }
  return { ...page, courses, rights, editing };
});

/** The list as it was, without the dialog that sent the form, showing the course the paper is in. */
function listAddress(request: Request, courseId?: string) {
  const url = new URL(request.url);
  const course = courseId ?? url.searchParams.get('course');
  return `${url.pathname}${withParams(url.search, { index: null, add: null, edit: null, course: course || null })}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  const { api, headers } = auth;
  const { formData, tooLarge } = await readPost(request.clone());
  if (formData.get('intent') === 'delete') return deleteRow(request, auth, (id) => `/course/papers/${encodeURIComponent(id)}`);
  await validateCsrf(formData, request);
  const uploadErrors = await storePostedFiles(api, context, questionPaperUpload.formType, formData, tooLarge);
  const submission = parseWithZod(formData, { schema: paperFormSchema });
  if (submission.status !== 'success' || Object.keys(uploadErrors).length) {
    return data({ result: submission.reply({ fieldErrors: uploadErrors }) }, { status: 400, headers });
  }
  const value = submission.value;
  const { intent } = value;
  const paper = {
    code: value.code,
    name: value.name,
    kind: value.kind,
    questionPaperMarks: value.questionPaperMarks,
    passingMarks: value.passingMarks,
    questionPaper: value.questionPaper,
  };
  const result =
    value.intent === 'add'
      ? await addCoursePaper(api, { courseId: value.courseId, ...paper })
      : await changeCoursePaper(api, value.id, paper, value.version);
  if (!result.ok) {
    // A code taken is the code's problem, a course gone the course's; the API names fields it refused.
    const fieldErrors =
      result.status === 409
        ? { code: [result.message] }
        : result.status === 404 && intent === 'add'
          ? { courseId: [result.message] }
          : result.errors;
    const reply = fieldErrors ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [result.message] });
    return data({ result: reply }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  const saved = result.data;
  const toast = intent === 'add' ? `${saved.code} ${saved.name} added to ${saved.courseName}` : `${saved.code} ${saved.name} saved`;
  return redirectWithToast(listAddress(request, saved.courseId), { type: 'success', title: toast }, { headers });
}

const kindFilter = {
  kind: 'select',
  name: 'kind',
  label: 'Type',
  anyLabel: 'Any type',
  options: paperKindOptions,
} as const;

export default function CoursePapers() {
  const list = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { pathname, search } = useLocation();
  const [deleting, setDeleting] = React.useState<PaperRow | null>(null);
  const closeDelete = React.useCallback(() => setDeleting(null), []);
  const params = new URLSearchParams(search);
  const closeTo = `${pathname}${withParams(search, { add: null, edit: null })}`;
  const courseId = list.query.course;
  const course = list.courses.find((option) => option.value === courseId);
  const { editing } = list;
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;

  const columns: Column<PaperRow, PaperSort>[] = [
    { id: 'code', header: 'Code', cell: (row) => <span className="font-medium tabular-nums">{row.code}</span>, sort: 'code' },
    { id: 'name', header: 'Name', cell: (row) => row.name, sort: 'name', card: 'title' },
    {
      id: 'course',
      header: 'Course',
      cell: (row) => <span title={row.courseName}>{row.courseName}</span>,
      hidden: Boolean(course),
      className: 'max-w-56 truncate',
    },
    { id: 'kind', header: 'Type', cell: (row) => <Badge variant="outline">{coursePaperKindLabels[row.kind]}</Badge>, sort: 'kind' },
    {
      id: 'marks',
      header: 'Marks',
      cell: (row) => row.questionPaperMarks,
      sort: 'questionPaperMarks',
      align: 'end',
      className: 'tabular-nums',
    },
    { id: 'passing', header: 'Passing', cell: (row) => row.passingMarks, align: 'end', className: 'tabular-nums' },
    {
      id: 'paper',
      header: 'Question paper',
      // A file is opened by the institute and the branch that uploaded it (decision 024): others see it is there.
      cell: (row) =>
        !row.questionPaper ? (
          <span className="text-muted-foreground">None</span>
        ) : row.questionPaperReadable ? (
          <a
            href={storedFileHref(row.questionPaper)}
            target="_blank"
            rel="noreferrer"
            className="text-primary underline-offset-4 hover:underline"
            aria-label={`Question paper of ${row.title}: ${fileNameOfKey(row.questionPaper)}`}
          >
            Open
          </a>
        ) : (
          <span className="text-muted-foreground">Attached</span>
        ),
    },
  ];

  const courseFilter = {
    kind: 'select',
    name: 'course',
    label: 'Course',
    anyLabel: 'All courses',
    options: list.courses,
  } as const;

  return (
    <ResourceList
      title={title}
      description={
        course ? `${list.total} ${list.total === 1 ? 'paper' : 'papers'} of ${course.label}` : `${list.total} papers in all courses`
      }
      noun={{ one: 'paper', other: 'papers' }}
      data={list}
      columns={columns}
      filters={[courseFilter, kindFilter]}
      scope="course"
      searchPlaceholder="Code or name…"
      headerActions={<ExportLinks href={`/resources/course-papers-export${search}`} noun="course papers" />}
      actions={
        list.rights.edit
          ? (row) =>
              row.changeable ? (
                <RowButtons>
                  <RowEditLink to={withParams(search, { edit: row._id, add: null })} label={`Edit ${row.title}`} />
                  <RowDeleteButton label={`Delete ${row.title}`} onDelete={() => setDeleting(row)} />
                </RowButtons>
              ) : null
          : undefined
      }
      empty={
        course
          ? { icon: FilesIcon, title: 'This course has no papers yet', description: 'Add its papers (subjects) with their marks.' }
          : { icon: FilesIcon, title: 'No papers yet', description: 'Each course’s papers (subjects) and their marks are kept here.' }
      }
      add={list.rights.add ? { href: withParams(search, { add: '1', edit: null }), label: 'Add paper' } : undefined}
    >
      {list.rights.add ? (
        <UrlDialog
          open={params.has('add')}
          closeTo={closeTo}
          title="Add course paper"
          description={course ? `A paper of ${course.label}.` : 'Choose its course.'}
        >
          <PaperForm courses={list.courses} courseId={courseId || undefined} closeTo={closeTo} lastResult={lastResult} />
        </UrlDialog>
      ) : null}
      <UrlDialog open={Boolean(editing)} closeTo={closeTo} title="Edit course paper" description={editing?.courseName}>
        {editing ? <PaperForm paper={editing} courses={list.courses} closeTo={closeTo} lastResult={lastResult} /> : null}
      </UrlDialog>
      <DeleteDialog target={deleting} typeLabel="Paper" onClose={closeDelete} />
    </ResourceList>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
