import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret from the environment when given, otherwise one generated on first start and kept in
 * the data folder, so sessions and tokens survive restarts and processes sharing the folder agree.
 */
export async function loadSecret(dataDir: string, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return (await readFile(file, 'utf8')).trim();
  }
}
