import { describe, expect, it } from 'vitest';
import { decimalRupees } from './money';

describe('decimalRupees', () => {
  it('writes paise as rupees with two decimals, exactly', () => {
    expect(decimalRupees(0)).toBe('0.00');
    expect(decimalRupees(5)).toBe('0.05');
    expect(decimalRupees(-5)).toBe('-0.05');
    expect(decimalRupees(-5000)).toBe('-50.00');
    expect(decimalRupees(123456789)).toBe('1234567.89');
    expect(decimalRupees(9007199254740991)).toBe('90071992547409.91');
    expect(decimalRupees(-(2n ** 64n))).toBe('-184467440737095516.16');
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => decimalRupees(0.5)).toThrow(RangeError);
  });
});
