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

// Given raw bytes, jose imports them as a key again on every call: most of the cost of checking a
// token. Each config's key is imported once.
const keys = new WeakMap<AuthConfig, Promise<CryptoKey>>();

function keyOf(config: AuthConfig): Promise<CryptoKey> {
  let key = keys.get(config);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(config, key);
  }
  return key;
}

export async function issueAccessToken(config: AuthConfig, now: Date, claims: AccessClaims): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
    .sign(await keyOf(config));
}

// A client sends one token with every request for its lifetime. Whether its signature and claims
// hold never changes, so each token is checked once; its expiry is checked on every use.
const verified = new WeakMap<AuthConfig, Map<string, { claims: AccessClaims; expires: number }>>();
const MAX_VERIFIED = 10_000;

export async function verifyAccessToken(config: AuthConfig, now: Date, token: string): Promise<AccessClaims> {
  const tokens = verified.get(config) ?? verified.set(config, new Map()).get(config)!;
  const known = tokens.get(token);
  if (known) {
    // As jose judges it: expired from the second the token names.
    if (Math.floor(now.getTime() / 1000) < known.expires) return known.claims;
    tokens.delete(token);
    throw new AccessTokenExpired('Token expired');
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(config), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.role !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new AccessTokenInvalid('Token is missing claims');
    }
    const claims = { sub: payload.sub, role: payload.role, sid: payload.sid };
    if (tokens.size >= MAX_VERIFIED) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, { claims, expires: payload.exp });
    return claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AccessTokenExpired('Token expired');
    if (error instanceof AccessTokenInvalid) throw error;
    throw new AccessTokenInvalid('Invalid token');
  }
}
