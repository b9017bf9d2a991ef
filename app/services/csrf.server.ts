import { createCookie } from '@remix-run/node';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';
import { cookieSettings } from './cookie-settings.server';

let csrf: CSRF | undefined;

/** Created on first use: the host sets SESSION_SECRET before serving. */
function instance() {
  if (csrf) return csrf;
  const { secret, secure } = cookieSettings();
  csrf = new CSRF({ cookie: createCookie('csrf', { path: '/', httpOnly: true, sameSite: 'lax', secure, secrets: [secret] }), secret });
  return csrf;
}

/** The token every form carries, and the cookie to set when it is new. */
export function commitCsrfToken(request: Request) {
  return instance().commitToken(request);
}

/** Rejects a form post that does not carry the token of its own cookie. */
export async function validateCsrf(formData: FormData, request: Request) {
  try {
    await instance().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response('The form has expired. Reload the page and try again.', { status: 403 });
    }
    throw error;
  }
}
