import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noisePng } from '../support/images';

/** Files the browser specs upload. */

/** A real PNG of `size`×`size` pixels (noise, so it does not compress to nothing). */
export { noisePng as png };

/** A PNG written to a temporary folder, for setInputFiles. */
export async function photoFile(name = 'photo.png', size = 200) {
  const dir = await mkdtemp(path.join(tmpdir(), 'dynamic-form-'));
  const file = path.join(dir, name);
  await writeFile(file, noisePng(size));
  return file;
}
