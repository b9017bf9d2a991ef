/** Dates are shown in India's time zone unless a caller asks for another one. */

export { formatRupees, parseRupees } from '../../common/money';

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
export function formatDateTime(value: DateInput | null | undefined, { timeZone = DEFAULT_TIME_ZONE }: DateFormatOptions = {}) {
  if (value === null || value === undefined || value === '') return '';
  const parts = partsOf(value, timeZone);
  return parts ? `${parts.day} ${parts.month} ${parts.year}, ${parts.hour12}:${parts.minute} ${parts.period}` : '';
}

/** Two letters for an avatar: first and last name, or the start of a single name. */
export function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}
