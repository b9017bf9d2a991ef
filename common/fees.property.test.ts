import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceLineInput, InvoiceLineView } from './contracts/invoices';
import { amountInWords, invoiceLines, sumLines, type Supply } from './fees';

const line: fc.Arbitrary<InvoiceLineInput> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 10_000 }),
    rate: fc.integer({ min: 0, max: 100_000_000 }),
    taxRate: fc.constantFrom(0, 500, 1200, 1800, 2800, 4000),
  })
  .chain((figures) =>
    fc.bigInt({ min: 0n, max: BigInt(figures.quantity * figures.rate) }).map((discount) => ({
      kind: 'other' as const,
      description: 'Line',
      sac: '',
      ...figures,
      discount: Number(discount),
    })),
  );
const supply = fc.constantFrom<Supply>('intra', 'inter');

/** 2 × tax × 10000 − 2 × taxable × rate lies in (−10000, 10000]: the tax is the exact figure rounded half up. */
function roundedHalfUp(tax: number, taxable: number, taxRate: number, share: bigint): boolean {
  const off = 2n * BigInt(tax) * share - 2n * BigInt(taxable) * BigInt(taxRate);
  return off > -share && off <= share;
}

describe('invoice arithmetic (property)', () => {
  it('keeps every amount a whole number at or above zero, each line its taxable plus its taxes, and the totals the sums of the lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), supply, fc.boolean(), (inputs, supply, charged) => {
        const lines = invoiceLines(inputs, supply, charged);
        const totals = sumLines(lines);
        const amounts = (row: Pick<InvoiceLineView, 'amount' | 'discount' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>) => [
          row.amount,
          row.discount,
          row.taxable,
          row.cgst,
          row.sgst,
          row.igst,
          row.total,
        ];
        for (const [index, view] of lines.entries()) {
          const input = inputs[index]!;
          for (const amount of amounts(view)) expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          expect(view.amount).toBe(input.quantity * input.rate);
          expect(view.taxable).toBe(view.amount - input.discount);
          expect(view.total).toBe(view.taxable + view.cgst + view.sgst + view.igst);
          if (!charged) expect([view.cgst, view.sgst, view.igst]).toEqual([0, 0, 0]);
          else if (supply === 'intra') {
            expect(view.igst).toBe(0);
            expect(view.sgst).toBe(view.cgst);
            expect(roundedHalfUp(view.cgst, view.taxable, input.taxRate, 20_000n)).toBe(true);
          } else {
            expect([view.cgst, view.sgst]).toEqual([0, 0]);
            expect(roundedHalfUp(view.igst, view.taxable, input.taxRate, 10_000n)).toBe(true);
          }
        }
        for (const amount of amounts(totals)) expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        for (const key of ['amount', 'discount', 'taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
          expect(totals[key]).toBe(lines.reduce((sum, view) => sum + view[key], 0));
        }
        expect(totals.taxable).toBe(totals.amount - totals.discount);
        expect(totals.total).toBe(totals.taxable + totals.cgst + totals.sgst + totals.igst);
      }),
      { numRuns: 500 },
    );
  });
});

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99 as one word: "Seven", "Forty", "Twenty-Three"; a hyphen never joins a round ten or a teen. */
function wordBelowHundred(word: string): number {
  if (UNITS.indexOf(word) > 0) return UNITS.indexOf(word);
  const [tens = '', units, ...rest] = word.split('-');
  const ten = (TENS.indexOf(tens) + 2) * 10;
  const unit = units === undefined ? 0 : UNITS.indexOf(units);
  if (ten >= 20 && rest.length === 0 && (units === undefined || (unit >= 1 && unit <= 9))) return ten + unit;
  throw new Error(`Not a number below a hundred: ${word}`);
}

/** Reads Indian grouping back; everything said before "Crore" is the count of crores. */
function numberFromWords(text: string): number {
  if (text === 'Zero') return 0;
  let total = 0;
  let group = 0;
  for (const word of text.split(' ')) {
    if (word === 'Crore') [total, group] = [(total + group) * 10_000_000, 0];
    else if (word === 'Lakh') [total, group] = [total + group * 100_000, 0];
    else if (word === 'Thousand') [total, group] = [total + group * 1_000, 0];
    else if (word === 'Hundred') group *= 100;
    else group += wordBelowHundred(word);
  }
  return total + group;
}

function paiseFromWords(words: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(words);
  if (!match) throw new Error(`Not an amount in words: ${words}`);
  const [, rupees, paise] = match;
  return numberFromWords(rupees!) * 100 + (paise === undefined ? 0 : wordBelowHundred(paise));
}

describe('amount in words (property)', () => {
  it('reads back to the same number of paise, from nothing to ten crore rupees', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 10n }), (amount) => {
        const paise = Number(amount);
        const words = amountInWords(paise);
        expect(paiseFromWords(words)).toBe(paise);
        expect(words.includes(' and ')).toBe(paise % 100 > 0);
        expect(words).not.toContain('  ');
        // "Zero" only for no rupees at all, right after "Rupees".
        expect(words.indexOf('Zero')).toBe(paise < 100 ? 'Rupees '.length : -1);
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads back every amount up to ₹2,000 and around each group’s boundary', () => {
    const boundaries = [1_000, 100_000, 10_000_000, 1_000_000_000, 10_000_000_000].flatMap((rupees) => [
      rupees * 100 - 1,
      rupees * 100,
      rupees * 100 + 1,
    ]);
    const amounts = [...Array.from({ length: 200_001 }, (_, paise) => paise), ...boundaries];
    expect(amounts.filter((paise) => paiseFromWords(amountInWords(paise)) !== paise)).toEqual([]);
  });
});
