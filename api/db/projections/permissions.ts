import { eq } from 'drizzle-orm';
import { permissions } from '../schema';
import type { Projection } from './projection';

export interface PermissionRow {
  id: string;
  name: string;
  description: string;
  category: string;
  level: string;
  module: string;
}

export const permissionsProjection: Projection = {
  name: 'permissions',
  tables: [permissions],
  handlers: {
    async PermissionsSynchronized(tx, event) {
      const { added, updated } = event.data as { added: PermissionRow[]; updated: PermissionRow[] };
      if (added.length) await tx.insert(permissions).values(added);
      for (const { id, ...rest } of updated) {
        await tx.update(permissions).set(rest).where(eq(permissions.id, id));
      }
    },
  },
};
