import { eq, inArray } from 'drizzle-orm';
import { permissions, userPermissions } from '../../db/schema';
import { append, type StreamRef } from '../../db/event-store';
import type { PermissionCatalogueEvent, PermissionRow } from './events';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { userStream } from '../users';
import { permissionCatalogue } from './catalogue';

export const PERMISSION_CATALOGUE_STREAM: StreamRef<PermissionCatalogueEvent> = {
  type: 'permission-catalogue',
  id: 'permission-catalogue',
};

export interface SyncResult {
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
}

/**
 * Makes the stored catalogue equal the code's: adds what is new, updates what drifted (keeping
 * ids), and removes what the code no longer has. A removed permission is first taken from every
 * user holding it, on that user's own stream, so their history says when they lost it.
 */
export async function syncPermissions(ctx: CommandContext): Promise<SyncResult> {
  const { tx, meta } = ctx;
  const stored = new Map((await tx.select().from(permissions)).map((p) => [p.name, p]));
  const known = new Set(permissionCatalogue.map((p) => p.name));
  const added: PermissionRow[] = [];
  const updated: PermissionRow[] = [];
  for (const definition of permissionCatalogue) {
    const existing = stored.get(definition.name);
    if (!existing) {
      added.push({ id: newId(), ...definition });
    } else if (
      existing.description !== definition.description ||
      existing.category !== definition.category ||
      existing.level !== definition.level ||
      existing.module !== definition.module
    ) {
      updated.push({ id: existing.id, ...definition });
    }
  }
  const removed = [...stored.values()].filter((p) => !known.has(p.name)).sort((a, b) => a.name.localeCompare(b.name));

  if (removed.length) {
    const removedIds = new Set(removed.map((p) => p.id));
    const holders = await tx
      .select({ userId: userPermissions.userId })
      .from(userPermissions)
      .where(inArray(userPermissions.permissionId, [...removedIds]));
    for (const userId of [...new Set(holders.map((h) => h.userId))].sort()) {
      const grants = await tx.select({ id: userPermissions.permissionId }).from(userPermissions).where(eq(userPermissions.userId, userId));
      const permissionIds = grants
        .map((g) => g.id)
        .filter((id) => !removedIds.has(id))
        .sort();
      await append(tx, userStream(userId), 'any', [{ type: 'UserPermissionsSet', data: { permissionIds } }], meta);
    }
  }
  if (added.length || updated.length || removed.length) {
    await append(
      tx,
      PERMISSION_CATALOGUE_STREAM,
      'any',
      [{ type: 'PermissionsSynchronized', data: { added, updated, removed: removed.map((p) => p.id) } }],
      meta,
    );
  }
  return {
    added: added.map((p) => p.name),
    updated: updated.map((p) => p.name),
    removed: removed.map((p) => p.name),
    unchanged: permissionCatalogue.length - added.length - updated.length,
  };
}
