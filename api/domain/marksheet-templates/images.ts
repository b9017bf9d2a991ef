import {
  marksheetTemplateMessages,
  templateImageUpload,
  type MarksheetTemplateContent,
} from '../../../common/contracts/marksheet-templates';
import type { Executor } from '../../db/client';
import type { Actor } from '../auth/actor';
import { requireUploadedImages, type NamedImage } from '../record-files';
import { anyTemplateHoldsImage } from './queries';

/** Each image a template's content names: where it sits (as the API names fields) and the upload rule it answers to. */
function templateImages(content: Pick<MarksheetTemplateContent, 'logo' | 'signatures'>) {
  const images: NamedImage[] = [];
  if (content.logo) images.push({ path: 'logo', rule: templateImageUpload.logo, key: content.logo });
  content.signatures.forEach(({ image }, index) => {
    if (image) images.push({ path: `signatures.${index}.image`, rule: templateImageUpload.signature, key: image });
  });
  return images;
}

/**
 * Refuses content naming an image that cannot be printed: each must be a confirmed PNG or JPEG
 * uploaded for templates that the caller may see, within its field's limit (the rule of
 * docs/decisions/008). An image a template holds already stays acceptable, to anyone who edits
 * templates: they are the institute's, whoever uploaded them.
 */
export function requirePrintableImages(
  db: Executor,
  caller: Pick<Actor, 'branchId'>,
  content: Pick<MarksheetTemplateContent, 'logo' | 'signatures'>,
): Promise<void> {
  return requireUploadedImages(db, caller, templateImages(content), {
    formType: templateImageUpload.formType,
    held: (key) => anyTemplateHoldsImage(db, key),
    message: marksheetTemplateMessages.imagesRefused,
  });
}
