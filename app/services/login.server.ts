import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { authContract } from '../../common/contracts/auth';
import type { ResponseOf } from '../../common/contracts/endpoint';
import { anonymousApi, callEndpoint, type ApiResult } from './api.server';
import { startSession } from './auth.server';
import { readForm } from './forms.server';
import { toastHeader } from './toast.server';

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

type LoginFields = z.ZodType<{ email: string; password: string; redirectTo?: string }, z.ZodTypeDef, unknown>;

/** What makes one login page differ from another; the rest of signing in is the same on each. */
export interface LoginPage {
  schema: LoginFields;
  /** The page's name in its refusal of a role it does not admit (SPEC.md 8: "admin", "superadmin"). */
  name: string;
  admits(role: string): boolean;
  /** The form's messages for a refused sign-in, from the API's answer. */
  failure(result: { status: number; message: string }): string[];
  /** The toast that greets a signed-in user and where they land. */
  welcome(role: string, redirectTo: string | undefined): { title: string; to: string };
}

/**
 * A login page's action: validates, signs in on the API, refuses a role the page does not admit
 * (closing the session the API opened), then starts the web session. SPEC.md 8: every failure
 * resets the form.
 */
export function loginAction(page: LoginPage) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { submission } = await readForm(request, page.schema);
    if (submission.status !== 'success') {
      return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
    }
    const { email, password, redirectTo } = submission.value;
    const result = await signInOnApi(context, email, password);
    if (!result.ok) {
      return data(submission.reply({ formErrors: page.failure(result), hideFields: ['email', 'password'] }), {
        status: result.status === 500 ? 500 : 400,
      });
    }
    const { user } = result.data;
    if (!page.admits(user.role)) {
      await discardApiSession(context, result.data.refreshToken);
      return data(
        submission.reply({
          formErrors: [`Access denied. This is ${page.name} login page. You have '${user.role}' role.`],
          hideFields: ['email', 'password'],
        }),
        { status: 403 },
      );
    }
    const headers = new Headers({ 'Set-Cookie': await startSession(request, result.data, user) });
    const welcome = page.welcome(user.role, redirectTo);
    await toastHeader({ type: 'success', title: welcome.title }, headers);
    return redirect(welcome.to, { headers });
  };
}
