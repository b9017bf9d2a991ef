import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useBeforeUnload,
  useBlocker,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthenticityTokenInput, useAuthenticityToken } from 'remix-utils/csrf/react';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PermissionChecklist } from '~/components/super-admin/permission-checklist';
import { useFetcherOutcome } from '~/components/super-admin/use-fetcher-outcome';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import {
  KeyRoundIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  SaveIcon,
  SearchIcon,
  ShieldCheckIcon,
  SquareCheckIcon,
  SquareIcon,
  TriangleAlertIcon,
  UserCheckIcon,
  UsersIcon,
  type LucideIcon,
} from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/components/ui/toaster';
import {
  groupByCategory,
  hasUnsavedChanges,
  permissionEditorMachine,
  SAVE_FAILED_MESSAGE,
  type SavePermissionsInput,
  type SavePermissionsOutput,
} from '~/machines/permission-editor.machine';
import { failureMessage } from '~/services/api.server';
import { requireSuperAdmin, type AuthedApi } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { describeSync, loadCatalogue, syncPermissions } from '~/services/permissions.server';
import { redirectWithToast } from '~/services/toast.server';
import { listEveryUser, setUserPermissions } from '~/services/users.server';

export const meta: MetaFunction = () => [{ title: 'Permission Management · Super Admin' }];

const PATH = '/admin/super-admin/permissions';

const messages = {
  loadPermissionsFailed: 'Failed to load permissions',
  loadUsersFailed: 'Failed to load users',
  saveFailed: SAVE_FAILED_MESSAGE,
  syncDone: 'Permissions synchronized successfully',
  syncFailed: 'Failed to sync permissions',
} as const;

/** The two forms of the page, told apart by `intent`. */
const schema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('permissions.save'),
    userId: z.string().min(1).max(100),
    permissions: z.array(z.string().min(1).max(100)).max(500).default([]),
  }),
  z.object({ intent: z.literal('permissions.sync') }),
]);

/** The catalogue, synchronised first when it is empty. */
async function readCatalogue(api: AuthedApi) {
  const catalogue = await loadCatalogue(api);
  return catalogue.ok
    ? { permissions: catalogue.data, error: null }
    : { permissions: null, error: messages.loadPermissionsFailed };
}

/** Every user with the ids of their grants, and the counts of the stat cards. */
async function readPeople(api: AuthedApi) {
  const everyone = await listEveryUser(api);
  if (!everyone.ok) return { users: null, stats: null, error: messages.loadUsersFailed };
  const users = everyone.data.users.map((user) => ({
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    branchName: user.branchName,
    permissionIds: user.permissions.map((permission) => permission._id),
  }));
  return { users, stats: everyone.data.stats, error: null };
}

/**
 * The page reads both parts; `?part=catalogue` or `?part=users` reads one of them again (Reload
 * Permissions, Reload Users), the other coming back null.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const part = new URL(request.url).searchParams.get('part');
  const [catalogue, people] = await Promise.all([
    part === 'users' ? null : readCatalogue(api),
    part === 'catalogue' ? null : readPeople(api),
  ]);
  return data({ catalogue, people }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const { submission } = await readForm(request, schema);
  const url = new URL(request.url);
  const back = `${PATH}${url.search}`;
  if (submission.status !== 'success') {
    return data({ error: messages.saveFailed }, { status: 400, headers });
  }
  const value = submission.value;
  if (value.intent === 'permissions.sync') {
    const result = await syncPermissions(api);
    return redirectWithToast(
      back,
      result.ok
        ? { type: 'success', title: messages.syncDone, description: describeSync(result.data) }
        : { type: 'error', title: messages.syncFailed },
      { headers },
    );
  }
  const result = await setUserPermissions(api, value.userId, value.permissions);
  if (!result.ok) {
    return data({ error: failureMessage(result, messages.saveFailed) }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  return redirectWithToast(
    `${PATH}?${new URLSearchParams({ user: value.userId })}`,
    { type: 'success', title: `Permissions updated for ${result.data.name}` },
    { headers },
  );
}

/** Choosing another user only changes `?user=`: the lists on the page stay as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) {
    return defaultShouldRevalidate;
  }
  const withoutUser = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('user');
    params.sort();
    return params.toString();
  };
  return withoutUser(currentUrl) === withoutUser(nextUrl) ? false : defaultShouldRevalidate;
};

type PageUser = {
  _id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  branchName: string | null;
  permissionIds: string[];
};

const USER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active Only' },
  { value: 'inactive', label: 'Inactive Only' },
  { value: 'admins', label: 'Admins Only' },
  { value: 'regular', label: 'Regular Users' },
] as const;
type UserFilter = (typeof USER_FILTERS)[number]['value'];

const isAdminRole = (role: string) => role.toLowerCase().includes('admin');

function matchesUser(user: PageUser, search: string, filter: UserFilter) {
  const needle = search.trim().toLowerCase();
  if (needle && ![user.name, user.email, user.role].some((text) => text.toLowerCase().includes(needle))) return false;
  switch (filter) {
    case 'active':
      return user.status === 'active';
    case 'inactive':
      return user.status !== 'active';
    case 'admins':
      return isAdminRole(user.role);
    case 'regular':
      return !isAdminRole(user.role);
    default:
      return true;
  }
}

function StatCard({ label, value, icon: Icon }: { label: string; value: number | null; icon: LucideIcon }) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value ?? '—'}</p>
      </div>
    </Card>
  );
}

/** A fetcher submission as a promise, for the machine's injected save: its answer, or none after a redirect. */
function useFetcherRequest<Answer>(key: string) {
  const fetcher = useFetcher<Answer>({ key });
  const resolver = useRef<((answer: Answer | undefined) => void) | null>(null);
  const sent = useFetcherOutcome(fetcher, (answer) => {
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(answer);
  });
  const submitRef = useRef(fetcher.submit);
  submitRef.current = fetcher.submit;
  const send = useCallback(
    (body: FormData) =>
      new Promise<Answer | undefined>((resolve) => {
        resolver.current = resolve;
        sent();
        submitRef.current(body, { method: 'post', preventScrollReset: true });
      }),
    [sent],
  );
  return { send, state: fetcher.state };
}

/**
 * Of a part of the page read by the page's loader and read again by a fetcher, the one read last:
 * a reload shows until the page loads again (Refresh, a save, a sync).
 */
function useLatestRead<Part>(fromPage: Part, fromReload: Part | null | undefined): Part {
  const seen = useRef({ fromPage, fromReload, latest: fromPage });
  if (seen.current.fromPage !== fromPage) seen.current = { ...seen.current, fromPage, latest: fromPage };
  if (fromReload && seen.current.fromReload !== fromReload) seen.current = { ...seen.current, fromReload, latest: fromReload };
  return seen.current.latest;
}

/** Toasts what a reload fetcher read, once per answer. */
function useReloadToast<Part extends { error: string | null }>(part: Part | null | undefined, success: (part: Part) => [string, string]) {
  const successRef = useRef(success);
  successRef.current = success;
  useEffect(() => {
    if (!part) return;
    if (part.error) toast.error(part.error);
    else {
      const [title, description] = successRef.current(part);
      toast.success(title, { description });
    }
  }, [part]);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function PermissionManagement() {
  const loaderData = useLoaderData<typeof loader>();
  const catalogueReload = useFetcher<typeof loader>({ key: 'permission-catalogue-reload' });
  const usersReload = useFetcher<typeof loader>({ key: 'permission-users-reload' });
  const revalidator = useRevalidator();
  // The page's own loads always read both parts.
  const { permissions, error: permissionsError } = useLatestRead(loaderData.catalogue!, catalogueReload.data?.catalogue);
  const { users, stats, error: usersError } = useLatestRead(loaderData.people!, usersReload.data?.people);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const csrf = useAuthenticityToken();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const checklistRef = useRef<HTMLDivElement>(null);
  const saveRequest = useFetcherRequest<{ error?: string }>('permission-editor-save');

  const groups = useMemo(() => groupByCategory(permissions ?? []), [permissions]);
  const catalogueIds = useMemo(() => (permissions ?? []).map((permission) => permission._id), [permissions]);
  const usersById = useMemo(() => new Map((users ?? []).map((user) => [user._id, user])), [users]);
  const urlUserId = searchParams.get('user');

  // The machine's side effects read the latest render through refs.
  const effects = useRef({
    save: async (_input: SavePermissionsInput): Promise<SavePermissionsOutput> => ({}),
    showUser: (_userId: string | null) => {},
  });
  effects.current.save = async ({ userId, permissionIds }) => {
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'permissions.save');
    body.set('userId', userId);
    for (const id of permissionIds) body.append('permissions', id);
    const answer = await saveRequest.send(body);
    if (answer?.error) throw new Error(answer.error);
    return {};
  };
  effects.current.showUser = (userId) => {
    if (!userId || searchParams.get('user') === userId) return;
    const next = new URLSearchParams(searchParams);
    next.set('user', userId);
    setSearchParams(next, { preventScrollReset: true });
    // On a phone the checklist sits below the list: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => checklistRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  };

  const initialUser = urlUserId ? usersById.get(urlUserId) : undefined;
  const editor = useActorRef(
    permissionEditorMachine.provide({
      actors: {
        savePermissions: fromPromise<SavePermissionsOutput, SavePermissionsInput>(({ input }) => effects.current.save(input)),
      },
      actions: {
        showUser: (_, { userId }) => effects.current.showUser(userId),
        // The server's toast says it after the redirect.
        notifySaved: () => {},
        notifySaveFailed: (_, { message }) => {
          toast.error(message);
        },
      },
    }),
    { input: { userId: initialUser?._id ?? null, permissionIds: initialUser?.permissionIds ?? [] } },
  );
  const snapshot = useSelector(editor, (state) => state);
  const { userId, selected, pending, error } = snapshot.context;
  const dirty = hasUnsavedChanges(snapshot.context);
  const saving = snapshot.matches('saving');
  const currentUser = userId ? usersById.get(userId) : undefined;
  const pendingUser = pending ? usersById.get(pending.userId) : undefined;

  // Each failed load says so (SPEC.md section 8), also when a retry fails again.
  useEffect(() => {
    if (loaderData.catalogue?.error) toast.error(loaderData.catalogue.error, { id: 'permissions-load-failed' });
    if (loaderData.people?.error) toast.error(loaderData.people.error, { id: 'permission-users-load-failed' });
  }, [loaderData]);

  useReloadToast(catalogueReload.data?.catalogue, (part) => ['Permissions reloaded', count(part.permissions?.length ?? 0, 'permission', 'permissions')]);
  useReloadToast(usersReload.data?.people, (part) => ['Users reloaded', count(part.users?.length ?? 0, 'user', 'users')]);
  const reloadCatalogue = () => catalogueReload.load(`${PATH}?part=catalogue`);
  const reloadUsers = () => usersReload.load(`${PATH}?part=users`);

  // Refresh reads the whole page again; its toast waits for the answer.
  const refreshAsked = useRef(false);
  const refresh = () => {
    refreshAsked.current = true;
    revalidator.revalidate();
  };

  // Back and forward buttons change ?user=; the machine decides (and may ask first).
  useEffect(() => {
    if (!urlUserId || urlUserId === editor.getSnapshot().context.userId) return;
    const user = usersById.get(urlUserId);
    if (user) editor.send({ type: 'user.select', userId: user._id, permissionIds: user.permissionIds });
  }, [urlUserId, usersById, editor]);

  // The page read again (Refresh, a save, a sync): the checklist follows the stored grants, unless
  // it has unsaved changes. Reload Users only refreshes the list.
  const pageUsers = loaderData.people?.users;
  useEffect(() => {
    const current = editor.getSnapshot().context.userId;
    const user = current ? pageUsers?.find((entry) => entry._id === current) : undefined;
    if (user) editor.send({ type: 'user.refresh', userId: user._id, permissionIds: user.permissionIds });
    if (!refreshAsked.current) return;
    refreshAsked.current = false;
    if (loaderData.catalogue?.error || loaderData.people?.error) return;
    const parts = [
      count(loaderData.catalogue?.permissions?.length ?? 0, 'permission', 'permissions'),
      count(pageUsers?.length ?? 0, 'user', 'users'),
      ...(user ? [`the grants of ${user.name}`] : []),
    ];
    toast.success('Refreshed', { description: `Read again: ${parts.join(', ')}` });
  }, [loaderData, pageUsers, editor]);

  // Leaving the page (or the tab) with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges(editor.getSnapshot().context) &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== '/logout',
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!hasUnsavedChanges(editor.getSnapshot().context)) return;
        event.preventDefault();
        event.returnValue = '';
      },
      [editor],
    ),
  );

  const visibleUsers = useMemo(() => (users ?? []).filter((user) => matchesUser(user, search, filter)), [users, search, filter]);
  const syncing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'permissions.sync';
  const here = `${location.pathname}${location.search}`;

  const reloadButton = (label: string, onClick: () => void, busy: boolean, variant: 'outline' | 'ghost' = 'outline') => (
    <Button type="button" variant={variant} size="sm" onClick={onClick} disabled={busy}>
      <RefreshCwIcon aria-hidden="true" className={cn(busy && 'animate-spin motion-reduce:animate-none')} />
      {label}
    </Button>
  );
  const refreshing = revalidator.state === 'loading';
  const reloadingCatalogue = catalogueReload.state !== 'idle';
  const reloadingUsers = usersReload.state !== 'idle';

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Permission Management</h1>
          <p className="mt-1 text-sm text-muted-foreground">Choose a user, tick what they may do, and save.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post" preventScrollReset>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="permissions.sync" />
            <Button type="submit" variant="outline" size="sm" disabled={syncing}>
              {syncing ? <Spinner aria-hidden="true" /> : <KeyRoundIcon aria-hidden="true" />}
              {syncing ? 'Syncing...' : 'Sync Permissions'}
            </Button>
          </Form>
          <Button variant="outline" size="sm" asChild>
            <Link
              to={here}
              preventScrollReset
              aria-disabled={refreshing}
              onClick={(event) => {
                event.preventDefault();
                if (!refreshing) refresh();
              }}
            >
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
              Refresh
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label="Total Users" value={stats?.all ?? null} icon={UsersIcon} />
        <StatCard label="Active Users" value={stats?.active ?? null} icon={UserCheckIcon} />
        <StatCard label="Users with Permissions" value={stats?.withPermissions ?? null} icon={ShieldCheckIcon} />
        <StatCard label="Total Permissions" value={permissions?.length ?? null} icon={KeyRoundIcon} />
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card className="gap-0 py-0 lg:sticky lg:top-6">
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 className="font-semibold">
              Users{' '}
              {users ? (
                <span className="text-sm font-normal text-muted-foreground">
                  ({visibleUsers.length}
                  {visibleUsers.length !== users.length ? ` of ${users.length}` : ''})
                </span>
              ) : null}
            </h2>
            {reloadButton('Reload Users', reloadUsers, reloadingUsers, 'ghost')}
          </div>
          <div className="grid gap-3 border-b p-4">
            <div className="relative">
              <Label htmlFor="permission-user-search" className="sr-only">
                Search users
              </Label>
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id="permission-user-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search by name, email or role"
                className="pl-8"
                autoComplete="off"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="permission-user-filter" className="sr-only">
                Show
              </Label>
              <NativeSelect
                id="permission-user-filter"
                value={filter}
                onChange={(event) => setFilter(event.target.value as UserFilter)}
                aria-label="Filter users"
              >
                {USER_FILTERS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {usersError || !users ? (
            <div role="alert" className="grid justify-items-center gap-3 px-4 py-10 text-center">
              <TriangleAlertIcon aria-hidden="true" className="size-6 text-destructive" />
              <p className="text-sm font-medium">{usersError ?? messages.loadUsersFailed}</p>
              {reloadButton('Retry', reloadUsers, reloadingUsers)}
            </div>
          ) : visibleUsers.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground">No users found</p>
          ) : (
            <ul aria-label="Users" className="max-h-[28rem] overflow-y-auto p-2 lg:max-h-[calc(100svh-14rem)]">
              {visibleUsers.map((user) => {
                const active = user._id === userId;
                const next = new URLSearchParams(searchParams);
                next.set('user', user._id);
                return (
                  <li key={user._id}>
                    <Link
                      to={`?${next}`}
                      preventScrollReset
                      aria-current={active ? 'true' : undefined}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        editor.send({ type: 'user.select', userId: user._id, permissionIds: user.permissionIds });
                      }}
                      className={cn(
                        'flex items-center gap-3 rounded-md px-2.5 py-2 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        active ? 'bg-primary/10 ring-1 ring-primary/30' : 'hover:bg-muted/70',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn('size-2 shrink-0 rounded-full', user.status === 'active' ? 'bg-emerald-500' : 'bg-muted-foreground/40')}
                      />
                      <span className="grid min-w-0 flex-1">
                        <span className="truncate text-sm font-medium">{user.name}</span>
                        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                      </span>
                      <span className="grid shrink-0 justify-items-end gap-0.5">
                        <Badge variant="outline" className="capitalize">
                          {user.role.replace(/_/g, ' ')}
                        </Badge>
                        <span className="text-[11px] text-muted-foreground tabular-nums">
                          {user.permissionIds.length} {user.permissionIds.length === 1 ? 'permission' : 'permissions'}
                        </span>
                      </span>
                      <span className="sr-only">{user.status === 'active' ? 'Active' : 'Inactive'}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <div ref={checklistRef} className="scroll-mt-20">
          <Card className="gap-0 py-0">
            {permissionsError || !permissions ? (
              <div role="alert" className="grid justify-items-center gap-3 px-6 py-16 text-center">
                <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
                <p className="font-medium">{permissionsError ?? messages.loadPermissionsFailed}</p>
                {reloadButton('Retry', reloadCatalogue, reloadingCatalogue)}
              </div>
            ) : !currentUser ? (
              <div className="grid justify-items-center gap-2 px-6 py-20 text-center">
                <ShieldCheckIcon aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="font-medium">Select a user</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Choose someone from the list to see and change the permissions they hold.
                </p>
              </div>
            ) : (
              <Form
                method="post"
                preventScrollReset
                onSubmit={(event) => {
                  event.preventDefault();
                  editor.send({ type: 'changes.save' });
                }}
                aria-label={`Permissions of ${currentUser.name}`}
              >
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="permissions.save" />
                <input type="hidden" name="userId" value={currentUser._id} />
                <div className="sticky top-14 z-10 grid gap-3 rounded-t-xl border-b bg-card/95 px-4 py-3 backdrop-blur lg:top-0 sm:px-5">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                        <span className="truncate">{currentUser.name}</span>
                        <Badge variant="outline" className="capitalize">
                          {currentUser.role.replace(/_/g, ' ')}
                        </Badge>
                        {dirty ? (
                          <Badge variant="warning" role="status">
                            Unsaved changes
                          </Badge>
                        ) : null}
                      </h2>
                      <p className="truncate text-sm text-muted-foreground">
                        {currentUser.email}
                        {currentUser.branchName ? ` · ${currentUser.branchName}` : ''}
                      </p>
                    </div>
                    <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
                      <span className="font-medium text-foreground">{selected.length}</span> of {catalogueIds.length} selected
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={saving || selected.length === catalogueIds.length}
                      onClick={() => editor.send({ type: 'all.select', permissionIds: catalogueIds })}
                    >
                      <SquareCheckIcon aria-hidden="true" />
                      Select All
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={saving || selected.length === 0}
                      onClick={() => editor.send({ type: 'all.deselect' })}
                    >
                      <SquareIcon aria-hidden="true" />
                      Deselect All
                    </Button>
                    <Button
                      type="reset"
                      variant="outline"
                      size="sm"
                      disabled={saving || !dirty}
                      onClick={(event) => {
                        event.preventDefault();
                        editor.send({ type: 'changes.reset' });
                      }}
                    >
                      <RotateCcwIcon aria-hidden="true" />
                      Reset
                    </Button>
                    {reloadButton('Reload Permissions', reloadCatalogue, reloadingCatalogue, 'ghost')}
                    <Button type="submit" size="sm" className="sm:ml-auto" disabled={saving || !dirty}>
                      {saving ? <Spinner aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
                      {saving ? 'Saving...' : 'Save Changes'}
                    </Button>
                  </div>
                  {currentUser.role === 'superadmin' ? (
                    <p className="text-sm text-muted-foreground">
                      A super admin may do everything whatever is ticked here; the grants matter only if the role changes.
                    </p>
                  ) : null}
                  {error || actionData?.error ? (
                    <p role="alert" className="text-sm text-destructive">
                      {error ?? actionData?.error}
                    </p>
                  ) : null}
                </div>
                <div className="p-4 sm:p-5">
                  <div className="mb-3 flex justify-end">
                    <Button
                      type="button"
                      variant="link"
                      size="sm"
                      className="h-auto px-0"
                      onClick={() =>
                        setCollapsed(collapsed.size === groups.length ? new Set() : new Set(groups.map((group) => group.category)))
                      }
                    >
                      {collapsed.size === groups.length ? 'Expand all' : 'Collapse all'}
                    </Button>
                  </div>
                  <PermissionChecklist
                    groups={groups}
                    selected={selected}
                    disabled={saving}
                    collapsed={collapsed}
                    onCollapsedChange={(category, fold) =>
                      setCollapsed((current) => {
                        const next = new Set(current);
                        if (fold) next.add(category);
                        else next.delete(category);
                        return next;
                      })
                    }
                    onToggle={(permissionId) => editor.send({ type: 'permission.toggle', permissionId })}
                    onToggleCategory={(permissionIds) => editor.send({ type: 'category.toggle', permissionIds })}
                  />
                </div>
              </Form>
            )}
          </Card>
        </div>
      </div>

      <AlertDialog
        open={snapshot.matches('confirmingSwitch')}
        onOpenChange={(open) => {
          if (!open && editor.getSnapshot().matches('confirmingSwitch')) editor.send({ type: 'switch.cancel' });
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
            <AlertDialogDescription>
              The permissions of {currentUser?.name ?? 'this user'} have changes that are not saved. Switch to{' '}
              {pendingUser?.name ?? 'the other user'} and discard them?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => editor.send({ type: 'switch.cancel' })}>Keep editing</AlertDialogCancel>
            <Button variant="destructive" onClick={() => editor.send({ type: 'switch.confirm' })}>
              Discard changes
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>
              The permissions of {currentUser?.name ?? 'this user'} have changes that are not saved.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay</AlertDialogCancel>
            <Button variant="destructive" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      title="Permission Management"
      back={{ href: '/admin/super-admin', label: 'Back to the Super Admin panel' }}
      fallback={messages.loadPermissionsFailed}
    />
  );
}
