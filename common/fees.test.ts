import { describe, expect, it } from 'vitest';
import { invoiceMessages, type InvoiceLineInput } from './contracts/invoices';
import {
  amountInWords,
  creditNoteNumber,
  documentTitle,
  financialYear,
  invoiceLines,
  invoiceStatus,
  lineAmounts,
  lineProblem,
  rateInForce,
  ratePercent,
  ratesInForce,
  receiptNumber,
  seriesNumber,
  sumLines,
  supplyOf,
} from './fees';

const line = (figures: Partial<InvoiceLineInput>): InvoiceLineInput => ({
  kind: 'courseFee',
  description: 'Course fee',
  sac: '999293',
  quantity: 1,
  rate: 0,
  discount: 0,
  taxRate: 0,
  ...figures,
});

describe('supplyOf', () => {
  it('is within the state when the place of supply is the institute’s state or not known', () => {
    expect(supplyOf('27', '27')).toBe('intra');
    expect(supplyOf('27', null)).toBe('intra');
    expect(supplyOf('27', '29')).toBe('inter');
  });
});

describe('lineAmounts', () => {
  it('splits GST within the state into CGST and SGST, each half of the rate', () => {
    // ₹25,000 less ₹1,000 at 18%: 9% of ₹24,000 each.
    expect(lineAmounts({ quantity: 1, rate: 2_500_000, discount: 100_000, taxRate: 1800 }, 'intra', true)).toEqual({
      amount: 2_500_000,
      taxable: 2_400_000,
      cgst: 216_000,
      sgst: 216_000,
      igst: 0,
      total: 2_832_000,
    });
  });

  it('charges IGST across states', () => {
    expect(lineAmounts({ quantity: 3, rate: 500_000, discount: 0, taxRate: 1800 }, 'inter', true)).toEqual({
      amount: 1_500_000,
      taxable: 1_500_000,
      cgst: 0,
      sgst: 0,
      igst: 270_000,
      total: 1_770_000,
    });
  });

  it('rounds each tax to the paisa, half up', () => {
    // 9% of 50 paise is 4.5 paise: 5 each; 18% of 25 paise is 4.5 paise: 5.
    expect(lineAmounts({ quantity: 1, rate: 50, discount: 0, taxRate: 1800 }, 'intra', true)).toMatchObject({
      cgst: 5,
      sgst: 5,
      total: 60,
    });
    expect(lineAmounts({ quantity: 1, rate: 25, discount: 0, taxRate: 1800 }, 'inter', true)).toMatchObject({ igst: 5, total: 30 });
    // 9% of 49 paise is 4.41 paise: 4; 18% of 24 paise is 4.32 paise: 4.
    expect(lineAmounts({ quantity: 1, rate: 49, discount: 0, taxRate: 1800 }, 'intra', true)).toMatchObject({ cgst: 4, sgst: 4 });
    expect(lineAmounts({ quantity: 1, rate: 24, discount: 0, taxRate: 1800 }, 'inter', true)).toMatchObject({ igst: 4 });
  });

  it('stays exact where quantity × rate × rate of tax passes 2^53', () => {
    // 18% of 99,999,999,990,025 paise is 17,999,999,998,204.5 paise.
    expect(lineAmounts({ quantity: 10_000, rate: 10_000_000_000, discount: 9_975, taxRate: 1800 }, 'inter', true)).toEqual({
      amount: 100_000_000_000_000,
      taxable: 99_999_999_990_025,
      cgst: 0,
      sgst: 0,
      igst: 17_999_999_998_205,
      total: 117_999_999_988_230,
    });
  });

  it('charges no tax for an institute not registered', () => {
    expect(lineAmounts({ quantity: 2, rate: 100_000, discount: 0, taxRate: 1800 }, 'intra', false)).toEqual({
      amount: 200_000,
      taxable: 200_000,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 200_000,
    });
    expect(lineAmounts({ quantity: 2, rate: 100_000, discount: 0, taxRate: 1800 }, 'inter', false)).toMatchObject({
      igst: 0,
      total: 200_000,
    });
  });

  it('takes a discount equal to the line down to nothing', () => {
    expect(lineAmounts({ quantity: 2, rate: 5_000, discount: 10_000, taxRate: 1800 }, 'intra', true)).toEqual({
      amount: 10_000,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
    });
  });
});

describe('invoiceLines and sumLines', () => {
  it('keeps each line’s input beside its amounts, and totals the rounded lines', () => {
    const lines = invoiceLines(
      [line({ rate: 50, taxRate: 1800 }), line({ kind: 'books', description: 'Books', sac: '4901', rate: 50, taxRate: 1800 })],
      'intra',
      true,
    );
    expect(lines[1]).toMatchObject({ kind: 'books', description: 'Books', sac: '4901', taxable: 50, cgst: 5, sgst: 5, total: 60 });
    // Rounded on the whole, 9% of ₹1 would be 9 paise; the invoice shows what its lines show.
    expect(sumLines(lines)).toEqual({ amount: 100, discount: 0, taxable: 100, cgst: 10, sgst: 10, igst: 0, total: 120 });
  });

  it('sums discounts and IGST', () => {
    const lines = invoiceLines(
      [line({ quantity: 2, rate: 1_000_000, discount: 50_000, taxRate: 1800 }), line({ rate: 300_000, taxRate: 500 })],
      'inter',
      true,
    );
    expect(sumLines(lines)).toEqual({
      amount: 2_300_000,
      discount: 50_000,
      taxable: 2_250_000,
      cgst: 0,
      sgst: 0,
      igst: 351_000 + 15_000,
      total: 2_250_000 + 366_000,
    });
  });

  it('totals nothing as zero', () => {
    expect(sumLines([])).toEqual({ amount: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
  });
});

describe('lineProblem', () => {
  it('allows a discount up to the line amount', () => {
    expect(lineProblem(line({ quantity: 2, rate: 5_000, discount: 10_000 }))).toBeNull();
    expect(lineProblem(line({ quantity: 2, rate: 5_000, discount: 0 }))).toBeNull();
  });

  it('refuses a discount above the line amount', () => {
    expect(lineProblem(line({ quantity: 2, rate: 5_000, discount: 10_001 }))).toBe(invoiceMessages.discountAboveLine);
    expect(lineProblem(line({ rate: 0, discount: 1 }))).toBe(invoiceMessages.discountAboveLine);
  });

  it('refuses a line without a description, quantity or a rate below zero', () => {
    expect(lineProblem(line({ description: '  ' }))).toBe(invoiceMessages.descriptionRequired);
    expect(lineProblem(line({ quantity: 0 }))).toBe(invoiceMessages.negativeQuantity);
    expect(lineProblem(line({ quantity: -1 }))).toBe(invoiceMessages.negativeQuantity);
    expect(lineProblem(line({ rate: -1 }))).toBe(invoiceMessages.negativeRate);
  });
});

describe('financialYear', () => {
  it('runs from April to March', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2026-12-31')).toBe('2026-27');
    expect(financialYear('2027-01-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-04-01')).toBe('2027-28');
  });

  it('writes the second year in two digits across a century', () => {
    expect(financialYear('2099-04-01')).toBe('2099-00');
    expect(financialYear('2000-03-31')).toBe('1999-00');
    expect(financialYear('2008-04-01')).toBe('2008-09');
  });
});

describe('series numbers', () => {
  it('numbers an invoice by prefix, financial year and five digits', () => {
    expect(seriesNumber('NC', '2026-27', 42)).toBe('NC/2026-27/00042');
    expect(seriesNumber('HO', '2026-27', 1)).toBe('HO/2026-27/00001');
    expect(seriesNumber('NC', '2026-27', 99_999)).toBe('NC/2026-27/99999');
  });

  it('takes more digits past 99999', () => {
    expect(seriesNumber('NC', '2026-27', 100_000)).toBe('NC/2026-27/100000');
    expect(seriesNumber('NC', '2026-27', 1_234_567)).toBe('NC/2026-27/1234567');
  });

  it('numbers credit notes and receipts in series of their own', () => {
    expect(creditNoteNumber('NC', '2026-27', 1)).toBe('NC/CN/2026-27/00001');
    expect(receiptNumber('NC', '2026-27', 1)).toBe('NC/RC/2026-27/00001');
    expect(receiptNumber('HO', '2025-26', 123_456)).toBe('HO/RC/2025-26/123456');
  });

  it('numbers invoices at the March/April boundary in the year each falls in', () => {
    expect(seriesNumber('NC', financialYear('2027-03-31'), 812)).toBe('NC/2026-27/00812');
    expect(seriesNumber('NC', financialYear('2027-04-01'), 1)).toBe('NC/2027-28/00001');
  });
});

describe('documentTitle', () => {
  const totals = { amount: 10_000, discount: 0, taxable: 10_000, cgst: 0, sgst: 0, igst: 0, total: 10_000 };

  it('is a tax invoice when a registered institute charges tax', () => {
    expect(documentTitle(true, { ...totals, cgst: 900, sgst: 900, total: 11_800 })).toBe('Tax Invoice');
    expect(documentTitle(true, { ...totals, igst: 1, total: 10_001 })).toBe('Tax Invoice');
  });

  it('is a bill of supply when no tax is charged', () => {
    expect(documentTitle(true, totals)).toBe('Bill of Supply');
    expect(documentTitle(false, totals)).toBe('Bill of Supply');
    expect(documentTitle(false, { ...totals, igst: 1800 })).toBe('Bill of Supply');
  });
});

describe('rateInForce', () => {
  const rates = [
    { rate: 1200, from: '2017-07-01', until: '2025-09-21' },
    { rate: 1800, from: '2017-07-01', until: null },
    { rate: 4000, from: '2025-09-22', until: null },
  ];

  it('is in force from its first day to its last, both included', () => {
    expect(rateInForce(rates, 1200, '2017-07-01')).toBe(true);
    expect(rateInForce(rates, 1200, '2025-09-21')).toBe(true);
    expect(rateInForce(rates, 4000, '2025-09-22')).toBe(true);
  });

  it('is not in force before its first day or after its last', () => {
    expect(rateInForce(rates, 1200, '2017-06-30')).toBe(false);
    expect(rateInForce(rates, 1200, '2025-09-22')).toBe(false);
    expect(rateInForce(rates, 4000, '2025-09-21')).toBe(false);
  });

  it('stays in force without an end, and refuses a rate not listed', () => {
    expect(rateInForce(rates, 1800, '2099-12-31')).toBe(true);
    expect(rateInForce(rates, 500, '2026-01-01')).toBe(false);
    expect(rateInForce([], 0, '2026-01-01')).toBe(false);
  });
});

describe('ratesInForce', () => {
  const rates = [
    { rate: 1800, from: '2017-07-01', until: null },
    { rate: 1200, from: '2017-07-01', until: '2025-09-21' },
    { rate: 1800, from: '2026-04-01', until: null },
    { rate: 500, from: '2025-09-22', until: null },
  ];

  it('lists each rate in force on the day once, lowest first', () => {
    expect(ratesInForce(rates, '2025-09-21')).toEqual([1200, 1800]);
    expect(ratesInForce(rates, '2026-04-01')).toEqual([500, 1800]);
    expect(ratesInForce([], '2026-04-01')).toEqual([]);
    expect(ratePercent(1800)).toBe('18%');
    expect(ratePercent(25)).toBe('0.25%');
  });
});

describe('invoiceStatus', () => {
  const issued = { issued: true, cancelled: false, total: 10_000, paid: 0, dueDate: '2026-05-15', today: '2026-05-01' };

  it('names each status', () => {
    expect(invoiceStatus({ ...issued, issued: false })).toBe('draft');
    expect(invoiceStatus(issued)).toBe('issued');
    expect(invoiceStatus({ ...issued, paid: 4_000 })).toBe('part-paid');
    expect(invoiceStatus({ ...issued, paid: 10_000 })).toBe('paid');
    expect(invoiceStatus({ ...issued, cancelled: true })).toBe('cancelled');
  });

  it('is overdue after the due date while something is due, not on it', () => {
    expect(invoiceStatus({ ...issued, today: '2026-05-15' })).toBe('issued');
    expect(invoiceStatus({ ...issued, today: '2026-05-16' })).toBe('overdue');
    expect(invoiceStatus({ ...issued, paid: 4_000, today: '2026-05-16' })).toBe('overdue');
    expect(invoiceStatus({ ...issued, paid: 10_000, today: '2026-05-16' })).toBe('paid');
  });

  it('keeps a draft or a cancelled invoice out of overdue', () => {
    expect(invoiceStatus({ ...issued, issued: false, today: '2026-06-01' })).toBe('draft');
    expect(invoiceStatus({ ...issued, cancelled: true, today: '2026-06-01' })).toBe('cancelled');
  });

  it('counts an issued invoice of nothing as paid', () => {
    expect(invoiceStatus({ ...issued, total: 0 })).toBe('paid');
  });
});

describe('amountInWords', () => {
  it('writes rupees and paise in Indian style', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1)).toBe('Rupees Zero and One Paise Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(12_345_678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
  });

  it('writes tens with a hyphen and round tens without', () => {
    expect(amountInWords(2_300)).toBe('Rupees Twenty-Three Only');
    expect(amountInWords(4_000)).toBe('Rupees Forty Only');
    expect(amountInWords(1_190)).toBe('Rupees Eleven and Ninety Paise Only');
    expect(amountInWords(10_100)).toBe('Rupees One Hundred One Only');
  });

  it('groups by thousand, lakh and crore', () => {
    expect(amountInWords(100_000)).toBe('Rupees One Thousand Only');
    expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(1_000_000_000)).toBe('Rupees One Crore Only');
    expect(amountInWords(10_000_000_000)).toBe('Rupees Ten Crore Only');
    expect(amountInWords(9_999_999_999)).toBe(
      'Rupees Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
  });

  it('writes a count of crores above 99 in words of its own', () => {
    expect(amountInWords(100 * 1_000_000_000)).toBe('Rupees One Hundred Crore Only');
    expect(amountInWords(123 * 1_000_000_000)).toBe('Rupees One Hundred Twenty-Three Crore Only');
    expect(amountInWords(123_405_000_000_001)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Five Crore and One Paise Only');
  });

  it('refuses a fraction of a paisa or an amount below zero', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });
});
