import type { AppLoadContext } from '@remix-run/node';
import { IMPORT_FILE_FIELD, importFileRule } from '~/components/imports/import-file-input';
import { FILE_PART_PREFIX } from '~/lib/dynamic-form';
import { importScreenMessages } from '~/lib/imports';
import type { AuthedApi } from './auth.server';
import { storePostedFiles } from './posted-files.server';

/**
 * Stores the import file a form posted (read by `readPost` with `importFileRule`) as any upload
 * is stored, and answers its key and name, or why there is none.
 */
export async function storePostedImportFile(
  api: AuthedApi,
  context: AppLoadContext,
  formData: FormData,
  tooLarge: readonly string[],
): Promise<{ fileKey: string; fileName: string } | { errors: string[] }> {
  const part = formData.get(`${FILE_PART_PREFIX}${IMPORT_FILE_FIELD}`);
  const fileName = part instanceof File ? part.name : '';
  const refusal = Object.values(await storePostedFiles(api, context, 'imports', formData, tooLarge, importFileRule)).flat();
  if (refusal.length) return { errors: refusal };
  const fileKey = formData.get(IMPORT_FILE_FIELD);
  if (typeof fileKey !== 'string' || !fileKey) return { errors: [importScreenMessages.noFile] };
  return { fileKey, fileName };
}
