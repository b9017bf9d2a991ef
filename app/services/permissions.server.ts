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
  removed: string[];
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
export async function loadCatalogue(api: AuthedApi): Promise<ApiResult<Permission[]>> {
  const first = await listPermissions(api);
  if (!first.ok || first.data.length > 0) return first;
  const sync = await syncPermissions(api);
  if (!sync.ok) return sync;
  return listPermissions(api);
}

/** What a sync changed, in a line: "3 added, 1 updated, 2 removed, 160 unchanged". */
export function describeSync(report: SyncReport) {
  return `${report.added.length} added, ${report.updated.length} updated, ${report.removed.length} removed, ${report.unchanged} unchanged`;
}
