import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Clock } from '../domain/clock';
import type { Callers } from '../domain/auth/callers';
import type { Settings } from '../domain/settings';
import type { AuthConfig } from '../domain/auth/config';
import type { ObjectStorage } from '../storage/object-storage';
import type { ApiBindings } from './client-address';
import type { RateLimiter } from './rate-limit';

/** What the API is built from; tests hand in their own database and clock. */
export interface ApiDeps {
  database: Database;
  logger: Logger;
  clock: Clock;
  auth: AuthConfig;
  /** The callers this process has read; built by createApi from the database. */
  callers: Callers;
  /** The form configurations and prices this process has read; built by createApi from the database. */
  settings: Settings;
  /** How many public verification look-ups each address may make; built by createApi. */
  verificationLimit: RateLimiter;
  /** Where uploaded files live: the built-in store or S3. */
  storage: ObjectStorage;
  /** Express's numeric trust proxy for requests from the network: how many proxies in front may set X-Forwarded-For; 0 unless set. */
  trustProxy?: number;
  /**
   * The address browsers reach this server at (PUBLIC_URL): the verification links printed on
   * documents start with it. Without it they start with the address the request came to.
   */
  publicUrl?: string;
}

export interface ApiEnv {
  Bindings: ApiBindings;
  Variables: {
    requestId: string;
    log: Logger;
  };
}
