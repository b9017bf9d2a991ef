import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  Link,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useFetcherOutcome } from '~/components/super-admin/use-fetcher-outcome';
import { UserFormDialog, type EditableUser, type UserFormReply } from '~/components/super-admin/user-form-dialog';
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
  ChevronLeftIcon,
  ChevronRightIcon,
  PencilIcon,
  PowerIcon,
  PowerOffIcon,
  SearchIcon,
  Trash2Icon,
  TriangleAlertIcon,
  UserPlusIcon,
  UsersIcon,
} from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { toast } from '~/components/ui/toaster';
import { failureMessage } from '~/services/api.server';
import { requireSuperAdmin } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';
import {
  createUser,
  deleteUser,
  listBranchOptions,
  listUsers,
  setUserStatus,
  updateUser,
  type ManagedUser,
} from '~/services/users.server';
import { formatDateTime, initialsOf } from '~/utils/format';

export const meta: MetaFunction = () => [{ title: 'User Management · Super Admin' }];

const PAGE_SIZE = 10;

const ROLE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'superadmin', label: 'Super Admin' },
  { value: 'admin', label: 'Admin' },
  { value: 'user', label: 'User' },
] as const;

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

const messages = {
  requiredOnCreate: 'Please fill in required fields (name, email, password)',
  requiredOnEdit: 'Please fill in required fields',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters long',
  invalidPhone: 'Phone must be a valid 10-digit number',
  roleTooLong: 'Role must be at most 50 characters',
  loadFailed: 'Failed to fetch users',
  branchesFailed: 'Failed to load branch options',
} as const;

/** The list's query, all in the address so it works without JavaScript and can be shared. */
const listQuery = z.object({
  search: z.string().trim().max(100).catch(''),
  role: z.enum(['all', 'superadmin', 'admin', 'user']).catch('all'),
  status: z.enum(['all', 'active', 'inactive']).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

type ListQuery = z.infer<typeof listQuery>;

function readListQuery(url: URL): ListQuery {
  return listQuery.parse({
    search: url.searchParams.get('search') ?? '',
    role: url.searchParams.get('role') ?? 'all',
    status: url.searchParams.get('status') ?? 'all',
    page: url.searchParams.get('page') ?? 1,
  });
}

function listSearch(query: ListQuery, page = query.page) {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.role !== 'all') params.set('role', query.role);
  if (query.status !== 'all') params.set('status', query.status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const text = (max: number) => z.string().trim().max(max).optional();
const userFields = {
  name: text(100),
  email: text(254),
  phone: text(20),
  password: z.string().max(1024).optional(),
  role: text(200),
  status: z.enum(['active', 'inactive']).default('active'),
  branchId: text(100),
};

/** The four forms of the page, told apart by `intent`. */
const schema = z
  .discriminatedUnion('intent', [
    z.object({ intent: z.literal('user.create'), ...userFields }),
    z.object({ intent: z.literal('user.update'), userId: z.string().min(1), ...userFields }),
    z.object({ intent: z.literal('user.status'), userId: z.string().min(1), status: z.enum(['active', 'inactive']) }),
    z.object({ intent: z.literal('user.delete'), userId: z.string().min(1) }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== 'user.create' && value.intent !== 'user.update') return;
    const creating = value.intent === 'user.create';
    const required = creating ? (['name', 'email', 'password'] as const) : (['name', 'email'] as const);
    const missing = required.filter((field) => !value[field]?.trim());
    if (missing.length) {
      ctx.addIssue({ code: 'custom', path: [], message: creating ? messages.requiredOnCreate : messages.requiredOnEdit });
      for (const field of missing) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field[0]!.toUpperCase()}${field.slice(1)} is required` });
      }
      return;
    }
    if (value.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.invalidEmail });
    }
    if (value.password?.trim() && value.password.trim().length < 6) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort });
    }
    if (value.phone && !/^\d{10}$/.test(value.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: messages.invalidPhone });
    }
    if (value.role && value.role.length > 50) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: messages.roleTooLong });
    }
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireSuperAdmin(request, context);
  const query = readListQuery(new URL(request.url));
  const [result, branches] = await Promise.all([
    listUsers(api, {
      search: query.search || undefined,
      role: query.role === 'all' ? undefined : query.role,
      status: query.status === 'all' ? undefined : query.status,
      page: query.page,
      limit: PAGE_SIZE,
      sortBy: 'createdAt',
      order: 'desc',
    }),
    listBranchOptions(api),
  ]);
  const branchOptions = {
    branches: branches.ok ? branches.data : [],
    branchesError: branches.ok ? null : messages.branchesFailed,
  };
  if (!result.ok) {
    return data(
      { query, list: null, ...branchOptions, currentUserId: user._id, error: failureMessage(result, messages.loadFailed) },
      { headers },
    );
  }
  // A page past the end (the last user of it was deleted): show the last one instead.
  if (result.data.totalPages > 0 && query.page > result.data.totalPages) {
    throw redirect(`/admin/super-admin/users${listSearch(query, result.data.totalPages)}`, { headers });
  }
  return data({ query, list: result.data, ...branchOptions, currentUserId: user._id, error: null }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const { submission } = await readForm(request, schema);
  const back = `/admin/super-admin/users${listSearch(readListQuery(new URL(request.url)))}`;
  if (submission.status !== 'success') {
    return data<UserFormReply>({ result: submission.reply({ hideFields: ['password'] }), toast: null }, { status: 400, headers });
  }
  const value = submission.value;

  if (value.intent === 'user.create' || value.intent === 'user.update') {
    const input = {
      name: value.name ?? '',
      email: value.email ?? '',
      phone: value.phone ?? '',
      role: value.role ?? '',
      status: value.status,
      branchId: value.branchId || null,
      password: value.password ?? '',
    };
    const creating = value.intent === 'user.create';
    const result = creating ? await createUser(api, input) : await updateUser(api, value.userId, input);
    if (!result.ok) {
      const message = failureMessage(result, creating ? 'Failed to create user' : 'Failed to update user');
      const fieldErrors = result.errors && Object.keys(result.errors).length ? result.errors : undefined;
      return data<UserFormReply>(
        {
          result: submission.reply({ formErrors: fieldErrors ? [] : [message], fieldErrors, hideFields: ['password'] }),
          toast: message,
        },
        { status: result.status >= 500 ? 500 : 400, headers },
      );
    }
    const title = creating ? 'User added successfully' : 'User updated successfully';
    return redirectWithToast(back, { type: 'success', title }, { headers });
  }

  if (value.intent === 'user.status') {
    const result = await setUserStatus(api, value.userId, value.status);
    return result.ok
      ? redirectWithToast(back, { type: 'success', title: 'User status updated' }, { headers })
      : redirectWithToast(back, { type: 'error', title: failureMessage(result, 'Failed to update user status') }, { headers });
  }

  const result = await deleteUser(api, value.userId);
  return result.ok
    ? redirectWithToast(back, { type: 'success', title: 'User deleted successfully' }, { headers })
    : redirectWithToast(back, { type: 'error', title: failureMessage(result, 'Failed to delete user') }, { headers });
}

const roleLabels: Record<string, string> = { superadmin: 'Super Admin', admin: 'Admin', user: 'User' };
const roleLabel = (role: string) => roleLabels[role] ?? role.replace(/_/g, ' ');

/** The filters: a plain GET form; with JavaScript, choices apply at once and typing after a pause. */
function UserFilters({ query }: { query: ListQuery }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address changed by other means (Clear filters, the back button): show its filters. The
  // search box is left alone while someone types in it.
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const search = elements.namedItem('search') as HTMLInputElement | null;
    if (search && document.activeElement !== search) search.value = query.search;
    const role = elements.namedItem('role') as HTMLSelectElement | null;
    if (role) role.value = query.role;
    const status = elements.namedItem('status') as HTMLSelectElement | null;
    if (status) status.value = query.status;
  }, [query.search, query.role, query.status]);

  const apply = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
      }, delay);
    },
    [submit],
  );

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter users"
      className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-end"
      preventScrollReset
    >
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor="user-search">Search</Label>
        <div className="relative">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="user-search"
            type="search"
            name="search"
            defaultValue={query.search}
            placeholder="Search by name or email"
            className="pl-8"
            autoComplete="off"
            onChange={() => apply(300)}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor="user-role-filter">Role</Label>
          <NativeSelect id="user-role-filter" name="role" defaultValue={query.role} onChange={() => apply(0)}>
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:w-36">
          <Label htmlFor="user-status-filter">Status</Label>
          <NativeSelect id="user-status-filter" name="status" defaultValue={query.status} onChange={() => apply(0)}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {/* Without JavaScript the filters apply with this button. */}
      <Button type="submit" variant="secondary" className={cn(hydrated && 'sr-only')}>
        Apply
      </Button>
    </Form>
  );
}

function StatusForm({ user, disabled }: { user: ManagedUser; disabled: boolean }) {
  const active = user.status === 'active';
  const Icon = active ? PowerOffIcon : PowerIcon;
  const label = active ? 'Deactivate' : 'Activate';
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="user.status" />
      <input type="hidden" name="userId" value={user._id} />
      <input type="hidden" name="status" value={active ? 'inactive' : 'active'} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-label={`${label} ${user.name}`}
        title={disabled ? 'You cannot deactivate your own account' : undefined}
      >
        <Icon aria-hidden="true" />
        <span className="hidden xl:inline">{label}</span>
      </Button>
    </Form>
  );
}

function Pagination({ query, total, totalPages, shown }: { query: ListQuery; total: number; totalPages: number; shown: number }) {
  const first = total === 0 ? 0 : (query.page - 1) * PAGE_SIZE + 1;
  const last = first === 0 ? 0 : first + shown - 1;
  const pageLink = (page: number, label: 'Previous' | 'Next', disabled: boolean) => {
    const content =
      label === 'Previous' ? (
        <>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </>
      ) : (
        <>
          Next
          <ChevronRightIcon aria-hidden="true" />
        </>
      );
    return disabled ? (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    ) : (
      <Button variant="outline" size="sm" asChild>
        <Link to={listSearch(query, page)} preventScrollReset rel={label === 'Next' ? 'next' : 'prev'}>
          {content}
        </Link>
      </Button>
    );
  };
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm sm:flex-row">
      <p className="text-muted-foreground">
        Showing {first}–{last} of {total} · Page {Math.max(1, Math.min(query.page, totalPages))} of {Math.max(1, totalPages)}
      </p>
      <div className="flex gap-2">
        {pageLink(query.page - 1, 'Previous', query.page <= 1)}
        {pageLink(query.page + 1, 'Next', query.page >= totalPages)}
      </div>
    </nav>
  );
}

const DELETE_FETCHER = 'super-admin-user-delete';

function DeleteUserDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  const busy = fetcher.state !== 'idle';
  const sent = useFetcherOutcome(fetcher, onClose);
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete user?</AlertDialogTitle>
          <AlertDialogDescription>
            {user ? `${user.name} (${user.email}) will be removed and signed out everywhere. This cannot be undone.` : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" preventScrollReset onSubmit={sent}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="user.delete" />
          <input type="hidden" name="userId" value={user?._id ?? ''} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export default function UserManagement() {
  const loaderData = useLoaderData<typeof loader>();
  const { query, list, branches, currentUserId, error } = loaderData;
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Each opening is a new session: a fresh form, and a fetcher without the last answer.
  const [dialog, setDialog] = useState<{ open: boolean; user: EditableUser | null; session: number }>({
    open: false,
    user: null,
    session: 0,
  });
  const openDialog = useCallback(
    (user: EditableUser | null) => setDialog((current) => ({ open: true, user, session: current.session + 1 })),
    [],
  );
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const setDialogOpen = useCallback((open: boolean) => setDialog((current) => ({ ...current, open })), []);
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/super-admin/users';

  // Each failed load says so (SPEC.md section 8), also when a retry fails again.
  useEffect(() => {
    if (loaderData.error) toast.error(loaderData.error, { id: 'users-load-failed' });
    if (loaderData.branchesError) toast.error(loaderData.branchesError, { id: 'branch-options-load-failed' });
  }, [loaderData]);

  // The palette's "Add User" arrives with ?new=user.
  useEffect(() => {
    if (searchParams.get('new') !== 'user') return;
    openDialog(null);
    const next = new URLSearchParams(searchParams);
    next.delete('new');
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams, openDialog]);

  const filtered = query.search !== '' || query.role !== 'all' || query.status !== 'all';

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
          <p className="mt-1 text-sm text-muted-foreground">Add, edit, activate and remove the accounts of the institute.</p>
        </div>
        <Button onClick={() => openDialog(null)}>
          <UserPlusIcon aria-hidden="true" />
          Add User
        </Button>
      </div>

      <Card className="gap-0 py-0">
        <UserFilters query={query} />

        {error || !list ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
            <p className="font-medium">{error}</p>
            <Form method="get" preventScrollReset>
              {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
              {query.role !== 'all' ? <input type="hidden" name="role" value={query.role} /> : null}
              {query.status !== 'all' ? <input type="hidden" name="status" value={query.status} /> : null}
              {query.page > 1 ? <input type="hidden" name="page" value={query.page} /> : null}
              <Button type="submit" variant="outline">
                Retry
              </Button>
            </Form>
          </div>
        ) : (
          <>
            <div className="flex items-center justify-between px-4 pt-3 text-sm text-muted-foreground">
              <p aria-live="polite">
                <span className="font-medium text-foreground">{list.total}</span> {list.total === 1 ? 'user' : 'users'}
                {filtered ? ' found' : ' in total'}
              </p>
              {filtered ? (
                <Link to="." className="text-primary underline-offset-4 hover:underline" preventScrollReset>
                  Clear filters
                </Link>
              ) : null}
            </div>
            {list.users.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-16 text-center">
                <UsersIcon aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="font-medium">No users found</p>
                <p className="text-sm text-muted-foreground">
                  {filtered ? 'Try another search or filter.' : 'Add the first user to get started.'}
                </p>
              </div>
            ) : (
              <div className={cn('transition-opacity', loading && 'opacity-60')} aria-busy={loading}>
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead className="pl-4">User</TableHead>
                      <TableHead className="hidden md:table-cell">Role</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="hidden lg:table-cell">Branch</TableHead>
                      <TableHead className="hidden xl:table-cell">Last login</TableHead>
                      <TableHead className="pr-4 text-right">Actions</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.users.map((user) => {
                      const self = user._id === currentUserId;
                      return (
                        <TableRow key={user._id} data-user-email={user.email}>
                          <TableCell className="pl-4">
                            <div className="flex items-center gap-3">
                              <span
                                aria-hidden="true"
                                className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary sm:flex"
                              >
                                {initialsOf(user.name)}
                              </span>
                              <div className="grid min-w-0">
                                <span className="truncate font-medium">
                                  {user.name}
                                  {self ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span> : null}
                                </span>
                                <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                                <span className="truncate text-xs text-muted-foreground capitalize md:hidden">{roleLabel(user.role)}</span>
                              </div>
                            </div>
                          </TableCell>
                          <TableCell className="hidden md:table-cell">
                            <Badge variant={user.role === 'superadmin' ? 'default' : 'outline'} className="capitalize">
                              {roleLabel(user.role)}
                            </Badge>
                          </TableCell>
                          <TableCell>
                            <Badge variant={user.status === 'active' ? 'success' : 'warning'}>
                              {user.status === 'active' ? 'Active' : 'Inactive'}
                            </Badge>
                          </TableCell>
                          <TableCell className="hidden text-muted-foreground lg:table-cell">{user.branchName ?? '—'}</TableCell>
                          <TableCell className="hidden text-muted-foreground xl:table-cell">
                            {user.lastLogin ? formatDateTime(user.lastLogin) : 'Never'}
                          </TableCell>
                          <TableCell className="pr-4">
                            <div className="flex justify-end gap-1.5">
                              <StatusForm user={user} disabled={self && user.status === 'active'} />
                              <Button
                                variant="outline"
                                size="sm"
                                aria-label={`Edit ${user.name}`}
                                onClick={() => openDialog(user)}
                              >
                                <PencilIcon aria-hidden="true" />
                                <span className="hidden xl:inline">Edit</span>
                              </Button>
                              <Button
                                variant="outline"
                                size="sm"
                                className="text-destructive hover:text-destructive"
                                aria-label={`Delete ${user.name}`}
                                disabled={self}
                                title={self ? 'You cannot delete your own account' : undefined}
                                onClick={() => setDeleting(user)}
                              >
                                <Trash2Icon aria-hidden="true" />
                                <span className="hidden xl:inline">Delete</span>
                              </Button>
                            </div>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </div>
            )}
            {list.total > 0 ? (
              <Pagination query={query} total={list.total} totalPages={list.totalPages} shown={list.users.length} />
            ) : null}
          </>
        )}
      </Card>

      <UserFormDialog
        key={dialog.session}
        session={dialog.session}
        open={dialog.open}
        onOpenChange={setDialogOpen}
        user={dialog.user}
        schema={schema}
        branches={branches}
      />
      <DeleteUserDialog user={deleting} onClose={closeDelete} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary title="User Management" back={{ href: '/admin/super-admin', label: 'Back to the Super Admin panel' }} fallback={messages.loadFailed} />
  );
}
