import { Link, useSearchParams } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { roleLabel } from '../../../common/roles';
import { Badge } from '~/components/ui/badge';
import { Card } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { TriangleAlertIcon } from '~/components/ui/icons';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { SearchInput } from '~/components/ui/search-input';
import { matchesUser, permissionMessages, USER_FILTERS, type PermissionUser, type UserFilter } from './permission-management-model';
import { ReloadButton } from './reload-button';

interface PermissionUserListProps {
  /** Null when the users failed to load (`error` says why). */
  users: readonly PermissionUser[] | null;
  error: string | null;
  onRetry: () => void;
  retrying: boolean;
  /** The user whose checklist is open. */
  selectedUserId: string | null;
  onSelect: (user: PermissionUser) => void;
}

/**
 * Every user, searched by name, email or role and filtered (All, Active Only, Inactive Only,
 * Admins Only, Regular Users) in the browser. Each user is a link to `?user=…`, so it opens in a
 * new tab too and works without JavaScript; a plain click goes through `onSelect`.
 */
export function PermissionUserList({ users, error, onRetry, retrying, selectedUserId, onSelect }: PermissionUserListProps) {
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const visible = useMemo(() => (users ?? []).filter((user) => matchesUser(user, search, filter)), [users, search, filter]);

  return (
    <Card className="gap-0 py-0 lg:sticky lg:top-6">
      <h2 className="border-b px-4 py-3 font-semibold">
        Users{' '}
        {users ? (
          <span className="text-sm font-normal text-muted-foreground">
            ({visible.length}
            {visible.length !== users.length ? ` of ${users.length}` : ''})
          </span>
        ) : null}
      </h2>
      <div className="grid gap-3 border-b p-4">
        <div>
          <Label htmlFor="permission-user-search" className="sr-only">
            Search users
          </Label>
          <SearchInput
            id="permission-user-search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by name, email or role"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="permission-user-filter" className="sr-only">
            Filter users
          </Label>
          <NativeSelect id="permission-user-filter" value={filter} onChange={(event) => setFilter(event.target.value as UserFilter)}>
            {USER_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {error || !users ? (
        <div role="alert" className="grid justify-items-center gap-3 px-4 py-10 text-center">
          <TriangleAlertIcon aria-hidden="true" className="size-6 text-destructive" />
          <p className="text-sm font-medium">{error ?? permissionMessages.loadUsersFailed}</p>
          <ReloadButton label="Retry" onClick={onRetry} busy={retrying} />
        </div>
      ) : visible.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-muted-foreground">No users found</p>
      ) : (
        <ul aria-label="Users" className="max-h-[28rem] overflow-y-auto p-2 lg:max-h-[calc(100svh-14rem)]">
          {visible.map((user) => {
            const active = user._id === selectedUserId;
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
                    onSelect(user);
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
                    <Badge variant="outline">{roleLabel(user.role)}</Badge>
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
  );
}
