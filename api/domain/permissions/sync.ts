import { permissions } from '../../db/schema';
import { append } from '../../db/event-store';
import type { PermissionRow } from '../../db/projections/permissions';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { permissionCatalogue } from './catalogue';

export const PERMISSION_CATALOGUE_STREAM = { type: 'permission-catalogue', id: 'permission-catalogue' };

export interface SyncResult {
  added: string[];
  updated: string[];
  unchanged: number;
}

/** Makes the stored catalogue equal the code's: adds what is new, keeps existing ids. */
export async function syncPermissions({ tx, meta }: CommandContext): Promise<SyncResult> {
  const stored = new Map((await tx.select().from(permissions)).map((p) => [p.name, p]));
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
  if (added.length || updated.length) {
    await append(tx, PERMISSION_CATALOGUE_STREAM, 'any', [{ type: 'PermissionsSynchronized', data: { added, updated } }], meta);
  }
  return {
    added: added.map((p) => p.name),
    updated: updated.map((p) => p.name),
    unchanged: permissionCatalogue.length - added.length - updated.length,
  };
}
