import { type AppLoadContext } from '@remix-run/node';
import { authContract } from '../../common/contracts/auth';
import type { ResponseOf } from '../../common/contracts/endpoint';
import { anonymousApi, callEndpoint, type ApiResult } from './api.server';

export const loginFailed = 'Login failed. Please try again.';

/**
 * Signs in on the API (the transport carries the browser's address for the rate limit). An API
 * that cannot be reached is a failed sign-in the form can show, not a crash of the page.
 */
export async function signInOnApi(
  context: AppLoadContext,
  email: string,
  password: string,
): Promise<ApiResult<ResponseOf<typeof authContract.login>>> {
  try {
    return await callEndpoint(anonymousApi(context.api), authContract.login, { body: { email, password } });
  } catch {
    return { ok: false, status: 503, message: loginFailed };
  }
}

/** Closes an API session the web tier decided not to keep (wrong login page for the role). */
export async function discardApiSession(context: AppLoadContext, refreshToken: string) {
  await callEndpoint(anonymousApi(context.api), authContract.logout, { body: { refreshToken } }).catch(() => undefined);
}
