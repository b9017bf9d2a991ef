import { createSession } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitSession, getSession, openSession, sealSession, sessionKeys, type SessionData } from './session.server';

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'a-session-secret-for-these-tests-only-0123456789';
});

const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.access-token', refreshToken: 'refresh-token-secret-value' };

describe('the session cookie', () => {
  it('carries the tokens sealed: neither is readable in the cookie, and the session reads back', async () => {
    const session = createSession<SessionData>({ ...tokens, userType: 'admin', userId: 'u1', lastActivity: 1 });
    const header = await commitSession(session);
    const value = decodeURIComponent(header.split(';')[0]!.split('=').slice(1).join('='));
    const decoded = [value, Buffer.from(value, 'base64').toString('latin1'), Buffer.from(value, 'base64url').toString('latin1')];
    for (const text of decoded) {
      expect(text).not.toContain(tokens.refreshToken);
      expect(text).not.toContain('access-token');
      expect(text).not.toContain('refresh-token');
    }
    const read = await getSession(new Request('http://site.test/', { headers: { Cookie: header.split(';')[0]! } }));
    expect(read.get('refreshToken')).toBe(tokens.refreshToken);
    expect(read.get('accessToken')).toBe(tokens.accessToken);
  });

  it('opens with a retiring secret and refuses an altered or foreign cookie', () => {
    const sealed = sealSession(tokens, sessionKeys(['old-secret-0123456789012345678901234567']));
    expect(
      openSession(sealed, sessionKeys(['new-secret-0123456789012345678901234567', 'old-secret-0123456789012345678901234567'])),
    ).toEqual(tokens);
    expect(openSession(sealed, sessionKeys(['new-secret-0123456789012345678901234567']))).toBeNull();
    const altered = Buffer.from(sealed, 'base64url');
    altered[altered.length - 1]! ^= 1;
    expect(openSession(altered.toString('base64url'), sessionKeys(['old-secret-0123456789012345678901234567']))).toBeNull();
    expect(openSession('', sessionKeys(['old-secret-0123456789012345678901234567']))).toBeNull();
  });
});
