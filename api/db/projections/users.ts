import { eq } from 'drizzle-orm';
import { userPermissions, users } from '../schema';
import type { UserEvent } from '../../domain/user-events';
import type { Projection } from './projection';

/** Sessions' events (a sign-out, a reused token) change no user row. */
export const usersProjection: Projection<
  UserEvent,
  'UserCreated' | 'UserUpdated' | 'UserPasswordChanged' | 'UserStatusChanged' | 'UserPermissionsSet' | 'UserSignedIn' | 'UserDeleted'
> = {
  name: 'users',
  tables: [users, userPermissions],
  handlers: {
    async UserCreated(tx, event) {
      await tx.insert(users).values({
        id: event.streamId,
        ...event.data,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async UserUpdated(tx, event) {
      await tx
        .update(users)
        .set({ ...event.data, updatedAt: event.occurredAt })
        .where(eq(users.id, event.streamId));
    },
    async UserPasswordChanged(tx, event) {
      const { passwordHash } = event.data;
      await tx.update(users).set({ passwordHash, updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserStatusChanged(tx, event) {
      const { status } = event.data;
      await tx.update(users).set({ status, updatedAt: event.occurredAt }).where(eq(users.id, event.streamId));
    },
    async UserPermissionsSet(tx, event) {
      const { permissionIds } = event.data;
      await tx.delete(userPermissions).where(eq(userPermissions.userId, event.streamId));
      if (permissionIds.length) {
        await tx.insert(userPermissions).values(permissionIds.map((permissionId) => ({ userId: event.streamId, permissionId })));
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
