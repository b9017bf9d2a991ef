import { Form, Link } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { manageRefusals, refusalToManage, roleLabel } from '../../../common/roles';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ClockIcon, PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from '~/components/ui/icons';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatDateTime, initialsOf } from '~/utils/format';
import type { ListedUser, UserCaller } from './user-management-model';

interface UserTableProps {
  users: readonly ListedUser[];
  /** The signed-in user: they may not deactivate or delete themselves, nor change whom decision 011 puts beyond them. */
  caller: UserCaller;
  onEdit: (user: ListedUser) => void;
  onDelete: (user: ListedUser) => void;
}

/**
 * The users of one page with their role, status, branch and last login, and Activate/Deactivate,
 * Edit, Delete and the history of their access for each.
 */
export function UserTable({ users, caller, onEdit, onDelete }: UserTableProps) {
  const manager = { ...caller, permissions: new Set(caller.permissions) };
  return (
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
        {users.map((user) => {
          const self = user._id === caller.id;
          // The API refuses the same; the buttons say why before anyone tries.
          const refusal = refusalToManage(manager, { id: user._id, role: user.role, permissions: user.permissions.map((p) => p.name) });
          const beyond = refusal ? manageRefusals[refusal] : undefined;
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
                    <span className="truncate text-xs text-muted-foreground md:hidden">{roleLabel(user.role)}</span>
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <Badge variant={user.role === 'superadmin' ? 'default' : 'outline'}>{roleLabel(user.role)}</Badge>
              </TableCell>
              <TableCell>
                <Badge variant={user.status === 'active' ? 'success' : 'warning'}>{user.status === 'active' ? 'Active' : 'Inactive'}</Badge>
              </TableCell>
              <TableCell className="hidden text-muted-foreground lg:table-cell">{user.branchName ?? '—'}</TableCell>
              <TableCell className="hidden text-muted-foreground xl:table-cell">
                {user.lastLogin ? formatDateTime(user.lastLogin) : 'Never'}
              </TableCell>
              <TableCell className="pr-4">
                <div className="flex justify-end gap-1.5">
                  <UserStatusForm
                    user={user}
                    refusal={beyond ?? (self && user.status === 'active' ? 'You cannot deactivate your own account' : undefined)}
                  />
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${user.name}`}
                    disabled={beyond !== undefined}
                    title={beyond}
                    onClick={() => onEdit(user)}
                  >
                    <PencilIcon aria-hidden="true" />
                    <span className="hidden xl:inline">Edit</span>
                  </Button>
                  <Button asChild variant="outline" size="sm" aria-label={`Access history of ${user.name}`} title="Access history">
                    <Link to={`/admin/users/access-changes?user=${encodeURIComponent(user._id)}`}>
                      <ClockIcon aria-hidden="true" />
                      <span className="hidden xl:inline">History</span>
                    </Link>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Delete ${user.name}`}
                    disabled={self || beyond !== undefined}
                    title={beyond ?? (self ? 'You cannot delete your own account' : undefined)}
                    onClick={() => onDelete(user)}
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
  );
}

/** Activate or Deactivate: a plain form, so it works without JavaScript. */
function UserStatusForm({ user, refusal }: { user: ListedUser; refusal?: string }) {
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
        disabled={refusal !== undefined}
        aria-label={`${label} ${user.name}`}
        title={refusal}
      >
        <Icon aria-hidden="true" />
        <span className="hidden xl:inline">{label}</span>
      </Button>
    </Form>
  );
}
