import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, type Env } from '../env';
import type { Clock } from '../domain/clock';
import { loadSecret } from '../secrets';
import { LocalObjectStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';

export type { ObjectStorage } from './object-storage';

type StorageSettings = Pick<
  Env,
  'dataDir' | 'PUBLIC_URL' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The configured store: S3 when S3_BUCKET is set, otherwise the built-in store under
 * DATA_DIR/uploads, whose addresses are signed with a key kept in DATA_DIR/secrets.
 */
export async function createObjectStorage(env: StorageSettings, clock: Clock): Promise<ObjectStorage> {
  if (env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      throw new ConfigError(`Invalid setting ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`);
    }
    // The AWS SDK weighs about 25 MB in memory: loaded only by servers that use S3.
    const { S3ObjectStorage } = await import('./s3-storage');
    return new S3ObjectStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      clock,
    });
  }
  return new LocalObjectStorage({
    root: path.join(env.dataDir, 'uploads'),
    secret: await loadSecret(env.dataDir, 'storage-secret'),
    clock,
    publicUrl: env.PUBLIC_URL,
  });
}

/** A built-in store in a folder of its own under the system's temporary folder (tests, tools). */
export function temporaryObjectStorage(clock: Clock): LocalObjectStorage {
  return new LocalObjectStorage({
    root: path.join(os.tmpdir(), `institute-uploads-${process.pid}-${randomBytes(6).toString('hex')}`),
    secret: randomBytes(32),
    clock,
  });
}
