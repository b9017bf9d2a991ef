import { fileTypes } from '../../common/contracts/endpoint';
import type { ExportFormat } from '../../common/contracts/export';
import type { FileReply } from '../http/endpoint';
import type { ExportTable } from './columns';
import { csvStream } from './csv';
import { xlsxStream } from './xlsx';

/** A list as the file asked for, sent as it is made, to be saved under its name. */
export function exportFile<Row>(format: ExportFormat, table: ExportTable<Row>, today: string): FileReply {
  return {
    file: {
      bytes: format === 'xlsx' ? xlsxStream(table) : csvStream(table),
      name: `${table.fileName(today)}.${format}`,
      type: fileTypes[format],
      download: true,
    },
  };
}
