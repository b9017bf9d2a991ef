/**
 * The time zone the institute keeps its books and numbers its years in: a day or a month starts at
 * midnight in India. India has no daylight saving, so its offset is fixed.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_UTC_OFFSET = '+05:30';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A filter bound: a date alone is a day in India (`from` its first instant, `to` the first
 * instant of the next day, so that day is included); a date with a time is taken as given.
 */
export function parseBound(value: string, bound: 'from' | 'to'): Date | null {
  const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00${INDIA_UTC_OFFSET}`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return DATE_ONLY.test(value) && bound === 'to' ? new Date(date.getTime() + DAY_MS) : date;
}

/** An instant's wall-clock time in India, as a zoneless date and time (a spreadsheet's) holds it: its UTC fields are India's. */
export function indiaWallClock(at: Date | string): Date {
  return new Date(new Date(at).getTime() + OFFSET_MS);
}

/** The calendar day (YYYY-MM-DD) in India at an instant. */
export function indianDay(at: Date): string {
  return indiaWallClock(at).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as dd/mm/yyyy, the way India writes a date; anything else as it is. */
export function formatDayFirst(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The first instant of the Indian day or month holding `at`. */
export function startOf(period: 'day' | 'month', at: Date): Date {
  const day = indianDay(at);
  return new Date(`${period === 'day' ? day : `${day.slice(0, 7)}-01`}T00:00:00${INDIA_UTC_OFFSET}`);
}

/** `count` days or months after (negative: before) the start of a period. */
export function addPeriods(period: 'day' | 'month', start: Date, count: number): Date {
  if (period === 'day') return new Date(start.getTime() + count * DAY_MS);
  const [year, month] = indianDay(start).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + count;
  const label = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return new Date(`${label}T00:00:00${INDIA_UTC_OFFSET}`);
}

/**
 * The labels of the periods from `from` up to (not including) `to`: 2026-01-15 or 2026-01. Stops
 * one past `limit`, so a caller can refuse a range that is too long without listing it.
 */
export function periodLabels(period: 'day' | 'month', from: Date, to: Date, limit = Infinity): string[] {
  const labels: string[] = [];
  for (let at = startOf(period, from); at < to && labels.length <= limit; at = addPeriods(period, at, 1)) {
    labels.push(period === 'day' ? indianDay(at) : indianDay(at).slice(0, 7));
  }
  return labels;
}
