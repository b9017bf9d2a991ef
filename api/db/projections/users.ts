import { eq } from 'drizzle-orm';
import { userPermissions, users } from '../schema';
import type { Projection } from './projection';

export interface UserCreatedData {
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  role: string;
  status: 'active' | 'inactive';
  branchId: string | null;
}
export type UserUpdatedData = Partial<Omit<UserCreatedData, 'passwordHash'>>;

export const usersProjection: Projection = {
  name: 'users',
  tables: [users, userPermissions],
  handlers: {
    async UserCreated(tx, event) {
      const data = event.data as UserCreatedData;
      await tx.insert(users).values({
        id: event.streamId,
        ...data,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async UserUpdated(tx, event) {
      const data = event.data as UserUpdatedData;
      await tx.update(users).set({ ...data, updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserPasswordChanged(tx, event) {
      const { passwordHash } = event.data as { passwordHash: string };
      await tx.update(users).set({ passwordHash, updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserStatusChanged(tx, event) {
      const { status } = event.data as { status: string };
      await tx.update(users).set({ status, updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserPermissionsSet(tx, event) {
      const { permissionIds } = event.data as { permissionIds: string[] };
      await tx.delete(userPermissions).where(eq(userPermissions.userId, event.streamId));
      if (permissionIds.length) {
        await tx
          .insert(userPermissions)
          .values(permissionIds.map((permissionId) => ({ userId: event.streamId, permissionId })));
      }
      await tx.update(users).set({ updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserSignedIn(tx, event) {
      await tx.update(users).set({ lastLoginAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserDeleted(tx, event) {
      await tx.delete(userPermissions).where(eq(userPermissions.userId, event.streamId));
      await tx.delete(users).where(eq(users.id, event.streamId));
    },
  },
};
