import { eq, inArray } from 'drizzle-orm';
import { permissions, userPermissions } from '../schema';
import type { PermissionCatalogueEvent } from '../../domain/permissions/events';
import type { Projection } from './projection';

export const permissionsProjection: Projection<PermissionCatalogueEvent> = {
  name: 'permissions',
  tables: [permissions],
  handlers: {
    async PermissionsSynchronized(tx, event) {
      // Older events carry no `removed`.
      const { added, updated, removed = [] } = event.data;
      if (added.length) await tx.insert(permissions).values(added);
      for (const { id, ...rest } of updated) {
        await tx.update(permissions).set(rest).where(eq(permissions.id, id));
      }
      if (removed.length) {
        // The holders lost them in events of their own just before; no grant may outlive its permission.
        await tx.delete(userPermissions).where(inArray(userPermissions.permissionId, removed));
        await tx.delete(permissions).where(inArray(permissions.id, removed));
      }
    },
  },
};
