/**
 * A stored key's file name without the key's unique prefix: keys are
 * `<formType>/<yyyy>/<mm>/<uuid>-<safe-name>`, so `student/2026/01/<uuid>-photo.png` → `photo.png`.
 */
export function fileNameOfKey(key: string): string {
  const last = key.split('/').pop() ?? key;
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[-_]/i, '');
}

/** A form type is the first segment of its files' keys. */
export const FORM_TYPE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
