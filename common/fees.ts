import { invoiceMessages, type InvoiceLineInput, type InvoiceLineView, type InvoiceStatus, type InvoiceTotals } from './contracts/invoices';

/**
 * The arithmetic of invoices, shared by the API, the screens and the documents so that a total
 * typed on a screen is the total issued and printed. Amounts are integer paise, tax rates basis
 * points (1800 is 18%); products such as quantity × rate × rate of tax can pass 2^53, so every
 * division works on bigint.
 */

/** Within the institute's state (CGST + SGST) or across states (IGST). */
export type Supply = 'intra' | 'inter';

/** A place of supply not known is taken as the institute's own state. */
export function supplyOf(instituteStateCode: string, placeStateCode: string | null): Supply {
  return placeStateCode === null || placeStateCode === instituteStateCode ? 'intra' : 'inter';
}

/** numerator / denominator rounded half up (towards +∞ at exactly one half), for a positive denominator. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const twice = 2n * numerator + denominator;
  const divisor = 2n * denominator;
  const quotient = twice / divisor;
  // bigint division truncates towards zero; a floor is wanted below zero.
  return twice % divisor < 0n ? quotient - 1n : quotient;
}

type LineFigures = Pick<InvoiceLineInput, 'quantity' | 'rate' | 'discount' | 'taxRate'>;
type LineAmounts = Pick<InvoiceLineView, 'amount' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;

/** Each tax is rounded on its own line, so the invoice's taxes are the sums of what the lines show. */
export function lineAmounts(line: LineFigures, supply: Supply, charged: boolean): LineAmounts {
  const amount = BigInt(line.quantity) * BigInt(line.rate);
  const taxable = amount - BigInt(line.discount);
  const tax = charged ? taxable * BigInt(line.taxRate) : 0n;
  const half = supply === 'intra' ? roundHalfUp(tax, 20_000n) : 0n;
  const igst = supply === 'inter' ? roundHalfUp(tax, 10_000n) : 0n;
  return {
    amount: Number(amount),
    taxable: Number(taxable),
    cgst: Number(half),
    sgst: Number(half),
    igst: Number(igst),
    total: Number(taxable + 2n * half + igst),
  };
}

export function invoiceLines(lines: InvoiceLineInput[], supply: Supply, charged: boolean): InvoiceLineView[] {
  return lines.map((line) => ({ ...line, ...lineAmounts(line, supply, charged) }));
}

/** Totals are sums of the rounded lines, never worked out again from the invoice as a whole. */
export function sumLines(lines: InvoiceLineView[]): InvoiceTotals {
  const totals: InvoiceTotals = { amount: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  for (const line of lines) {
    for (const key of Object.keys(totals) as (keyof InvoiceTotals)[]) totals[key] += line[key];
  }
  return totals;
}

/** What is wrong with one line that the line's own field rules cannot see, or null. */
export function lineProblem(line: InvoiceLineInput): string | null {
  if (line.description.trim() === '') return invoiceMessages.descriptionRequired;
  if (!(line.quantity > 0)) return invoiceMessages.negativeQuantity;
  if (line.rate < 0) return invoiceMessages.negativeRate;
  if (BigInt(line.discount) > BigInt(line.quantity) * BigInt(line.rate)) return invoiceMessages.discountAboveLine;
  return null;
}

const ONES = [
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
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99: "Seven", "Twenty-Three", "Forty". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]!}`;
}

/** Indian grouping: crore (10^7), lakh (10^5), thousand, hundred; a count of crores is itself written out. */
function inWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${inWords(crores)} Crore`);
  const groups: [number, string][] = [
    [Math.floor(n / 100_000) % 100, 'Lakh'],
    [Math.floor(n / 1_000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  for (const [count, name] of groups) if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
  if (n % 100 > 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** 12345678 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Expected a whole, non-negative number of paise, got ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : inWords(rupees);
  return `Rupees ${rupeeWords}${rest > 0 ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** "2026-04-01" → "2026-27"; "2027-03-31" → "2026-27": April to March. */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** "NC", "2026-27", 42 → "NC/2026-27/00042"; more digits once past 99999. */
export function seriesNumber(prefix: string, financialYear: string, n: number): string {
  return `${prefix}/${financialYear}/${String(n).padStart(5, '0')}`;
}

/** "NC", "2026-27", 1 → "NC/CN/2026-27/00001". */
export function creditNoteNumber(prefix: string, financialYear: string, n: number): string {
  return seriesNumber(`${prefix}/CN`, financialYear, n);
}

/** "NC", "2026-27", 1 → "NC/RC/2026-27/00001". */
export function receiptNumber(prefix: string, financialYear: string, n: number): string {
  return seriesNumber(`${prefix}/RC`, financialYear, n);
}

/** The law's wording: a registered supplier charging tax issues a tax invoice, otherwise a bill of supply. */
export function documentTitle(charged: boolean, totals: InvoiceTotals): 'Tax Invoice' | 'Bill of Supply' {
  return charged && totals.cgst + totals.sgst + totals.igst > 0 ? 'Tax Invoice' : 'Bill of Supply';
}

/** Whether `rate` is one of the rates in force on `date`; both ends of a rate's days are in force. */
export function rateInForce(rates: { rate: number; from: string; until: string | null }[], rate: number, date: string): boolean {
  return rates.some((r) => r.rate === rate && r.from <= date && (r.until === null || date <= r.until));
}

/** The distinct rates in force on `date`, lowest first: what a line dated that day may charge. */
export function ratesInForce(rates: { rate: number; from: string; until: string | null }[], date: string): number[] {
  return [...new Set(rates.map((r) => r.rate))].filter((rate) => rateInForce(rates, rate, date)).sort((a, b) => a - b);
}

/** A rate in basis points as people write it: "18%", "0.25%". */
export const ratePercent = (basisPoints: number) => `${basisPoints / 100}%`;

/** Overdue is an issued invoice with something still due after its due date. */
export function invoiceStatus(input: {
  issued: boolean;
  cancelled: boolean;
  total: number;
  paid: number;
  dueDate: string;
  today: string;
}): InvoiceStatus {
  if (input.cancelled) return 'cancelled';
  if (!input.issued) return 'draft';
  if (input.paid >= input.total) return 'paid';
  if (input.today > input.dueDate) return 'overdue';
  return input.paid > 0 ? 'part-paid' : 'issued';
}
