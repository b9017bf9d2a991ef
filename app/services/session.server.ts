import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { cookieSettings } from './cookie-settings.server';

export type UserType = 'admin' | 'superadmin';

export interface SessionData {
  accessToken: string;
  refreshToken: string;
  userType: UserType;
  userId: string;
  /** Milliseconds; the server's own 30-minute idle check reads it. */
  lastActivity: number;
}

export type AuthSession = Session<SessionData>;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

/** Created on first use: the host sets SESSION_SECRET before serving. */
function sessionStorage() {
  if (storage) return storage;
  const { secret, secure } = cookieSettings();
  storage = createCookieSessionStorage<SessionData>({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secure, secrets: [secret] },
  });
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'));
}

export function commitSession(session: AuthSession) {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AuthSession) {
  return sessionStorage().destroySession(session);
}
