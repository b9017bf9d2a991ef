import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

export interface RefusedRow {
  row: number;
  messages: readonly string[];
  /** Whose row it is, where the file names someone. */
  who?: ReactNode;
}

/** The rows of a file that were refused, by their number in the file, each with why. */
export function RefusedRowsTable({ rows, whoHeading }: { rows: readonly RefusedRow[]; whoHeading?: string }) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border">
      <Table aria-label="Refused rows">
        <TableHeader>
          <TableRow>
            <TableHead className="w-20">Row</TableHead>
            {whoHeading ? <TableHead>{whoHeading}</TableHead> : null}
            <TableHead>Why</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((refused) => (
            <TableRow key={refused.row}>
              <TableCell className="tabular-nums">{refused.row}</TableCell>
              {whoHeading ? <TableCell className="whitespace-normal">{refused.who}</TableCell> : null}
              <TableCell className="whitespace-normal">{refused.messages.join('; ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
