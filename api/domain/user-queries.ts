import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { containing } from '../db/like';
import { inPages, type ExportTable } from '../export/columns';
import { roleLabel } from '../../common/roles';
import { permissions, records, userPermissions, users } from '../db/schema';
import type { ParsedUserListQuery as UserListQuery, UserList, UserView } from '../../common/contracts/users';

// Spelled out: drizzle leaves columns unqualified in a one-table select, and inside a subquery a
// bare "id" could name the subquery's own column.
const userId = sql`${users}.${sql.identifier('id')}`;
const hasPermissions = sql<boolean>`exists(select 1 from ${userPermissions} where ${userPermissions.userId} = ${userId})`;

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  branchId: users.branchId,
  branchName: records.title,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
  permissions: sql<{ _id: string; name: string }[]>`coalesce(
    (select json_agg(json_build_object('_id', ${permissions.id}, 'name', ${permissions.name}) order by ${permissions.name})
       from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
      where ${userPermissions.userId} = ${userId}),
    '[]'::json)`,
};

type Row = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  status: string;
  branchId: string | null;
  branchName: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  permissions: { _id: string; name: string }[];
};

function toView(row: Row): UserView {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    // As the counts read it: every status but active is inactive.
    status: row.status === 'active' ? 'active' : 'inactive',
    branchId: row.branchId,
    branchName: row.branchName ?? null,
    permissions: row.permissions,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    lastLogin: row.lastLoginAt ? new Date(row.lastLoginAt).toISOString() : null,
  };
}

function selectUsers(db: Executor) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(records, and(eq(records.id, users.branchId), eq(records.formType, 'branch')));
}

/** `branchId` confines the answer to one branch's users (a branch-scoped caller, or a branch's list). */
export async function findUser(db: Executor, id: string, branchId: string | null): Promise<UserView | null> {
  const [row] = await selectUsers(db).where(and(eq(users.id, id), branchId === null ? undefined : eq(users.branchId, branchId)));
  return row ? toView(row) : null;
}

function sortOrder(query: Pick<UserListQuery, 'sortBy' | 'order'>): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    name: sql`lower(${users.name})`,
    email: users.email,
    role: sql`lower(${users.role})`,
    status: users.status,
    createdAt: users.createdAt,
    lastLogin: users.lastLoginAt,
  }[query.sortBy];
  const primary = query.sortBy === 'lastLogin' ? sql`${direction(key)} nulls last` : direction(key);
  return [primary, direction(users.id)];
}

function userFilters(query: Omit<UserListQuery, 'page' | 'limit'>, branchId: string | null) {
  const search = query.search?.trim().toLowerCase();
  const pattern = search ? containing(search) : undefined;
  return and(
    branchId === null ? undefined : eq(users.branchId, branchId),
    pattern ? or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`) : undefined,
    query.role ? sql`lower(${users.role}) = ${query.role.trim().toLowerCase()}` : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
}

export async function listUsers(db: Executor, query: UserListQuery, branchId: string | null): Promise<UserList> {
  const scope = branchId === null ? undefined : eq(users.branchId, branchId);
  const filters = userFilters(query, branchId);

  const rows = await selectUsers(db)
    .where(filters)
    .orderBy(...sortOrder(query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [matching] = await db.select({ n: count() }).from(users).where(filters);
  const [stats] = await db
    .select({
      all: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.status} = 'active'))::int`,
      inactive: sql<number>`(count(*) filter (where ${users.status} <> 'active'))::int`,
      withPermissions: sql<number>`(count(*) filter (where ${hasPermissions}))::int`,
    })
    .from(users)
    .where(scope);
  const total = Number(matching?.n ?? 0);
  return {
    users: rows.map(toView),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    stats: {
      all: Number(stats?.all ?? 0),
      active: Number(stats?.active ?? 0),
      inactive: Number(stats?.inactive ?? 0),
      withPermissions: Number(stats?.withPermissions ?? 0),
    },
  };
}

/** Every user the list's filters match, as a file's rows; never a password or a token. */
export function usersExport(db: Executor, query: Omit<UserListQuery, 'page' | 'limit'>, branchId: string | null): ExportTable<UserView> {
  return {
    fileName: (today) => `users-${today}`,
    sheet: 'Users',
    columns: [
      { header: 'Name', value: (user) => user.name, width: 24 },
      { header: 'Email', value: (user) => user.email, width: 30 },
      { header: 'Phone', value: (user) => user.phone, width: 14 },
      { header: 'Role', value: (user) => roleLabel(user.role), width: 16 },
      { header: 'Branch', value: (user) => user.branchName, width: 20 },
      { header: 'Status', value: (user) => (user.status === 'active' ? 'Active' : 'Inactive') },
      { header: 'Permissions', value: (user) => user.permissions.map((permission) => permission.name).join(', '), width: 40 },
      { header: 'Last sign-in', kind: 'moment', value: (user) => user.lastLogin, width: 18 },
      { header: 'Added on', kind: 'moment', value: (user) => user.createdAt, width: 18 },
    ],
    rows: inPages(async (offset, limit) =>
      (
        await selectUsers(db)
          .where(userFilters(query, branchId))
          .orderBy(...sortOrder(query))
          .limit(limit)
          .offset(offset)
      ).map(toView),
    ),
  };
}
