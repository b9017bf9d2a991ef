import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/** Vite's hot-reload socket in development; vite.config.ts reads it on its own. */
export const hmrPortSetting = z.coerce.number().int().min(1).max(65535).default(24678);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections per process to the PostgreSQL server. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  API_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lifetime of API access tokens; 15 minutes unless set. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How many proxies in front may set X-Forwarded-For: Express's trust-proxy setting, and /api/v1's. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  SEED_ON_EMPTY: flag('true'),
  /** What an empty database is seeded with: the demo institute, or an empty one with its two administrators. */
  SEED_INSTITUTE: z.enum(['demo', 'empty']).default('demo'),
  /** Appends every answer of /api/v1 to this file as a JSON line: for test runs, which check them against the OpenAPI document. */
  API_ANSWER_LOG: z.string().optional(),
  /** Drops the Secure flag of the web tier's cookies in production: plain-HTTP test setups only. */
  INSECURE_COOKIES: flag('false'),
  HMR_PORT: hmrPortSetting,
  /** The address browsers reach this server at; the built-in file store's addresses start with it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Stores uploads in this S3 bucket instead of the built-in store under DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, ...); AWS itself needs none. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Both or neither; without them the AWS SDK's default credential chain applies. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag('false'),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** Validates the environment once; a bad setting ends the process with one readable line. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
