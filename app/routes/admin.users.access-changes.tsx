import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ExportLinks } from '~/components/list/export-links';
import { ResourceList } from '~/components/list/resource-list';
import type { Column, Filter } from '~/components/list/types';
import { Badge } from '~/components/ui/badge';
import { ClipboardListIcon, XIcon } from '~/components/ui/icons';
import {
  accessChangeApiQuery,
  accessChangeDefaults,
  parseAccessChangeQuery,
  toAccessChangeRow,
  type AccessChangeRow,
  type AccessChangeSort,
} from '~/lib/access-changes';
import { withParams } from '~/lib/list-query';
import { canOpen } from '~/lib/route-registry';
import { listAccessChanges } from '~/services/access-changes.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { listPermissions } from '~/services/permissions.server';
import { formatDateTime } from '~/utils/format';
import { accessChangeKindLabels, changeSides } from '../../common/access-change-words';
import { accessChangeKinds } from '../../common/contracts/access-changes';
import { catalogueReaders } from '../../common/user-permissions';
import { roleLabel } from '../../common/roles';

const title = 'Access Changes';

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const query = parseAccessChangeQuery(new URL(request.url).searchParams, accessChangeDefaults);
  const [page, catalogue] = await Promise.all([
    loadListPage(request, auth, {
      query,
      defaults: accessChangeDefaults,
      fetch: async (screen) => {
        const answer = await listAccessChanges(auth.api, { ...accessChangeApiQuery(screen), page: screen.page, limit: screen.limit });
        if (!answer.ok) return answer;
        const { changes, total, totalPages } = answer.data;
        return { ...answer, data: { rows: changes.map(toAccessChangeRow), total, totalPages } };
      },
    }),
    // Those who may not read the catalogue filter without it.
    canOpen({ permissions: catalogueReaders }, auth.user) ? listPermissions(auth.api) : null,
  ]);
  const permissions = catalogue?.ok ? catalogue.data.map(({ name }) => name) : [];
  return { ...page, permissions };
});

/** Past this many, the rest of a change's permissions open on demand: a new admin's grant names dozens. */
const SHOWN_PERMISSIONS = 8;

function PermissionBadges({ names, sign }: { names: { id: string; name: string }[]; sign: '+' | '−' }) {
  if (names.length === 0) return null;
  const badge = (permission: { id: string; name: string }) => (
    <Badge key={permission.id} variant={sign === '+' ? 'success' : 'warning'} className="font-mono text-[0.7rem]">
      <span aria-hidden="true">{sign}</span>
      {permission.name}
    </Badge>
  );
  const rest = names.slice(SHOWN_PERMISSIONS);
  return (
    <span className="flex flex-wrap items-center gap-1">
      <span className="sr-only">{sign === '+' ? 'Granted' : 'Removed'}:</span>
      {names.slice(0, SHOWN_PERMISSIONS).map(badge)}
      {rest.length ? (
        <details className="group open:basis-full">
          <summary className="cursor-pointer list-none rounded-sm px-1 text-xs font-medium text-primary hover:underline group-open:hidden">
            and {rest.length} more
          </summary>
          <span className="flex flex-wrap gap-1">{rest.map(badge)}</span>
        </details>
      ) : null}
    </span>
  );
}

function ChangeCell({ row }: { row: AccessChangeRow }) {
  const sides = changeSides(row);
  return (
    <div className="grid gap-1">
      <span className="font-medium">{accessChangeKindLabels[row.kind]}</span>
      {sides ? (
        <span className="text-sm text-muted-foreground">
          {sides.from} <span aria-label="to">→</span> {sides.to}
        </span>
      ) : null}
      {row.kind === 'created' ? <span className="text-sm text-muted-foreground">as {roleLabel(row.to ?? '')}</span> : null}
      {row.kind === 'deleted' ? <span className="text-sm text-muted-foreground">was {roleLabel(row.from ?? '')}</span> : null}
      <PermissionBadges names={row.granted} sign="+" />
      <PermissionBadges names={row.removed} sign="−" />
    </div>
  );
}

function PersonLink({ to, name, detail }: { to: string; name: string; detail?: string }) {
  return (
    <span className="grid">
      <Link to={to} preventScrollReset className="font-medium hover:underline focus-visible:underline">
        {name}
      </Link>
      {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
    </span>
  );
}

function useColumns(): Column<AccessChangeRow, AccessChangeSort>[] {
  const { search } = useLocation();
  return [
    {
      id: 'at',
      header: 'When',
      cell: (row) => formatDateTime(row.at),
      sort: 'at',
      className: 'whitespace-nowrap tabular-nums',
      card: 'subtitle',
    },
    {
      id: 'user',
      header: 'User',
      card: 'title',
      cell: (row) => (
        <PersonLink
          to={withParams(search, { user: row.user.id, page: null })}
          name={row.user.deleted ? `${row.user.name} (deleted)` : row.user.name}
          detail={row.user.email}
        />
      ),
    },
    { id: 'change', header: 'Change', cell: (row) => <ChangeCell row={row} /> },
    {
      id: 'by',
      header: 'Changed by',
      cell: (row) =>
        row.by ? (
          <PersonLink to={withParams(search, { by: row.by.id, page: null })} name={row.by.name} />
        ) : (
          <span className="text-muted-foreground">System</span>
        ),
    },
  ];
}

/** The user or author the list is narrowed to, with a way back to everyone. */
function NarrowedTo({ label, name, param }: { label: string; name: string; param: string }) {
  const { search } = useLocation();
  return (
    <Badge variant="secondary" className="gap-1.5 py-1 pl-2.5 text-sm">
      {label} {name}
      <Link
        to={withParams(search, { [param]: null, page: null })}
        aria-label={`Show every ${param === 'user' ? 'user' : 'author'}`}
        className="rounded-sm hover:text-foreground"
      >
        <XIcon aria-hidden="true" className="size-3.5" />
      </Link>
    </Badge>
  );
}

export default function AccessChanges() {
  const list = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const columns = useColumns();
  const { query, rows } = list;
  const userName = rows.find((row) => row.user.id === query.user)?.user.name ?? 'this user';
  const byName = rows.find((row) => row.by?.id === query.by)?.by?.name ?? 'this user';
  const filters: Filter[] = [
    {
      kind: 'select',
      name: 'kind',
      label: 'Change',
      anyLabel: 'Any change',
      options: accessChangeKinds.map((kind) => ({ value: kind, label: accessChangeKindLabels[kind] })),
    },
    ...(list.permissions.length
      ? [
          {
            kind: 'select' as const,
            name: 'permission',
            label: 'Permission',
            anyLabel: 'Any permission',
            options: list.permissions.map((name) => ({ value: name, label: name })),
          },
        ]
      : []),
    { kind: 'days', from: 'from', to: 'to', label: 'Date' },
  ];

  return (
    <ResourceList
      title={title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>
            Who changed whose role, branch, permissions or status. {list.total} {list.total === 1 ? 'change' : 'changes'}
          </span>
          {query.user ? <NarrowedTo label="Changes to" name={userName} param="user" /> : null}
          {query.by ? <NarrowedTo label="Made by" name={byName} param="by" /> : null}
        </span>
      }
      noun={{ one: 'change', other: 'changes' }}
      headerActions={<ExportLinks href={`/resources/access-changes-export${search}`} noun="access changes" />}
      data={list}
      columns={columns}
      filters={filters}
      searchPlaceholder="User name or email…"
      empty={{
        icon: ClipboardListIcon,
        title: 'No access changes yet',
        description: 'Adding users, giving them roles and permissions and deactivating them shows here.',
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
