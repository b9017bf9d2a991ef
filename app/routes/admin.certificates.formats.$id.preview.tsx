import { formatPreviewLoader } from '~/services/certificate-format-screens.server';

/** A saved revision (`?revision=`, else the latest) filled in for a student (`?studentId=`), as a PDF. */
export const loader = formatPreviewLoader;
