import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { append, type StreamRef } from '../db/event-store';
import { permissions, records, refreshTokens, userPermissions, users } from '../db/schema';
import { SUPERADMIN, type Actor } from './auth/actor';
import { branchScope } from './auth/branch-scope';
import type { CommandContext } from './command';
import { conflict, forbidden, invalid, notFound } from './errors';
import { newId } from './ids';
import { hashPassword } from './passwords';
import {
  branchStaffRoles,
  MAX_ROLE_LENGTH,
  MIN_PASSWORD_LENGTH,
  requiredFieldMessages,
  userFieldMessages,
  type UserStatus,
} from '../../common/contracts/users';
import { manageRefusals, mayManageRole, refusalToManage } from '../../common/roles';
import type { UserCreatedData, UserEvent, UserUpdatedData } from './user-events';

export const userStream = (id: string): StreamRef<UserEvent> => ({ type: 'user', id });

export const userMessages = {
  ...userFieldMessages,
  emailTaken: 'A user with this email already exists',
  notFound: 'User not found',
  branchNotFound: 'Branch not found',
  branchRole: `A branch user's role must be one of: ${branchStaffRoles.join(', ')}`,
  branchRequired: 'Choose the branch the user belongs to',
  otherBranch: 'You can only manage users of your own branch',
  selfDeactivate: 'You cannot deactivate your own account',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove the super admin role from your own account',
  lastSuperadminDeactivate: 'The last active super admin cannot be deactivated',
  lastSuperadminDelete: 'The last active super admin cannot be deleted',
  lastSuperadminDemote: 'The last active super admin must keep the super admin role',
  onlySuperadminGrants: 'Only a super admin can change permissions',
  ownGrants: 'You cannot change your own permissions',
  grantsBeyondCaller: 'You can only grant permissions you hold',
  onlySuperadminForSuperadmin: manageRefusals.superadmin,
  roleAboveCaller: manageRefusals.rank,
  permissionsBeyondCaller: manageRefusals.permissions,
  unknownPermissions: 'Some of the permissions do not exist; sync the permission catalogue and try again',
} as const;

/**
 * Who runs a command: a signed-in caller (with the session they call from), or null for the
 * system itself (the seed, maintenance scripts), which no rule about callers applies to.
 */
export type Acting = (Pick<Actor, 'id' | 'role' | 'branchId' | 'permissions'> & { sessionId?: string }) | null;

const isSuperadmin = (by: Acting) => by === null || by.role === SUPERADMIN;

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  phone?: string;
  role?: string;
  status?: UserStatus;
  branchId?: string | null;
  /** Permission ids (names are accepted too). */
  permissions?: string[];
  permissionNames?: string[];
}

export interface UpdateUserInput {
  name: string;
  email: string;
  phone?: string;
  role?: string;
  status?: UserStatus;
  /** Blank or absent keeps the current password. */
  password?: string;
  /** Absent keeps the branch; null takes the user out of any branch. */
  branchId?: string | null;
  /** Permission ids (names are accepted too); absent keeps the current grants. */
  permissions?: string[];
}

/** Role is free text; any spelling of the super admin role means that role. */
export function normalizeRole(role: string | undefined): string {
  const trimmed = (role ?? '').trim();
  return trimmed.toLowerCase() === SUPERADMIN ? SUPERADMIN : trimmed;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function requireFields(fields: Partial<Record<keyof typeof requiredFieldMessages, string>>, message: string) {
  const missing = (Object.keys(fields) as (keyof typeof requiredFieldMessages)[]).filter((field) => !fields[field]);
  if (missing.length) {
    throw invalid(message, Object.fromEntries(missing.map((field) => [field, [requiredFieldMessages[field]]])));
  }
}

/** Field rules after the required ones; the first broken rule is the answer's message. */
function checkFields(fields: { email: string; password?: string; phone: string; role: string }) {
  const errors: Record<string, string[]> = {};
  if (!EMAIL.test(fields.email)) errors.email = [userMessages.invalidEmail];
  if (fields.password !== undefined && fields.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = [userMessages.passwordTooShort];
  }
  if (fields.phone && !/^\d{10}$/.test(fields.phone)) errors.phone = [userMessages.invalidPhone];
  if (fields.role.length > MAX_ROLE_LENGTH) errors.role = [userMessages.roleTooLong];
  const first = Object.values(errors)[0];
  if (first) throw invalid(first[0]!, errors);
}

async function assertEmailFree(tx: Tx, email: string, exceptUserId?: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptUserId ? ne(users.id, exceptUserId) : undefined));
  if (taken) throw conflict(userMessages.emailTaken);
}

export async function isBranch(db: Executor, branchId: string): Promise<boolean> {
  const [branch] = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.id, branchId), eq(records.formType, 'branch')));
  return Boolean(branch);
}

async function assertBranch(tx: Tx, branchId: string) {
  if (!(await isBranch(tx, branchId))) {
    throw invalid(userMessages.branchNotFound, { branchId: [userMessages.branchNotFound] });
  }
}

/** Permission ids for ids or names; every one must be in the stored catalogue. */
/** The permissions named by id or name, each once, by id. */
async function resolvePermissions(tx: Tx, references: string[]): Promise<{ id: string; name: string }[]> {
  const wanted = [...new Set(references.map((r) => r.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(or(inArray(permissions.id, wanted), inArray(permissions.name, wanted)));
  const known = new Set(rows.flatMap((r) => [r.id, r.name]));
  const unknown = wanted.filter((r) => !known.has(r));
  if (unknown.length) throw invalid(userMessages.unknownPermissions, { permissions: unknown.map((r) => `Unknown permission: ${r}`) });
  return [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

const idsOf = (grants: { id: string }[]) => grants.map((grant) => grant.id);

async function grantedPermissionNames(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  return rows.map((r) => r.name);
}

async function grantedPermissionIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: userPermissions.permissionId }).from(userPermissions).where(eq(userPermissions.userId, userId));
  return rows.map((r) => r.id).sort();
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Appends to a user's stream; an email taken by a concurrent writer is a conflict, not a crash. */
async function appendToUser(ctx: CommandContext, id: string, expected: 'no_stream' | 'any', events: UserEvent[]) {
  try {
    await append(ctx.tx, userStream(id), expected, events, ctx.meta);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(userMessages.emailTaken);
    throw error;
  }
}

/**
 * Whether another active super admin remains once this one stops being one. The matching rows
 * are locked, so two super admins deactivating each other at once cannot both succeed: the
 * second waits for the first, then no longer counts the one the first switched off.
 */
async function assertAnotherActiveSuperadmin(tx: Tx, userId: string, message: string) {
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, SUPERADMIN), eq(users.status, 'active')))
    .for('update');
  if (!active.some((row) => row.id !== userId)) throw conflict(message);
}

/** Revokes every session of a user, except the one the caller is using (when it is theirs). */
export async function revokeSessions(tx: Tx, userId: string, now: Date, keepSessionId?: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepSessionId ? ne(refreshTokens.familyId, keepSessionId) : undefined,
      ),
    );
}

type StoredUser = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'phone' | 'role' | 'status' | 'branchId'>;

/**
 * The user a caller is about to change. Outside the caller's branch it does not exist for them
 * (404); a super admin can only be changed by a super admin (403). Anyone else may change their
 * own account, and another only when it ranks below theirs and holds no permission they lack:
 * resetting its password must not hand them more than they already have.
 */
async function userToChange(tx: Tx, id: string, by: Acting): Promise<StoredUser> {
  const [user] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      branchId: users.branchId,
    })
    .from(users)
    .where(eq(users.id, id));
  const scope = by ? branchScope(by) : null;
  if (!user || (scope !== null && user.branchId !== scope)) throw notFound('User');
  if (by && !isSuperadmin(by)) {
    // The grants matter, and are read, only where the rest of the rule lets the caller through.
    const readGrants = by.id !== user.id && user.role !== SUPERADMIN && mayManageRole(by.role, user.role);
    const refusal = refusalToManage(by, { ...user, permissions: readGrants ? await grantedPermissionNames(tx, user.id) : [] });
    if (refusal) throw forbidden(manageRefusals[refusal]);
  }
  return user;
}

const isActiveSuperadmin = (user: StoredUser) => user.role === SUPERADMIN && user.status === 'active';

export async function createUser(ctx: CommandContext, input: CreateUserInput, by: Acting = null): Promise<string> {
  const { tx, meta } = ctx;
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim().toLowerCase() ?? '';
  const password = input.password?.trim() ?? '';
  requireFields({ name, email, password }, userMessages.requiredOnCreate);
  const role = normalizeRole(input.role) || 'user';
  const phone = input.phone?.trim() ?? '';
  checkFields({ email, password, phone, role });

  const grants = [...(input.permissions ?? []), ...(input.permissionNames ?? [])];
  if (!isSuperadmin(by)) {
    if (role === SUPERADMIN) throw forbidden(userMessages.onlySuperadminForSuperadmin);
    if (!mayManageRole(by!.role, role)) throw forbidden(userMessages.roleAboveCaller);
    if (grants.length) throw forbidden(userMessages.onlySuperadminGrants);
  }
  const branchId = (by && branchScope(by)) ?? input.branchId ?? null;
  if (branchId) await assertBranch(tx, branchId);
  await assertEmailFree(tx, email);
  const permissionIds = idsOf(await resolvePermissions(tx, grants));

  const id = newId(meta.occurredAt.getTime());
  const data: UserCreatedData = {
    name,
    email,
    phone,
    passwordHash: await hashPassword(password),
    role,
    status: input.status ?? 'active',
    branchId,
  };
  const created: UserEvent[] = [{ type: 'UserCreated', data }];
  if (permissionIds.length) created.push({ type: 'UserPermissionsSet', data: { permissionIds } });
  await appendToUser(ctx, id, 'no_stream', created);
  return id;
}

/** A branch administrator adds staff to a branch: their own, or any when they work institute-wide. */
export async function createBranchUser(
  ctx: CommandContext,
  input: Omit<CreateUserInput, 'permissions' | 'permissionNames'>,
  by: Acting,
): Promise<string> {
  const role = normalizeRole(input.role) || branchStaffRoles[0];
  if (!(branchStaffRoles as readonly string[]).includes(role)) {
    throw invalid(userMessages.branchRole, { role: [userMessages.branchRole] });
  }
  const branchId = (by && branchScope(by)) ?? input.branchId ?? null;
  if (!branchId) throw invalid(userMessages.branchRequired, { branchId: [userMessages.branchRequired] });
  return createUser(ctx, { ...input, role, branchId }, by);
}

export async function updateUser(ctx: CommandContext, id: string, input: UpdateUserInput, by: Acting): Promise<void> {
  const { tx, meta } = ctx;
  const current = await userToChange(tx, id, by);
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim().toLowerCase() ?? '';
  requireFields({ name, email }, userMessages.requiredOnEdit);
  const password = input.password?.trim() || undefined;
  const role = normalizeRole(input.role) || current.role;
  const phone = input.phone === undefined ? current.phone : input.phone.trim();
  const status = input.status ?? (current.status as UserStatus);
  checkFields({ email, password, phone, role });

  if (role === SUPERADMIN && !isSuperadmin(by)) throw forbidden(userMessages.onlySuperadminForSuperadmin);
  if (role !== current.role && !isSuperadmin(by) && !mayManageRole(by!.role, role)) throw forbidden(userMessages.roleAboveCaller);
  // A branch's own staff give the roles a branch has, as when they add staff.
  if (role !== current.role && by && branchScope(by) !== null && !(branchStaffRoles as readonly string[]).includes(role)) {
    throw invalid(userMessages.branchRole, { role: [userMessages.branchRole] });
  }
  let permissionIds: string[] | undefined;
  if (input.permissions !== undefined) {
    const wanted = idsOf(await resolvePermissions(tx, input.permissions));
    const granted = await grantedPermissionIds(tx, id);
    if (!sameSet(wanted, granted)) {
      if (!isSuperadmin(by)) throw forbidden(userMessages.onlySuperadminGrants);
      permissionIds = wanted;
    }
  }
  const branchId = input.branchId === undefined ? current.branchId : input.branchId;
  if (branchId !== current.branchId) {
    if (by && branchScope(by) !== null) throw forbidden(userMessages.otherBranch);
    if (branchId) await assertBranch(tx, branchId);
  }

  const self = by?.id === id;
  if (self && status === 'inactive' && current.status !== 'inactive') throw conflict(userMessages.selfDeactivate);
  if (self && current.role === SUPERADMIN && role !== SUPERADMIN) throw conflict(userMessages.selfDemote);
  if (isActiveSuperadmin(current) && role !== SUPERADMIN) {
    await assertAnotherActiveSuperadmin(tx, id, userMessages.lastSuperadminDemote);
  }
  if (isActiveSuperadmin(current) && status === 'inactive') {
    await assertAnotherActiveSuperadmin(tx, id, userMessages.lastSuperadminDeactivate);
  }
  if (email !== current.email.toLowerCase()) await assertEmailFree(tx, email, id);

  const changes: UserUpdatedData = {};
  if (name !== current.name) changes.name = name;
  if (email !== current.email) changes.email = email;
  if (phone !== current.phone) changes.phone = phone;
  if (role !== current.role) changes.role = role;
  if (branchId !== current.branchId) changes.branchId = branchId;

  const events: UserEvent[] = [];
  if (Object.keys(changes).length) events.push({ type: 'UserUpdated', data: changes });
  if (status !== current.status) events.push({ type: 'UserStatusChanged', data: { status } });
  if (password) events.push({ type: 'UserPasswordChanged', data: { passwordHash: await hashPassword(password) } });
  if (permissionIds) events.push({ type: 'UserPermissionsSet', data: { permissionIds } });
  await appendToUser(ctx, id, 'any', events);

  if (status === 'inactive' && current.status !== 'inactive') await revokeSessions(tx, id, meta.occurredAt);
  else if (password) await revokeSessions(tx, id, meta.occurredAt, self ? by?.sessionId : undefined);
}

/** Replaces a user's permissions; only a super admin grants, so nobody can raise their own. */
/**
 * Replaces a user's grants. Besides a super admin, a permission manager may, for a user they
 * manage (decision 011) other than themselves, grant only permissions they hold themselves.
 */
export async function setUserPermissions(ctx: CommandContext, id: string, references: string[], by: Acting): Promise<string[]> {
  await userToChange(ctx.tx, id, by);
  const grants = await resolvePermissions(ctx.tx, references);
  if (by && !isSuperadmin(by)) {
    if (by.id === id) throw forbidden(userMessages.ownGrants);
    if (grants.some((grant) => !by.permissions.has(grant.name))) throw forbidden(userMessages.grantsBeyondCaller);
  }
  const wanted = idsOf(grants);
  if (!sameSet(wanted, await grantedPermissionIds(ctx.tx, id))) {
    await appendToUser(ctx, id, 'any', [{ type: 'UserPermissionsSet', data: { permissionIds: wanted } }]);
  }
  return wanted;
}

export async function changeUserStatus(ctx: CommandContext, id: string, status: UserStatus, by: Acting): Promise<void> {
  const { tx, meta } = ctx;
  const current = await userToChange(tx, id, by);
  if (current.status === status) return;
  if (status === 'inactive') {
    if (by?.id === id) throw conflict(userMessages.selfDeactivate);
    if (isActiveSuperadmin(current)) await assertAnotherActiveSuperadmin(tx, id, userMessages.lastSuperadminDeactivate);
  }
  await appendToUser(ctx, id, 'any', [{ type: 'UserStatusChanged', data: { status } }]);
  if (status === 'inactive') await revokeSessions(tx, id, meta.occurredAt);
}

/** Removes a user from the read tables and ends their sessions; their history stays in the log. */
export async function deleteUser(ctx: CommandContext, id: string, by: Acting): Promise<void> {
  const { tx, meta } = ctx;
  const current = await userToChange(tx, id, by);
  if (by?.id === id) throw conflict(userMessages.selfDelete);
  if (isActiveSuperadmin(current)) await assertAnotherActiveSuperadmin(tx, id, userMessages.lastSuperadminDelete);
  await appendToUser(ctx, id, 'any', [{ type: 'UserDeleted', data: { email: current.email } }]);
  await revokeSessions(tx, id, meta.occurredAt);
}
