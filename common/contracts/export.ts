import { z } from 'zod';
import { fileTypes } from './endpoint';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** What every export of a list takes besides the list's own filters: the file's format. */
export const exportQuery = {
  format: z.enum(exportFormats).default('csv').describe('csv (UTF-8 with a byte-order mark) or xlsx (Excel)'),
};

/** What an export answers: either file, as `format` asks. */
export const exportTypes = [fileTypes.csv, fileTypes.xlsx] as const;
