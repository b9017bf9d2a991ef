import { permissionContract, type Permission, type SyncReport } from '../../common/contracts/permissions';
import { callEndpoint, type ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

export function listPermissions(api: AuthedApi) {
  return callEndpoint(api, permissionContract.list);
}

export function syncPermissions(api: AuthedApi) {
  return callEndpoint(api, permissionContract.sync);
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
