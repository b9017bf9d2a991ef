import type * as React from 'react';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/components/ui/cn';
import { formatRupees } from '~/utils/format';
import { decimalRupees } from '../../../common/money';
import type { LedgerKind } from '../../../common/wallet';
import { ledgerKindLabels } from '../../../common/wallet';

/**
 * An amount of paise in rupees. `signed` colours it by sign (money in green, money out red)
 * and writes the sign, so the colour is never the only cue.
 */
export function Amount({ paise, signed = false, className, ...props }: { paise: number; signed?: boolean } & React.ComponentProps<'span'>) {
  const text = formatRupees(paise);
  return (
    <span
      data-slot="amount"
      data-sign={paise > 0 ? 'positive' : paise < 0 ? 'negative' : 'zero'}
      className={cn(
        'tabular-nums',
        signed && paise > 0 && 'text-emerald-700 dark:text-emerald-400',
        signed && paise < 0 && 'text-rose-700 dark:text-rose-400',
        className,
      )}
      {...props}
    >
      {signed && paise > 0 ? `+${text}` : text}
    </span>
  );
}

const kindVariants: Record<LedgerKind, React.ComponentProps<typeof Badge>['variant']> = {
  credit: 'success',
  charge: 'secondary',
  refund: 'warning',
  adjustment: 'outline',
};

export function KindBadge({ kind }: { kind: LedgerKind }) {
  return <Badge variant={kindVariants[kind]}>{ledgerKindLabels[kind]}</Badge>;
}

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** "₹5K", "₹12.3L", "₹5Cr": for chart axes, where exact amounts would not fit. Rounded from the exact decimal. */
export function compactRupees(paise: number): string {
  const rupees = decimalRupees(Math.abs(paise)) as Intl.StringNumericLiteral;
  return `${paise < 0 ? '-' : ''}₹${compact.format(rupees)}`;
}
