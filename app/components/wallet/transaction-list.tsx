import type * as React from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatDateTime } from '~/utils/format';
import { Amount, KindBadge } from './money';
import type { WalletTransaction } from '../../../common/wallet';

function describe(entry: WalletTransaction) {
  if (entry.kind === 'charge' || entry.kind === 'refund') {
    return entry.operationName ?? entry.operationKey ?? '';
  }
  return entry.note || (entry.kind === 'credit' ? 'Top-up' : 'Adjustment');
}

function details(entry: WalletTransaction) {
  const parts: string[] = [];
  if (entry.kind !== 'credit' && entry.kind !== 'adjustment' && entry.note) parts.push(entry.note);
  if (entry.referenceId) parts.push(`Ref: ${entry.referenceId}`);
  if (entry.refundedBy) parts.push('Refunded');
  return parts.join(' · ');
}

/**
 * Ledger entries: a table from tablet width up, a list of cards on phones. `headers` lets a
 * screen replace a column heading (with a sort link, say).
 */
export function TransactionList({
  transactions,
  showBranch,
  headers = {},
  caption,
  actions,
}: {
  transactions: WalletTransaction[];
  showBranch: boolean;
  headers?: Partial<Record<'date' | 'amount', React.ReactNode>>;
  caption?: string;
  /** What can be done with an entry (a refund of a charge), in a last column. */
  actions?: (entry: WalletTransaction) => React.ReactNode;
}) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={caption}>
          <TableHeader>
            <TableRow>
              <TableHead>{headers.date ?? 'Date'}</TableHead>
              {showBranch ? <TableHead>Branch</TableHead> : null}
              <TableHead>Type</TableHead>
              <TableHead>Description</TableHead>
              <TableHead className="text-right">{headers.amount ?? 'Amount'}</TableHead>
              <TableHead className="text-right">Balance after</TableHead>
              {actions ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {transactions.map((entry) => (
              <TableRow key={entry.id} data-kind={entry.kind}>
                <TableCell className="text-muted-foreground">{formatDateTime(entry.createdAt)}</TableCell>
                {showBranch ? <TableCell>{entry.branchName ?? entry.branchId}</TableCell> : null}
                <TableCell>
                  <KindBadge kind={entry.kind} />
                </TableCell>
                <TableCell className="max-w-80 whitespace-normal">
                  <div className="font-medium">{describe(entry)}</div>
                  {details(entry) ? <div className="truncate text-xs text-muted-foreground">{details(entry)}</div> : null}
                </TableCell>
                <TableCell className="text-right font-medium">
                  <Amount paise={entry.amount} signed />
                </TableCell>
                <TableCell className="text-right">
                  <Amount paise={entry.balanceAfter} className="text-muted-foreground" />
                </TableCell>
                {actions ? <TableCell className="text-right">{actions(entry)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid divide-y md:hidden" aria-label={caption}>
        {transactions.map((entry) => (
          <li key={entry.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-3">
            <div className="flex min-w-0 items-center gap-2">
              <KindBadge kind={entry.kind} />
              <span className="truncate font-medium">{describe(entry)}</span>
            </div>
            <Amount paise={entry.amount} signed className="text-right font-medium" />
            <div className="min-w-0 truncate text-xs text-muted-foreground">
              {formatDateTime(entry.createdAt)}
              {showBranch ? ` · ${entry.branchName ?? entry.branchId}` : ''}
              {details(entry) ? ` · ${details(entry)}` : ''}
            </div>
            <span className="text-right text-xs text-muted-foreground">
              Bal. <Amount paise={entry.balanceAfter} />
            </span>
            {actions ? <div className="col-span-2 flex justify-end empty:hidden">{actions(entry)}</div> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
