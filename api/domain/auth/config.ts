import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface AuthConfig {
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Failed sign-ins allowed per email, and per address, inside the window. */
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  failureWindowSeconds: number;
}

export const defaultAuthTiming = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 7 * 24 * 60 * 60,
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
  failureWindowSeconds: 15 * 60,
};

export function authConfig(secret: string | Uint8Array, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    ...defaultAuthTiming,
    jwtSecret: typeof secret === 'string' ? new TextEncoder().encode(secret) : secret,
    ...overrides,
  };
}

/**
 * The signing secret: JWT_SECRET when given, otherwise one generated on first start and kept
 * in the data folder so tokens survive restarts (processes sharing a data folder share it too).
 */
export async function loadJwtSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return (await readFile(file, 'utf8')).trim();
  }
}
