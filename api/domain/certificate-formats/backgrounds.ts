import { certificateFormatMessages, formatBackgroundUpload } from '../../../common/contracts/certificate-formats';
import { sides, type FormatLayout } from '../../../common/certificate-layout';
import type { Executor } from '../../db/client';
import type { Actor } from '../auth/actor';
import { invalid } from '../errors';
import { uploadRefusal } from '../record-files';
import { anyFormatHoldsBackground } from './queries';

/**
 * Refuses a layout whose background cannot be printed: each must be a confirmed PNG or JPEG
 * uploaded for formats that the caller may see, within its kind's limit (the rule of
 * docs/decisions/008). A background a format holds already stays acceptable: the formats and
 * their images are the institute's, whoever uploaded them.
 */
export async function requirePrintableBackgrounds(
  db: Executor,
  caller: Pick<Actor, 'branchId'>,
  layout: Pick<FormatLayout, 'kind' | 'background'>,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const side of sides) {
    const key = layout.background[side];
    if (!key || (await anyFormatHoldsBackground(db, layout.kind, key))) continue;
    const refusal = await uploadRefusal(db, caller, formatBackgroundUpload.formType, formatBackgroundUpload.fields[layout.kind], key);
    if (refusal) errors[`layout.background.${side}`] = [refusal];
  }
  if (Object.keys(errors).length) throw invalid(certificateFormatMessages.backgroundsRefused, errors);
}
