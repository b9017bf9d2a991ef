import type { Logger } from 'pino';
import type { Database } from '../db/client';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What the API is built from; tests hand in their own database and clock. */
export interface ApiDeps {
  database: Database;
  logger: Logger;
  clock: Clock;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
