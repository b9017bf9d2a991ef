import { describe, expect, it } from 'vitest';
import { formatDayFirst } from '../../../common/india-time';
import { parseDayFirst, withNextSlash } from './date-input';

describe('day-first dates', () => {
  it('reads the day before the month, with any of / - . or none between, and a pasted YYYY-MM-DD', () => {
    expect(parseDayFirst('09/12/2026')).toBe('2026-12-09');
    expect(parseDayFirst('9/9/2026')).toBe('2026-09-09');
    expect(parseDayFirst(' 31-01-2027 ')).toBe('2027-01-31');
    expect(parseDayFirst('01.02.2026')).toBe('2026-02-01');
    expect(parseDayFirst('09122026')).toBe('2026-12-09');
    expect(parseDayFirst('2026-12-09')).toBe('2026-12-09');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseDayFirst('12/31/2026')).toBeNull();
    expect(parseDayFirst('29/02/2026')).toBeNull();
    expect(parseDayFirst('29/02/2028')).toBe('2028-02-29');
    expect(parseDayFirst('2026-02-30')).toBeNull();
    expect(parseDayFirst('9/9/26')).toBeNull();
    expect(parseDayFirst('')).toBeNull();
  });

  it('shows a stored date day first and leaves other text alone', () => {
    expect(formatDayFirst('2026-09-09')).toBe('09/09/2026');
    expect(formatDayFirst('')).toBe('');
    expect(formatDayFirst('soon')).toBe('soon');
  });

  it('adds the slash after a two-digit day and month while typing forward, not while deleting', () => {
    expect(withNextSlash('0', '09')).toBe('09/');
    expect(withNextSlash('09/1', '09/12')).toBe('09/12/');
    expect(withNextSlash('9/1', '9/12')).toBe('9/12/');
    expect(withNextSlash('09/', '09')).toBe('09');
    expect(withNextSlash('09/12/', '09/12')).toBe('09/12');
    expect(withNextSlash('09/12/202', '09/12/2026')).toBe('09/12/2026');
  });
});
