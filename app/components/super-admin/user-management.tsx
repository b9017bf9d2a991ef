import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { branchStaffRoles } from '../../../common/contracts/users';
import { KNOWN_ROLES, mayManageRole } from '../../../common/roles';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { TriangleAlertIcon, UserPlusIcon, UsersIcon } from '~/components/ui/icons';
import { toast } from '~/components/ui/toaster';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserFilters } from './user-filters';
import { UserFormDialog, type EditableUser } from './user-form-dialog';
import {
  isFiltered,
  userListSearch,
  type FilterOption,
  type ListedUser,
  type UserListPage,
  type UserCaller,
  type UserListQuery,
} from './user-management-model';
import { UserTable } from './user-table';
import { Pagination } from '~/components/list/pagination';
import { ExportLinks } from '~/components/list/export-links';

/** What the screen's loader reads. */
export interface UserManagementData {
  query: UserListQuery;
  /** The branch whose users a screen of one branch shows; null on a screen of every user. */
  branchId: string | null;
  /** Null when the list failed to load (`error` says why). */
  list: UserListPage | null;
  error: string | null;
  branches: readonly { id: string; name: string }[];
  branchesError: string | null;
  /** The signed-in user, whose role and permissions decide whom they may manage (decision 011). */
  caller: UserCaller;
}

export interface UserManagementProps {
  data: UserManagementData;
  /** The screen's path: its loads show as such, and Clear filters goes there. */
  basePath: string;
  title: string;
  description: string;
  /** The role filter's choices, All first. */
  roleOptions: readonly FilterOption[];
  /** Where the list's export is made, when the screen offers one; the filters go along. */
  exportPath?: string;
}

/**
 * A user-management screen (SPEC.md section 2.5): search and filters in the address, the count,
 * the table with its per-user actions, pages, and the add/edit and delete dialogs. Its forms post
 * to the route that renders it, which answers with `userActionSchema`'s four intents.
 */
export function UserManagement(props: UserManagementProps) {
  const { data, basePath, title, description } = props;
  const { query, list, error, branches, caller } = data;
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
  const setDialogOpen = useCallback((open: boolean) => setDialog((current) => ({ ...current, open })), []);
  const [deleting, setDeleting] = useState<ListedUser | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const loading = navigation.state === 'loading' && navigation.location.pathname === basePath;
  const filtered = isFiltered(query);
  // Institute staff pick the branch of a one-branch screen; a branch's own staff have only theirs.
  const branchChoice = data.branchId !== null && branches.length > 1;
  const unfiltered = `${basePath}${branchChoice ? userListSearch({ ...query, search: '', role: 'all', status: 'all' }, 1) : ''}`;

  // Each failed load says so (SPEC.md section 8), also when a retry fails again.
  useEffect(() => {
    if (data.error) toast.error(data.error, { id: 'users-load-failed' });
    if (data.branchesError) toast.error(data.branchesError, { id: 'branch-options-load-failed' });
  }, [data]);

  // The palette's "Add User" arrives with ?add=1, the address every screen's add dialog opens at.
  useEffect(() => {
    if (!searchParams.has('add')) return;
    openDialog(null);
    const next = new URLSearchParams(searchParams);
    next.delete('add');
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams, openDialog]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {props.exportPath ? <ExportLinks href={`${props.exportPath}${userListSearch(query, 1)}`} noun="users" /> : null}
          <Button onClick={() => openDialog(null)}>
            <UserPlusIcon aria-hidden="true" />
            Add User
          </Button>
        </div>
      </div>

      <Card className="gap-0 py-0">
        <UserFilters
          query={query}
          roleOptions={props.roleOptions}
          branchOptions={branchChoice ? branches.map((branch) => ({ value: branch.id, label: branch.name })) : undefined}
          branch={data.branchId ?? undefined}
        />
        {error || !list ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
            <p className="font-medium">{error}</p>
            <Form method="get" preventScrollReset>
              {[...new URLSearchParams(userListSearch(query))].map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
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
                <Link to={unfiltered} className="text-primary underline-offset-4 hover:underline" preventScrollReset>
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
                <UserTable users={list.users} caller={caller} onEdit={openDialog} onDelete={setDeleting} />
              </div>
            )}
            {list.total > 0 ? (
              <Pagination
                page={query.page}
                totalPages={list.totalPages}
                total={list.total}
                limit={query.limit}
                noun={{ one: 'user', other: 'users' }}
                className="border-t px-4 py-3"
              />
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
        branches={branches}
        // The roles the caller may give, highest first; a new user gets the last.
        roles={(data.branchId === null ? KNOWN_ROLES : branchStaffRoles).filter((role) => mayManageRole(caller.role, role))}
        branch={data.branchId ?? undefined}
      />
      <DeleteUserDialog user={deleting} onClose={closeDelete} />
    </div>
  );
}
