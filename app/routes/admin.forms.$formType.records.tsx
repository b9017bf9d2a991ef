import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ClipboardListIcon } from '~/components/ui/icons';
import { isDefaultFormType } from '../../common/forms/fields';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { recordsPath } from '~/lib/record-links';
import { RecordList } from '~/components/record-list/record-list';
import type { RecordRow } from '~/lib/record-list';
import type { ColumnDef } from '~/components/record-list/types';
import { displayValue, fieldValue } from '~/lib/record-values';
import { requireAdminRoute } from '~/services/auth.server';
import { loadCustomForm } from '~/services/custom-forms.server';
import { deleteRecordAction, loadRecordList, type ListScreen } from '~/services/record-list.server';
import { formatDate } from '~/utils/format';

/** The records of one custom form: the generic record list, with the form's first fields as columns. */

/** Besides the name (the record's title), this many of the form's fields get a column. */
const FIELD_COLUMNS = 3;
const COLUMN_TYPES = new Set(['text', 'email', 'tel', 'number', 'date', 'select', 'checkbox', 'radio']);

function formTypeOf(params: LoaderFunctionArgs['params']): string {
  const formType = params.formType ?? '';
  if (isDefaultFormType(formType)) throw redirect(recordsPath(formType));
  return formType;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.label} Records` : 'Records' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const formType = formTypeOf(params);
  const auth = await requireAdminRoute(request, context);
  const form = await loadCustomForm(auth.api, formType);
  if (!form)
    throw data(
      { message: 'Form configuration not found. Please contact super admin to set up this form.' },
      { status: 404, headers: auth.headers },
    );
  const screen: ListScreen = {
    formType,
    filters: [],
    sorts: ['createdAt'],
    defaults: { sort: 'createdAt', order: 'desc' },
  };
  const list = await loadRecordList(request, auth, screen);
  // The API titles records by well-known names (studentName, name, ...); a custom form's own
  // fields may have none of them, so its first short field names the record instead.
  const [first, ...others] = form.fields.filter((field) => COLUMN_TYPES.has(field.type));
  const titled = (row: RecordRow): RecordRow =>
    row.title || !first ? row : { ...row, title: displayValue(fieldValue(row, first.name), first, {}) };
  const view = list.view?.ok ? { ...list.view, detail: { ...list.view.detail, record: titled(list.view.detail.record) } } : list.view;
  const columns = others.slice(0, FIELD_COLUMNS).map(({ name, label, type }) => ({ name, label, type }));
  return data(
    {
      ...list,
      rows: list.rows.map(titled),
      view,
      formType,
      label: form.label,
      titleLabel: first?.label ?? 'Name',
      columns,
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  formTypeOf(params);
  const auth = await requireAdminRoute(request, context);
  return deleteRecordAction(request, auth);
}

export default function CustomFormRecords() {
  const list = useLoaderData<typeof loader>();
  const columns: ColumnDef<RecordRow>[] = [
    { id: 'title', header: list.titleLabel, cell: (row) => row.title || 'Untitled', viewLink: true, card: 'title' },
    ...list.columns.map((field) => ({
      id: `field-${field.name}`,
      header: field.label,
      cell: (row: RecordRow) => displayValue(fieldValue(row, field.name), field, list.names) || '—',
    })),
    { id: 'created', header: 'Created', cell: (row) => formatDate(row.createdAt), sort: 'createdAt' },
  ];
  return (
    <RecordList
      title={`${list.label} Records`}
      description={`${list.total} ${list.total === 1 ? 'record' : 'records'}`}
      formType={list.formType}
      typeLabel={list.label}
      noun={{ one: 'record', other: 'records' }}
      data={list}
      columns={columns}
      searchPlaceholder="Search…"
      addLabel={`Add ${list.label}`}
      empty={{
        icon: ClipboardListIcon,
        title: 'No records yet',
        description: `Records added through the ${list.label} form appear here.`,
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Records" />;
}
