import { certificateFormatMessages, formatBackgroundUpload } from '../../../common/contracts/certificate-formats';
import { sides, type FormatLayout } from '../../../common/certificate-layout';
import type { Executor } from '../../db/client';
import type { Actor } from '../auth/actor';
import { requireUploadedImages } from '../record-files';
import { anyFormatHoldsBackground } from './queries';

/**
 * Refuses a layout whose background cannot be printed: each must be a confirmed PNG or JPEG
 * uploaded for formats that the caller may see, within its kind's limit (the rule of
 * docs/decisions/008). A background a format of the kind holds already stays acceptable: the
 * formats and their images are the institute's, whoever uploaded them.
 */
export function requirePrintableBackgrounds(
  db: Executor,
  caller: Pick<Actor, 'branchId'>,
  layout: Pick<FormatLayout, 'kind' | 'background'>,
): Promise<void> {
  const rule = formatBackgroundUpload.fields[layout.kind];
  const images = sides.flatMap((side) => {
    const key = layout.background[side];
    return key ? [{ path: `layout.background.${side}`, rule, key }] : [];
  });
  return requireUploadedImages(db, caller, images, {
    formType: formatBackgroundUpload.formType,
    held: (key) => anyFormatHoldsBackground(db, layout.kind, key),
    message: certificateFormatMessages.backgroundsRefused,
  });
}
