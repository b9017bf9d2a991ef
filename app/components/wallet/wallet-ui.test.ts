import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisTicks, periodLabel } from '~/components/charts/bar-chart';
import { outcomeOf } from './admission-charge';
import { rupeeAmount, rupeeText } from './amount-schema';
import { compactRupees } from './money';
import { groupIndian } from './rupee-input';

describe('amounts as typed', () => {
  it('groups digits the Indian way while typing', () => {
    expect(groupIndian('1234567')).toBe('12,34,567');
    expect(groupIndian('12,34,567.5')).toBe('12,34,567.5');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('100')).toBe('100');
    expect(groupIndian('0012')).toBe('12');
    expect(groupIndian('12.345')).toBe('12.34');
    expect(groupIndian('₹ 5,00,000.')).toBe('5,00,000.');
    expect(groupIndian('abc')).toBe('');
  });

  it('reads rupees into paise, with clear messages', () => {
    const topUp = rupeeAmount({ label: 'Amount', min: 1 });
    expect(topUp.parse('1,500.50')).toBe(150050);
    expect(topUp.parse('₹ 2,00,000')).toBe(20000000);
    expect(topUp.safeParse('12.345').error?.issues[0]?.message).toBe('Enter the amount in rupees, such as 1,500 or 1500.50');
    expect(topUp.safeParse('0').error?.issues[0]?.message).toBe('Amount must be more than zero');
    expect(topUp.safeParse('10,00,00,000.01').error?.issues[0]?.message).toBe('Amount must be at most ₹10,00,00,000.00');
    expect(rupeeAmount({ label: 'Price', min: 0 }).parse('0')).toBe(0);
  });

  it('shows a price in the field as typed', () => {
    expect(rupeeText(5000)).toBe('50');
    expect(rupeeText(125050)).toBe('1,250.50');
  });
});

describe('the activity chart', () => {
  it('draws round gridlines, at most five steps', () => {
    expect(axisTicks(500000)).toEqual([500000, 400000, 300000, 200000, 100000, 0]);
    expect(axisTicks(750000)).toEqual([800000, 600000, 400000, 200000, 0]);
    expect(axisTicks(123)).toEqual([125, 100, 75, 50, 25, 0]);
    expect(axisTicks(0)).toEqual([10000, 5000, 0]);
  });

  it('puts every gridline on a whole paisa, however small or large the tallest bar', () => {
    expect(axisTicks(3)).toEqual([3, 2, 1, 0]);
    expect(axisTicks(7)).toEqual([8, 6, 4, 2, 0]);
    expect(axisTicks(12)).toEqual([15, 10, 5, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Math.floor(Number.MAX_SAFE_INTEGER / 20) }), (max) => {
        const ticks = axisTicks(max);
        expect(ticks.every(Number.isSafeInteger)).toBe(true);
        expect(ticks[0]).toBeGreaterThanOrEqual(max);
        expect(ticks.at(-1)).toBe(0);
        expect(ticks.length).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('labels days and months', () => {
    expect(periodLabel('2026-04-07', 'day')).toBe('7 Apr');
    expect(periodLabel('2026-04', 'month')).toBe('Apr 2026');
    expect(compactRupees(500000)).toBe('₹5K');
    expect(compactRupees(50000000)).toBe('₹5L');
    expect(compactRupees(-123456789)).toBe('-₹12.3L');
    expect(compactRupees(15)).toBe('₹0.2');
    expect(compactRupees(Number.MAX_SAFE_INTEGER)).toBe('₹90.1LCr');
  });
});

describe('the answer of a charged operation', () => {
  it('tells the wallet’s refusal from the form’s own errors', () => {
    expect(outcomeOf({ ok: true })).toEqual({ status: 'completed', charge: null });
    expect(outcomeOf({ ok: false, status: 402, message: 'Insufficient wallet balance' })).toEqual({
      status: 'refused',
      message: 'Insufficient wallet balance',
    });
    expect(outcomeOf({ ok: false, status: 400, message: 'Please fill all required fields correctly' })).toEqual({ status: 'aborted' });
  });
});
