import type { Executor } from '../../db/client';
import { permissions } from '../../db/schema';
import { permissionCatalogue } from './catalogue';

export interface PermissionView {
  _id: string;
  name: string;
  description: string;
  category: string;
  level: string;
  module: string;
}

const catalogueOrder = new Map(permissionCatalogue.map((p, index) => [p.name, index]));

/**
 * The stored catalogue in the code's grouped order (category by category); permissions the code
 * no longer knows come last, by category and name.
 */
export async function listPermissions(db: Executor): Promise<PermissionView[]> {
  const rows = await db.select().from(permissions);
  const position = (name: string) => catalogueOrder.get(name) ?? Number.MAX_SAFE_INTEGER;
  return rows
    .sort((a, b) => position(a.name) - position(b.name) || a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
    .map(({ id, ...rest }) => ({ _id: id, ...rest }));
}
