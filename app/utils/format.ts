/**
 * Money is integer paise everywhere; rupees exist only in what people read and type.
 * Dates are shown in India's time zone unless a caller asks for another one.
 */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** 12345678 paise → "₹1,23,456.78"; -500 → "-₹5.00". Exact for any bigint. */
export function formatRupees(paise: number | bigint): string {
  if (typeof paise === 'number' && !Number.isSafeInteger(paise)) {
    throw new RangeError(`formatRupees expects a whole number of paise, got ${paise}`);
  }
  const digits = BigInt(paise).toString();
  const negative = digits.startsWith('-');
  const magnitude = (negative ? digits.slice(1) : digits).padStart(3, '0');
  // Intl formats a decimal string exactly, so amounts beyond 2^53 keep every digit.
  const decimal = `${negative ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}` as Intl.StringNumericLiteral;
  return rupees.format(decimal);
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

export type DateInput = Date | string | number;

export interface DateFormatOptions {
  /** IANA zone; India's by default. */
  timeZone?: string;
}

const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

// Month names are fixed rather than taken from the runtime's locale data: ICU versions disagree
// ("Sep" or "Sept"), and the server and the browser must render the same text for hydration.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(value: DateInput, timeZone: string) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  return {
    day: Number(parts.day),
    month: MONTHS[Number(parts.month) - 1] ?? '',
    year: parts.year ?? '',
    hour12: hour % 12 || 12,
    minute: (parts.minute ?? '').padStart(2, '0'),
    period: hour < 12 ? 'am' : 'pm',
  };
}

/** "23 Nov 2026"; an empty string for an invalid or missing date. */
export function formatDate(value: DateInput | null | undefined, { timeZone = DEFAULT_TIME_ZONE }: DateFormatOptions = {}) {
  if (value === null || value === undefined || value === '') return '';
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.day} ${parts.month} ${parts.year}` : '';
}

/** "23 Nov 2026, 2:05 pm"; an empty string for an invalid or missing date. */
export function formatDateTime(
  value: DateInput | null | undefined,
  { timeZone = DEFAULT_TIME_ZONE }: DateFormatOptions = {},
) {
  if (value === null || value === undefined || value === '') return '';
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.day} ${parts.month} ${parts.year}, ${parts.hour12}:${parts.minute} ${parts.period}` : '';
}
