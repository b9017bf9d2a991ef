/** Money is integer paise everywhere; rupees exist only in what people read and type. */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** -5000 paise → "-50.00": rupees as a plain decimal, exact for any bigint (no floating point). */
export function decimalRupees(paise: number | bigint): string {
  if (typeof paise === 'number' && !Number.isSafeInteger(paise)) {
    throw new RangeError(`Expected a whole number of paise, got ${paise}`);
  }
  const digits = BigInt(paise).toString();
  const negative = digits.startsWith('-');
  const magnitude = (negative ? digits.slice(1) : digits).padStart(3, '0');
  return `${negative ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}

/** 12345678 paise → "₹1,23,456.78"; -500 → "-₹5.00". Exact for any bigint. */
export function formatRupees(paise: number | bigint): string {
  // Intl formats a decimal string exactly, so amounts beyond 2^53 keep every digit.
  return rupees.format(decimalRupees(paise) as Intl.StringNumericLiteral);
}

const AMOUNT = /^(?:(?:rs\.?|inr|₹)\s*)?(\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/i;

/**
 * What a person typed as rupees → paise, or null when it is not an amount.
 * Accepts "1,23,456.78", "123,456.78", "₹ 500", "Rs. 500", "500.5", ".5"; refuses negatives,
 * more than two decimals, misplaced commas, and amounts beyond Number.MAX_SAFE_INTEGER paise.
 */
export function parseRupees(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return null;
  const digits = `${(whole ?? '0').replaceAll(',', '')}${(fraction ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const paise = Number(digits);
  return Number.isSafeInteger(paise) ? paise : null;
}
