import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthConfig } from './config';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  role: string;
  /** The refresh-token family: one sign-in. */
  sid: string;
}

export class AccessTokenExpired extends Error {
  override name = 'AccessTokenExpired';
}
export class AccessTokenInvalid extends Error {
  override name = 'AccessTokenInvalid';
}

const ISSUER = 'institute-admin';

export async function issueAccessToken(config: AuthConfig, now: Date, claims: AccessClaims): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
    .sign(config.jwtSecret);
}

export async function verifyAccessToken(config: AuthConfig, now: Date, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') {
      throw new AccessTokenInvalid('Token is missing claims');
    }
    return { sub: payload.sub, role: payload.role, sid: payload.sid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AccessTokenExpired('Token expired');
    if (error instanceof AccessTokenInvalid) throw error;
    throw new AccessTokenInvalid('Invalid token');
  }
}
