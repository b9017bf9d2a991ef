import type * as React from 'react';
import type { InvoiceTotals } from '../../../common/contracts/invoices';
import { cn } from '~/components/ui/cn';
import { Amount } from '~/components/wallet/money';

/**
 * An invoice's totals as a list of label and amount: what the create form works out as one types
 * and what the invoice page shows as issued. Taxes that are zero are left out.
 */
export function InvoiceTotalsList({
  totals,
  supply,
  amountInWords,
  children,
  className,
}: {
  totals: InvoiceTotals;
  supply: 'intra' | 'inter';
  amountInWords: string;
  /** More rows after the total (paid, due). */
  children?: React.ReactNode;
  className?: string;
}) {
  const taxes =
    supply === 'inter'
      ? [{ label: 'IGST', paise: totals.igst }]
      : [
          { label: 'CGST', paise: totals.cgst },
          { label: 'SGST', paise: totals.sgst },
        ];
  return (
    <div className={cn('grid gap-3', className)}>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
        <TotalRow label="Sub-total" paise={totals.amount} />
        {totals.discount ? <TotalRow label="Discount" paise={-totals.discount} /> : null}
        <TotalRow label="Taxable value" paise={totals.taxable} />
        {taxes.map((tax) => (tax.paise ? <TotalRow key={tax.label} label={tax.label} paise={tax.paise} /> : null))}
        <TotalRow label="Total" paise={totals.total} strong />
        {children}
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="amount-in-words">
        {amountInWords}
      </p>
    </div>
  );
}

export function TotalRow({ label, paise, strong = false }: { label: string; paise: number; strong?: boolean }) {
  return (
    <>
      <dt className={cn(strong ? 'border-t pt-1.5 font-semibold' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('pl-4 text-right', strong && 'border-t pt-1.5 font-semibold')}>
        <Amount paise={paise} />
      </dd>
    </>
  );
}
