import { exportFormats, type ExportFormat } from '../../common/contracts/export';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { fileResponse, type ApiFile } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';

/** The format an export's address asks for: CSV unless it says Excel. */
export function exportFormatOf(request: Request): ExportFormat {
  const asked = new URL(request.url).searchParams.get('format');
  return exportFormats.find((format) => format === asked) ?? 'csv';
}

/**
 * A list's export as the browser gets it: the screen's own guard, the list's filters (a branch's
 * staff always their branch), the format asked for, and the API's file passed on as it is made.
 * The API writes the file; the web tier adds the session and keeps the screen's filters.
 */
export async function exportResponse(
  request: Request,
  auth: { user: SessionUser; api: AuthedApi; headers: Headers },
  { screen, path, filters }: { screen: string; path: `/${string}/export`; filters: Record<string, unknown> },
) {
  const { user, api, headers } = auth;
  const route = findAdminRoute(screen);
  if (!route || !canOpen(route, user)) return new Response('You may not export this list.', { status: 403, headers });
  const query = { ...(user.branchId ? { ...filters, branchId: undefined } : filters), format: exportFormatOf(request) };
  const answer = await api.call<ApiFile>('GET', path, { query, file: true, signal: request.signal });
  if (!answer.ok) return new Response(answer.message, { status: answer.status, headers });
  const response = fileResponse(answer.data, headers);
  // An export is saved, never shown in the browser.
  response.headers.set('Content-Disposition', (answer.data.disposition ?? 'attachment').replace(/^inline/, 'attachment'));
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
