import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createCookie, createSession, type Session, type SessionStorage } from '@remix-run/node';
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

/**
 * The session lives in its cookie, and holds the API's tokens: the cookie is sealed with
 * AES-256-GCM (which also authenticates it), so whoever reads it (a log, a proxy, the browser's
 * profile) learns nothing. The web tier keeps no store of its own (DESIGN.md).
 */
const cookieName = '__session';
const keyInfo = 'institute-admin session cookie v1';

/**
 * The cookie keys of some secrets, the newest first: the newest seals, and a cookie sealed with a
 * secret being retired still opens. Derived once per process, not per request.
 */
export const sessionKeys = (secrets: readonly string[]) =>
  secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, '', keyInfo, 32)));

export function sealSession(data: unknown, keys: readonly Buffer[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The data, or null for a cookie that none of the keys sealed (forged, altered, too old). */
export function openSession(value: string, keys: readonly Buffer[]): Partial<SessionData> | null {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length < 29) return null;
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      const data: unknown = JSON.parse(text);
      return typeof data === 'object' && data !== null ? (data as Partial<SessionData>) : null;
    } catch {
      // Sealed with another secret, or not sealed here at all.
    }
  }
  return null;
}

let storage: SessionStorage<SessionData> | undefined;

/** Created on first use: the host sets SESSION_SECRET before serving. */
function sessionStorage(): SessionStorage<SessionData> {
  if (storage) return storage;
  const { secret, secure } = cookieSettings();
  const keys = sessionKeys([secret]);
  const cookie = createCookie(cookieName, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  storage = {
    async getSession(header, options) {
      const value: unknown = header ? await cookie.parse(header, options) : null;
      const data = typeof value === 'string' ? openSession(value, keys) : null;
      return createSession((data ?? {}) as SessionData);
    },
    commitSession: (session, options) => cookie.serialize(sealSession(session.data, keys), options),
    destroySession: (_session, options) => cookie.serialize('', { ...options, maxAge: undefined, expires: new Date(0) }),
  };
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
