import { describe, expect, it } from 'vitest';
import { AccessTokenExpired, AccessTokenInvalid, issueAccessToken, verifyAccessToken } from './access-tokens';
import { authConfig } from './config';

const config = authConfig('a secret of enough length for HS256 signing', { accessTokenTtlSeconds: 60 });
const issued = new Date('2026-01-15T09:00:00.000Z');
const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);
const claims = { sub: 'user-1', role: 'staff', sid: 'family-1' };

describe('access tokens', () => {
  it('answers the claims of a token every time it is used, and refuses it from the second it expires', async () => {
    const token = await issueAccessToken(config, issued, claims);
    expect(await verifyAccessToken(config, issued, token)).toEqual(claims);
    expect(await verifyAccessToken(config, later(59.999), token)).toEqual(claims);
    await expect(verifyAccessToken(config, later(60), token)).rejects.toBeInstanceOf(AccessTokenExpired);
    await expect(verifyAccessToken(config, later(61), token)).rejects.toBeInstanceOf(AccessTokenExpired);
  });

  it('refuses a changed token, and one signed with another secret, after the genuine one was accepted', async () => {
    const token = await issueAccessToken(config, issued, claims);
    await verifyAccessToken(config, issued, token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'superadmin' }),
    ).toString('base64url');
    await expect(verifyAccessToken(config, issued, `${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(AccessTokenInvalid);
    const other = authConfig('another secret of enough length for HS256', { accessTokenTtlSeconds: 60 });
    await expect(verifyAccessToken(other, issued, token)).rejects.toBeInstanceOf(AccessTokenInvalid);
  });
});
