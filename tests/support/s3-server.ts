import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * An S3 protocol server (s3rver) on a free port of 127.0.0.1, storing in a temporary folder, with
 * one empty bucket. It checks a presigned address's expiry but not its signature, so tests of
 * signature tampering belong to the built-in store.
 */
export async function startS3Server(bucket = 'uploads'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's one account.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      const closed = server.close();
      // Clients keep connections open for reuse; close would wait for them to time out.
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
