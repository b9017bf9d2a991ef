import { inArray, sql } from 'drizzle-orm';
import { append, type NewEvent } from '../db/event-store';
import type { UserCreatedData } from '../db/projections/users';
import { permissions, users } from '../db/schema';
import { conflict } from '../http/errors';
import type { CommandContext } from './command';
import { newId } from './ids';
import { hashPassword } from './passwords';

export const userStream = (id: string) => ({ type: 'user', id });

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  phone?: string;
  role: string;
  status?: 'active' | 'inactive';
  branchId?: string | null;
  permissionNames?: string[];
}

export async function createUser({ tx, meta }: CommandContext, input: CreateUserInput): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (taken) throw conflict('A user with this email already exists');
  const id = newId(meta.occurredAt.getTime());
  const data: UserCreatedData = {
    name: input.name.trim(),
    email,
    phone: input.phone ?? '',
    passwordHash: await hashPassword(input.password),
    role: input.role,
    status: input.status ?? 'active',
    branchId: input.branchId ?? null,
  };
  const created: NewEvent[] = [{ type: 'UserCreated', data }];
  if (input.permissionNames?.length) {
    const rows = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, input.permissionNames));
    created.push({ type: 'UserPermissionsSet', data: { permissionIds: rows.map((r) => r.id) } });
  }
  await append(tx, userStream(id), 'no_stream', created, meta);
  return id;
}
