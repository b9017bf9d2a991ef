import { describe, expect, it } from 'vitest';
import { addPeriods, indianDay, parseBound, periodLabels, startOf } from './india-time';

describe('dates in India’s calendar', () => {
  it('reads a date alone as a whole day in India, and a date with a time as given', () => {
    expect(parseBound('2026-04-01', 'from')?.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(parseBound('2026-04-01', 'to')?.toISOString()).toBe('2026-04-01T18:30:00.000Z');
    expect(parseBound('2026-04-01T10:00:00Z', 'to')?.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(parseBound('yesterday', 'from')).toBeNull();
  });

  it('finds the Indian day and the start of its day or month', () => {
    const lateEvening = new Date('2026-01-31T20:00:00Z');
    expect(indianDay(lateEvening)).toBe('2026-02-01');
    expect(startOf('day', lateEvening).toISOString()).toBe('2026-01-31T18:30:00.000Z');
    expect(startOf('month', lateEvening).toISOString()).toBe('2026-01-31T18:30:00.000Z');
  });

  it('steps by days and by months across a year’s end', () => {
    const december = startOf('month', new Date('2025-12-15T00:00:00Z'));
    expect(indianDay(addPeriods('month', december, 1))).toBe('2026-01-01');
    expect(indianDay(addPeriods('month', december, -12))).toBe('2024-12-01');
    expect(indianDay(addPeriods('day', december, 31))).toBe('2026-01-01');
  });

  it('labels every period of a range, and stops one past a limit', () => {
    const from = new Date('2025-11-20T00:00:00Z');
    const to = new Date('2026-02-01T00:00:00Z');
    expect(periodLabels('month', from, to)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodLabels('day', from, to, 5)).toHaveLength(6);
  });
});
