import { z } from 'zod';
import { formatRupees, parseRupees } from '~/utils/format';
import { MAX_AMOUNT_PAISE } from '../../../common/wallet';

/**
 * A rupee amount as typed ("1,500", "1500.50", "₹ 2,00,000") → paise, for the browser's and the
 * server's validation alike. `min` is in paise: 1 for a top-up, 0 for a price.
 */
export function rupeeAmount({ label, min }: { label: string; min: number }) {
  return z
    .string({ required_error: `Enter the ${label.toLowerCase()}` })
    .trim()
    .transform((text, ctx) => {
      const paise = parseRupees(text);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: `Enter the ${label.toLowerCase()} in rupees, such as 1,500 or 1500.50` });
        return z.NEVER;
      }
      if (paise < min) {
        ctx.addIssue({ code: 'custom', message: min > 0 ? `${label} must be more than zero` : `${label} cannot be negative` });
        return z.NEVER;
      }
      if (paise > MAX_AMOUNT_PAISE) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${formatRupees(MAX_AMOUNT_PAISE)}` });
        return z.NEVER;
      }
      return paise;
    });
}

/** Paise → what the amount field shows: "1,500.50", "50.00" → "50". */
export function rupeeText(paise: number): string {
  return formatRupees(paise).replace('₹', '').replace(/\.00$/, '');
}
