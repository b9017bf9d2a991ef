import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { accessAuditUsers, accessChanges } from '../schema';
import type { AccessChangeKind } from '../../../common/contracts/access-changes';
import type { UserEvent } from '../../domain/user-events';
import type { Projection } from './projection';

type Held = typeof accessAuditUsers.$inferSelect;

async function held(tx: Tx, userId: string): Promise<Held | undefined> {
  const [row] = await tx.select().from(accessAuditUsers).where(eq(accessAuditUsers.userId, userId));
  return row;
}

function record(
  tx: Tx,
  event: StoredEvent,
  kind: AccessChangeKind,
  branchId: string | null,
  change: { from?: string | null; to?: string | null; granted?: string[]; removed?: string[] },
) {
  return tx.insert(accessChanges).values({
    position: event.position,
    userId: event.streamId,
    actorId: event.actorId,
    branchId,
    kind,
    fromValue: change.from ?? null,
    toValue: change.to ?? null,
    granted: change.granted ?? [],
    removed: change.removed ?? [],
    occurredAt: event.occurredAt,
  });
}

/**
 * The audit of access: every change to a user's role, branch, permissions or status, with who
 * made it. It keeps its own copy of each user, since a projection reads no other's tables.
 */
export const accessChangesProjection: Projection<
  UserEvent,
  'UserCreated' | 'UserUpdated' | 'UserStatusChanged' | 'UserPermissionsSet' | 'UserDeleted'
> = {
  name: 'access-changes',
  tables: [accessAuditUsers, accessChanges],
  handlers: {
    async UserCreated(tx, event) {
      const { name, email, role, status, branchId } = event.data;
      await tx
        .insert(accessAuditUsers)
        .values({ userId: event.streamId, name, email, role, status, branchId, permissionIds: [], deleted: false });
      await record(tx, event, 'created', branchId, { to: role });
    },
    async UserUpdated(tx, event) {
      const before = await held(tx, event.streamId);
      if (!before) return;
      const { name, email, role, branchId } = event.data;
      const after = {
        name: name ?? before.name,
        email: email ?? before.email,
        role: role ?? before.role,
        branchId: branchId === undefined ? before.branchId : branchId,
      };
      await tx.update(accessAuditUsers).set(after).where(eq(accessAuditUsers.userId, event.streamId));
      if (after.role !== before.role) await record(tx, event, 'role', after.branchId, { from: before.role, to: after.role });
      if (after.branchId !== before.branchId)
        await record(tx, event, 'branch', after.branchId, { from: before.branchId, to: after.branchId });
    },
    async UserStatusChanged(tx, event) {
      const before = await held(tx, event.streamId);
      if (!before || before.status === event.data.status) return;
      await tx.update(accessAuditUsers).set({ status: event.data.status }).where(eq(accessAuditUsers.userId, event.streamId));
      await record(tx, event, 'status', before.branchId, { from: before.status, to: event.data.status });
    },
    async UserPermissionsSet(tx, event) {
      const before = await held(tx, event.streamId);
      if (!before) return;
      const wanted = event.data.permissionIds;
      const granted = wanted.filter((id) => !before.permissionIds.includes(id));
      const removed = before.permissionIds.filter((id) => !wanted.includes(id));
      await tx.update(accessAuditUsers).set({ permissionIds: wanted }).where(eq(accessAuditUsers.userId, event.streamId));
      if (granted.length || removed.length) await record(tx, event, 'permissions', before.branchId, { granted, removed });
    },
    async UserDeleted(tx, event) {
      const before = await held(tx, event.streamId);
      if (!before) return;
      await tx.update(accessAuditUsers).set({ deleted: true, permissionIds: [] }).where(eq(accessAuditUsers.userId, event.streamId));
      await record(tx, event, 'deleted', before.branchId, { from: before.role, removed: before.permissionIds });
    },
  },
};
