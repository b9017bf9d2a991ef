import { certificateFormatMessages, formatImageUpload, formatImages } from '../../../common/contracts/certificate-formats';
import type { FormatLayout } from '../../../common/certificate-layout';
import type { Executor } from '../../db/client';
import type { Actor } from '../auth/actor';
import { requireUploadedImages } from '../record-files';
import { anyFormatHoldsImage } from './queries';

/**
 * Refuses a layout whose backgrounds or signature cannot be printed: each must be a confirmed PNG
 * or JPEG uploaded for formats that the caller may see, within its limit (the rule of
 * docs/decisions/008). An image a format of the kind holds already stays acceptable: the
 * formats and their images are the institute's, whoever uploaded them.
 */
export function requirePrintableBackgrounds(
  db: Executor,
  caller: Pick<Actor, 'branchId'>,
  layout: Pick<FormatLayout, 'kind' | 'background' | 'signature'>,
): Promise<void> {
  return requireUploadedImages(db, caller, formatImages(layout), {
    formType: formatImageUpload.formType,
    held: (key) => anyFormatHoldsImage(db, layout.kind, key),
    message: certificateFormatMessages.imagesRefused,
  });
}
