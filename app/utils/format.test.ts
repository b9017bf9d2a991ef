import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatRupees, initialsOf, parseRupees } from './format';

describe('formatRupees', () => {
  test.each([
    [12345678, '₹1,23,456.78'],
    [0, '₹0.00'],
    [-0, '₹0.00'],
    [1, '₹0.01'],
    [10, '₹0.10'],
    [99, '₹0.99'],
    [100, '₹1.00'],
    [50000, '₹500.00'],
    [10000000, '₹1,00,000.00'],
    [1234567890, '₹1,23,45,678.90'],
    [-500, '-₹5.00'],
    [-12345678, '-₹1,23,456.78'],
    [Number.MAX_SAFE_INTEGER, '₹9,00,71,99,25,47,409.91'],
  ])('%s paise is %s', (paise, expected) => {
    expect(formatRupees(paise)).toBe(expected);
  });

  test('bigint amounts beyond 2^53 keep every digit', () => {
    expect(formatRupees(12345678901234567890n)).toBe('₹1,23,45,67,89,01,23,45,678.90');
    expect(formatRupees(2n ** 64n)).toBe('₹1,84,46,74,40,73,70,95,516.16');
    expect(formatRupees(-(2n ** 63n))).toBe('-₹92,23,37,20,36,85,47,758.08');
    expect(formatRupees(0n)).toBe('₹0.00');
    expect(formatRupees(-1n)).toBe('-₹0.01');
  });

  test('a number and the same bigint format alike', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        expect(formatRupees(paise)).toBe(formatRupees(BigInt(paise)));
      }),
    );
  });

  test.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('%s is not a whole number of paise', (paise) => {
    expect(() => formatRupees(paise)).toThrow(RangeError);
  });
});

describe('parseRupees', () => {
  test.each([
    ['1,23,456.78', 12345678],
    ['123,456.78', 12345678],
    ['123456.78', 12345678],
    ['₹ 500', 50000],
    ['₹500', 50000],
    ['₹1,23,456.78', 12345678],
    ['Rs. 500', 50000],
    ['rs 500', 50000],
    ['INR 1,000', 100000],
    ['500.5', 50050],
    ['500.05', 50005],
    ['.5', 50],
    ['0.01', 1],
    ['0', 0],
    ['0.00', 0],
    ['007', 700],
    ['  42  ', 4200],
    ['12,34,567', 123456700],
    ['1,234', 123400],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('%j is %s paise', (text, paise) => {
    expect(parseRupees(text)).toBe(paise);
  });

  test.each([
    '',
    '   ',
    '₹',
    '.',
    '500.',
    '500.123',
    '0.001',
    '-500',
    '-₹500',
    '₹-500',
    '+500',
    '5e3',
    '1_000',
    '1 000',
    'abc',
    '500abc',
    '12.34.56',
    ',500',
    '500,',
    '1,,000',
    '1,2,3',
    '123,45,678',
    '1,23,4567',
    '₹₹500',
    'Infinity',
    'NaN',
    '0x10',
    '90071992547409.92',
    '99999999999999999999',
  ])('%j is refused', (text) => {
    expect(parseRupees(text)).toBeNull();
  });

  test('what formatRupees prints parses back to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        expect(parseRupees(formatRupees(paise))).toBe(paise);
      }),
    );
  });

  test('plain rupees with up to two decimals parse without floating-point error', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(parseRupees(text)).toBe(Number(whole * 100n + BigInt(cents)));
      }),
    );
  });
});

describe('formatDate and formatDateTime', () => {
  // 08:35 UTC is 14:05 in India (UTC+05:30).
  const instant = new Date('2026-11-23T08:35:00Z');

  test('a Date in India', () => {
    expect(formatDate(instant)).toBe('23 Nov 2026');
    expect(formatDateTime(instant)).toBe('23 Nov 2026, 2:05 pm');
  });

  test('an ISO string or a timestamp gives the same text', () => {
    expect(formatDate('2026-11-23T08:35:00Z')).toBe('23 Nov 2026');
    expect(formatDateTime('2026-11-23T08:35:00.000Z')).toBe('23 Nov 2026, 2:05 pm');
    expect(formatDateTime(instant.getTime())).toBe('23 Nov 2026, 2:05 pm');
  });

  test('the day is India’s day, not UTC’s', () => {
    // 20:00 UTC on the 22nd is 01:30 on the 23rd in India.
    expect(formatDateTime('2026-11-22T20:00:00Z')).toBe('23 Nov 2026, 1:30 am');
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23 Nov 2026');
  });

  test('midnight and noon', () => {
    expect(formatDateTime('2026-01-01T00:00:00+05:30')).toBe('1 Jan 2026, 12:00 am');
    expect(formatDateTime('2026-01-01T12:00:00+05:30')).toBe('1 Jan 2026, 12:00 pm');
    expect(formatDateTime('2026-01-01T23:59:00+05:30')).toBe('1 Jan 2026, 11:59 pm');
  });

  test('every month has a three-letter name', () => {
    const names = Array.from({ length: 12 }, (_, month) => formatDate(new Date(Date.UTC(2026, month, 15, 6))));
    expect(names).toEqual([
      '15 Jan 2026',
      '15 Feb 2026',
      '15 Mar 2026',
      '15 Apr 2026',
      '15 May 2026',
      '15 Jun 2026',
      '15 Jul 2026',
      '15 Aug 2026',
      '15 Sep 2026',
      '15 Oct 2026',
      '15 Nov 2026',
      '15 Dec 2026',
    ]);
  });

  test('another time zone on request', () => {
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('23 Nov 2026, 8:35 am');
    expect(formatDate('2026-11-22T20:00:00Z', { timeZone: 'America/New_York' })).toBe('22 Nov 2026');
  });

  test('a date-only string is midnight UTC, shown as that day in India', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
  });

  test.each([null, undefined, '', 'not a date', Number.NaN, new Date('nope')])('%s gives an empty string', (value) => {
    expect(formatDate(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });
});

describe('initialsOf', () => {
  test.each([
    ['Priya Sharma', 'PS'],
    ['  Institute   Admin  ', 'IA'],
    ['Ravi Kumar Rao', 'RR'],
    ['meera', 'ME'],
    ['', '?'],
  ])('%j is %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
