import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { AuthConfig } from '../domain/auth/config';
import type { ObjectStorage } from '../storage/object-storage';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What the API is built from; tests hand in their own database and clock. */
export interface ApiDeps {
  database: Database;
  logger: Logger;
  clock: Clock;
  auth: AuthConfig;
  /** Where uploaded files live: the built-in store or S3. */
  storage: ObjectStorage;
  /** Proxies in front that may set X-Forwarded-For (TRUST_PROXY); none unless given. */
  trustedProxies?: number;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
