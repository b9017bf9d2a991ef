import { Form } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { roleLabel } from '../../../common/roles';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from '~/components/ui/icons';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatDateTime, initialsOf } from '~/utils/format';
import type { ListedUser } from './user-management-model';

interface UserTableProps {
  users: readonly ListedUser[];
  /** The signed-in user: they may not deactivate or delete themselves. */
  currentUserId: string;
  onEdit: (user: ListedUser) => void;
  onDelete: (user: ListedUser) => void;
}

/** The users of one page with their role, status, branch and last login, and Activate/Deactivate, Edit and Delete for each. */
export function UserTable({ users, currentUserId, onEdit, onDelete }: UserTableProps) {
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
                  <UserStatusForm user={user} disabled={self && user.status === 'active'} />
                  <Button variant="outline" size="sm" aria-label={`Edit ${user.name}`} onClick={() => onEdit(user)}>
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
function UserStatusForm({ user, disabled }: { user: ListedUser; disabled: boolean }) {
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
