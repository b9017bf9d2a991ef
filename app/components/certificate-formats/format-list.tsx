import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { SerializeFrom } from '@remix-run/node';
import { Form, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { FormatKind } from '../../../common/certificate-layout';
import { ResourceList } from '~/components/list/resource-list';
import type { Column } from '~/components/list/types';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { AwardIcon, IdCardIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { UrlDialog, UrlDialogActions } from '~/components/wallet/url-dialog';
import {
  formatListSchema,
  formatPaths,
  formatScreens,
  kindPageSizes,
  orientations,
  formatStarts,
  formatStartLabels,
  pageLabel,
  pageSizeLabels,
  type FormatRow,
} from '~/lib/certificate-formats';
import { withParams } from '~/lib/list-query';
import type { formatListAction, formatListLoader } from '~/services/certificate-format-screens.server';
import { formatDate } from '~/utils/format';

type FormatListData = SerializeFrom<ReturnType<typeof formatListLoader>>;
type FormatListAnswer = SerializeFrom<ReturnType<typeof formatListAction>>;

const columns: Column<FormatRow>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (row) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{row.content.name}</span>
        {row.archived ? <Badge variant="secondary">Archived</Badge> : null}
      </span>
    ),
    viewLink: true,
    card: 'title',
  },
  { id: 'page', header: 'Page', cell: (row) => pageLabel(row.content.layout), card: 'subtitle' },
  { id: 'revision', header: 'Revision', cell: (row) => row.revision, align: 'end', className: 'tabular-nums' },
  { id: 'updated', header: 'Updated', cell: (row) => formatDate(row.updatedAt), className: 'tabular-nums' },
];

const archivedFilter = {
  kind: 'select',
  name: 'archived',
  label: 'Archived',
  anyLabel: 'Hide archived',
  options: [{ value: 'shown', label: 'Show archived' }],
} as const;

/**
 * A kind's formats by name. Rows open the designer; whoever designs the kind adds formats (a
 * dialog opened by the address, `?new=1`) and archives them or brings them back.
 */
export function FormatListScreen() {
  const { kind, canManage, ...list } = useLoaderData<FormatListData>();
  const answered = useActionData<FormatListAnswer>();
  const lastResult = answered && 'result' in answered ? answered.result : undefined;
  const { pathname, search } = useLocation();
  const screen = formatScreens[kind];
  const params = new URLSearchParams(search);
  const closeTo = `${pathname}${withParams(search, { new: null })}`;
  return (
    <ResourceList
      title={screen.title}
      description={screen.description}
      noun={screen.noun}
      data={list}
      columns={columns}
      filters={[archivedFilter]}
      searchPlaceholder="Format name…"
      rowTarget={(row) => formatPaths.designer(kind, row._id)}
      actions={canManage ? (row) => <ArchiveButton row={row} /> : undefined}
      empty={{
        icon: kind === 'certificate' ? AwardIcon : IdCardIcon,
        title: `No ${screen.noun.other} yet`,
        description: canManage
          ? 'Make one: choose its page, then place the student’s details on it in the designer.'
          : 'Formats are made by those who design them for the institute.',
      }}
      add={canManage ? { href: withParams(search, { new: '1' }), label: screen.newLabel } : undefined}
    >
      {canManage ? (
        <UrlDialog open={params.has('new')} closeTo={closeTo} title={screen.newLabel} description="The designer opens on its empty page.">
          <NewFormatForm kind={kind} closeTo={closeTo} lastResult={lastResult} />
        </UrlDialog>
      ) : null}
    </ResourceList>
  );
}

function ArchiveButton({ row }: { row: FormatRow }) {
  const fetcher = useFetcher();
  const intent = row.archived ? 'unarchive' : 'archive';
  return (
    <fetcher.Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row._id} />
      <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== 'idle'}>
        {row.archived ? 'Bring back' : 'Archive'}
        <span className="sr-only"> {row.content.name}</span>
      </Button>
    </fetcher.Form>
  );
}

function NewFormatForm({ kind, closeTo, lastResult }: { kind: FormatKind; closeTo: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const sizes = kindPageSizes[kind];
  const [form, fields] = useForm({
    id: `new-${kind}-format`,
    lastResult: lastResult?.initialValue?.intent === 'create' ? lastResult : undefined,
    defaultValue: { pageSize: sizes[0], orientation: kind === 'certificate' ? 'landscape' : 'portrait', start: 'finished' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formatListSchema }),
  });
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="create" />
      <FormField field={fields.name} label="Name" required>
        <Input
          {...getInputProps(fields.name, { type: 'text' })}
          key={fields.name.key}
          placeholder={kind === 'certificate' ? 'e.g. Course completion' : 'e.g. Student card'}
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.pageSize} label="Page size" required>
          <NativeSelect {...getSelectProps(fields.pageSize)} key={fields.pageSize.key}>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {pageSizeLabels[size]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField field={fields.orientation} label="Orientation" required>
          <NativeSelect {...getSelectProps(fields.orientation)} key={fields.orientation.key}>
            {orientations.map((orientation) => (
              <option key={orientation} value={orientation}>
                {orientation === 'portrait' ? 'Portrait' : 'Landscape'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField field={fields.start} label="Start from" required>
        <NativeSelect {...getSelectProps(fields.start)} key={fields.start.key}>
          {formatStarts.map((start) => (
            <option key={start} value={start}>
              {formatStartLabels[start]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormError id={form.errorId} errors={form.errors} />
      <UrlDialogActions closeTo={closeTo} submitting={submitting} label="Create and open" busyLabel="Creating…" />
    </Form>
  );
}
