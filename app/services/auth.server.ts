import { redirect, type AppLoadContext } from '@remix-run/node';
import { authContract, type SessionUser } from '../../common/contracts/auth';
import { anonymousApi, callApi, callEndpoint, type ApiClient, type ApiMethod, type ApiRequest } from './api.server';
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS } from '~/machines/session.machine';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
export { safeRedirectTo } from './redirect.server';
import { getRefreshQueue } from './refresh-queue.server';
import { commitSession, destroySession, getSession, type AuthSession, type UserType } from './session.server';
import { toastHeader } from './toast.server';

export type { SessionUser };

export const ADMIN_AREA_ROLES = ['admin', 'branch_admin', 'branch_user', 'branch_operator', 'user'] as const;

export const sessionMessages = {
  expired: 'Session expired. Please log in again.',
  /** SPEC.md section 8: the refresh failed while a form or a file was being sent. */
  expiredDuringWork: 'Your session has expired. Please save your work and log in again.',
  /** SPEC.md section 8: the API refused the token while a form or a file was being sent. */
  authFailed: 'Authentication failed. Please log in again.',
} as const;

/** What the login page says when the session ends: after a failed refresh, after a 401. */
export interface SessionEndMessages {
  expired: string;
  unauthorized: string;
}

/** For the requests that carry a user's work (a form's submission, an upload). */
export const duringWork: SessionEndMessages = {
  expired: sessionMessages.expiredDuringWork,
  unauthorized: sessionMessages.authFailed,
};

const onNavigation: SessionEndMessages = { expired: sessionMessages.expired, unauthorized: sessionMessages.expired };

/** Set on the redirect that ends a session, with its message, for callers that answer with JSON instead. */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';

export const loginPath = (userType: UserType) => (userType === 'superadmin' ? '/admin/super/login' : '/admin/login');
export const userTypeOf = (role: string): UserType => (role === 'superadmin' ? 'superadmin' : 'admin');

/**
 * Calls /api/v1 as the signed-in user. A 410 (expired access token) refreshes the tokens once
 * through the session's refresh queue and retries; a 401, or a refresh that fails, ends the
 * session. A 403 is answered to the caller: the session stays (docs/decisions/010).
 */
export type AuthedApi = ApiClient;

/** Ends the session (also on the API) and sends the browser to the login of its user type. */
export async function endSession(
  request: Request,
  context: AppLoadContext,
  session: AuthSession,
  options: { message?: string; keepPath?: boolean } = {},
): Promise<never> {
  const userType = session.get('userType') ?? 'admin';
  const refreshToken = session.get('refreshToken');
  if (refreshToken) {
    await callEndpoint(anonymousApi(context.api), authContract.logout, { body: { refreshToken } }).catch(() => undefined);
  }
  const headers = new Headers({ 'Set-Cookie': await destroySession(session) });
  if (options.message) {
    await toastHeader({ type: 'error', title: options.message }, headers);
    headers.set(SESSION_ENDED_HEADER, encodeURIComponent(options.message));
  }
  const url = new URL(request.url);
  const target = options.keepPath
    ? `${loginPath(userType)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`
    : loginPath(userType);
  throw redirect(target, { headers });
}

interface AuthContext {
  session: AuthSession;
  api: AuthedApi;
  /** Set-Cookie headers the loader or action must send (refreshed tokens, recorded activity). */
  headers: Headers;
}

/**
 * The session behind a request, checked for idleness, with a client that keeps its tokens fresh.
 * Redirects to the login page when there is no usable session.
 */
export async function requireSession(
  request: Request,
  context: AppLoadContext,
  userType: UserType,
  ends: SessionEndMessages = onNavigation,
): Promise<AuthContext> {
  const session = await getSession(request);
  const url = new URL(request.url);
  const toLogin = () => redirect(`${loginPath(userType)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (!session.get('accessToken') || !session.get('refreshToken')) throw toLogin();

  const now = Date.now();
  const lastActivity = session.get('lastActivity') ?? 0;
  if (now - lastActivity > IDLE_TIMEOUT_MS) {
    await endSession(request, context, session, { message: sessionMessages.expired, keepPath: true });
  }

  const headers = new Headers();
  let dirty = false;
  if (now - lastActivity >= ACTIVITY_THROTTLE_MS) {
    session.set('lastActivity', now);
    dirty = true;
  }

  const refresh = async () => {
    const current = session.get('refreshToken')!;
    try {
      const tokens = await getRefreshQueue(current, async (refreshToken, { signal }) => {
        const result = await callEndpoint(anonymousApi(context.api), authContract.refresh, { body: { refreshToken }, signal });
        if (!result.ok) throw new Error(result.message);
        return result.data;
      }).refresh(current);
      session.set('accessToken', tokens.accessToken);
      session.set('refreshToken', tokens.refreshToken);
      dirty = true;
    } catch (error) {
      context.log.warn({ reason: (error as Error).message }, 'session ended: the tokens could not be refreshed');
      await endSession(request, context, session, { message: ends.expired, keepPath: true });
    }
  };

  // No refresh ahead of expiry: the API's 410 says when, so the web tier needs no clock of its own
  // in step with the API's.
  const api: AuthedApi = {
    async call<Data>(method: ApiMethod, path: string, req: Omit<ApiRequest, 'token'> = {}) {
      const sent = session.get('accessToken');
      let result = await callApi<Data>(context.api, method, path, { ...req, token: sent });
      if (!result.ok && result.status === 410) {
        // A parallel call of this request may have refreshed the tokens meanwhile.
        if (session.get('accessToken') === sent) await refresh();
        result = await callApi<Data>(context.api, method, path, { ...req, token: session.get('accessToken') });
      }
      if (!result.ok && result.status === 401) {
        await endSession(request, context, session, { message: ends.unauthorized, keepPath: true });
      }
      if (dirty) {
        headers.set('Set-Cookie', await commitSession(session));
        dirty = false;
      }
      return result;
    },
  };
  if (dirty) {
    headers.set('Set-Cookie', await commitSession(session));
    dirty = false;
  }
  return { session, api, headers };
}

/** The admin area: any admin-area role. A super admin is sent to their own panel. */
export async function requireAdmin(request: Request, context: AppLoadContext, ends?: SessionEndMessages) {
  return requireUserOfType(request, context, 'admin', ends);
}

export async function requireSuperAdmin(request: Request, context: AppLoadContext) {
  return requireUserOfType(request, context, 'superadmin');
}

async function requireUserOfType(request: Request, context: AppLoadContext, userType: UserType, ends = onNavigation) {
  const auth = await requireSession(request, context, userType, ends);
  const result = await callEndpoint(auth.api, authContract.currentUser);
  if (!result.ok) await endSession(request, context, auth.session, { message: ends.unauthorized, keepPath: true });
  const user = (result as Extract<typeof result, { ok: true }>).data;
  if (userType === 'admin') {
    if (user.role === 'superadmin') throw redirect('/admin/super-admin', { headers: auth.headers });
    if (!(ADMIN_AREA_ROLES as readonly string[]).includes(user.role)) {
      await endSession(request, context, auth.session, { keepPath: true });
    }
  } else if (user.role !== 'superadmin') {
    const url = new URL(request.url);
    throw redirect(`/admin/super/login?redirectTo=${encodeURIComponent(url.pathname)}`, { headers: auth.headers });
  }
  return { ...auth, user };
}

/**
 * The signed-in admin behind a request, or null, never a redirect: for a public page that shows
 * an admin more (the site's preview of drafts). An idle or ended session reads as signed out and
 * is left for the admin area to end.
 */
export async function signedInAdmin(request: Request, context: AppLoadContext) {
  const session = await getSession(request);
  if (!session.get('accessToken') || !session.get('refreshToken') || session.get('userType') !== 'admin') return null;
  if (Date.now() - (session.get('lastActivity') ?? 0) > IDLE_TIMEOUT_MS) return null;
  try {
    return await requireAdmin(request, context);
  } catch (thrown) {
    if (thrown instanceof Response) return null;
    throw thrown;
  }
}

/** Guest-only pages: a signed-in user of the right kind goes home instead. */
export async function redirectSignedIn(request: Request, context: AppLoadContext, only?: UserType) {
  const session = await getSession(request);
  if (!session.get('accessToken')) return;
  const userType = session.get('userType');
  if (only && userType !== only) return;
  if (Date.now() - (session.get('lastActivity') ?? 0) > IDLE_TIMEOUT_MS) return;
  throw redirect(userType === 'superadmin' ? '/admin/super-admin' : '/admin');
}

/** Starts a web session from a successful API sign-in. */
export async function startSession(
  request: Request,
  tokens: { accessToken: string; refreshToken: string },
  user: { id: string; role: string },
): Promise<string> {
  const session = await getSession(request);
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('userId', user.id);
  session.set('userType', userTypeOf(user.role));
  session.set('lastActivity', Date.now());
  return commitSession(session);
}

/**
 * The session check of a request the page makes with fetch (an upload, a save of marks): a
 * session that ends answers 401 with its message (and the cookie that ends it), which the page
 * shows, instead of a redirect that fetch would follow to the login page.
 */
export async function requireAdminForFetch(request: Request, context: AppLoadContext) {
  try {
    return await requireAdmin(request, context, duringWork);
  } catch (thrown) {
    const ended = thrown instanceof Response ? thrown.headers.get(SESSION_ENDED_HEADER) : null;
    if (!ended || !(thrown instanceof Response)) throw thrown;
    const headers = new Headers();
    for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    throw Response.json({ success: false, message: decodeURIComponent(ended), data: null }, { status: 401, headers });
  }
}

/**
 * The guard of every admin screen: the registry entry for the URL decides who may open it;
 * an unknown path or a missing permission ends at access denied.
 */
export async function requireAdminRoute(request: Request, context: AppLoadContext, ends?: SessionEndMessages) {
  const auth = await requireAdmin(request, context, ends);
  const route = findAdminRoute(new URL(request.url).pathname);
  if (!route || !canOpen(route, auth.user)) throw redirect('/admin/access-denied', { headers: auth.headers });
  return { ...auth, route };
}
