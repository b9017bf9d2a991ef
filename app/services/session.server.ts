import { createCookieSessionStorage, type Session } from '@remix-run/node';

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
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: '__session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true',
      secrets: [process.env.SESSION_SECRET ?? missingSecret()],
    },
  });
  return storage;
}

function missingSecret(): never {
  throw new Error('SESSION_SECRET is not set');
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
