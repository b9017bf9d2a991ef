import type { ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

/** One entry of the permission catalogue (GET /permissions). */
export interface Permission {
  _id: string;
  name: string;
  description: string;
  category: string;
  level: string;
  module: string;
}

export interface SyncReport {
  added: string[];
  updated: string[];
  unchanged: number;
  total: number;
}

export function listPermissions(api: AuthedApi): Promise<ApiResult<Permission[]>> {
  return api.call<Permission[]>('GET', '/permissions');
}

export function syncPermissions(api: AuthedApi): Promise<ApiResult<SyncReport>> {
  return api.call<SyncReport>('POST', '/permissions/sync');
}

/**
 * The catalogue; an empty one is synchronised first (SPEC.md section 4: "An empty permission
 * catalogue triggers an automatic sync").
 */
export async function loadCatalogue(api: AuthedApi): Promise<ApiResult<Permission[]> & { synced: boolean }> {
  const first = await listPermissions(api);
  if (!first.ok || first.data.length > 0) return { ...first, synced: false };
  const sync = await syncPermissions(api);
  if (!sync.ok) return { ...sync, synced: false };
  return { ...(await listPermissions(api)), synced: true };
}
