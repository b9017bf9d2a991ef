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
