import { type AppLoadContext } from '@remix-run/node';
import { callApi, type ApiResult } from './api.server';
import type { SessionUser } from './auth.server';

export const loginFailed = 'Login failed. Please try again.';

export interface LoginSuccess {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}

/**
 * Signs in on the API (the transport carries the browser's address for the rate limit). An API
 * that cannot be reached is a failed sign-in the form can show, not a crash of the page.
 */
export async function signInOnApi(context: AppLoadContext, email: string, password: string): Promise<ApiResult<LoginSuccess>> {
  try {
    return await callApi<LoginSuccess>(context.api, 'POST', '/auth/v2/login', { body: { email, password } });
  } catch {
    return { ok: false, status: 503, message: loginFailed };
  }
}

/** Closes an API session the web tier decided not to keep (wrong login page for the role). */
export async function discardApiSession(context: AppLoadContext, refreshToken: string) {
  await callApi(context.api, 'POST', '/auth/v2/logout', { body: { refreshToken } }).catch(() => undefined);
}
