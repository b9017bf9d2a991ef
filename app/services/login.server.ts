import { type AppLoadContext } from '@remix-run/node';
import { callApi } from './api.server';
import type { SessionUser } from './auth.server';

export interface LoginSuccess {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}

/** Signs in on the API, forwarding the browser's address for the rate limit. */
export function signInOnApi(context: AppLoadContext, email: string, password: string) {
  return callApi<LoginSuccess>(context.api, 'POST', '/auth/v2/login', {
    body: { email, password },
    headers: { 'X-Forwarded-For': context.clientIp },
  });
}

/** Closes an API session the web tier decided not to keep (wrong login page for the role). */
export async function discardApiSession(context: AppLoadContext, refreshToken: string) {
  await callApi(context.api, 'POST', '/auth/v2/logout', { body: { refreshToken } }).catch(() => undefined);
}
