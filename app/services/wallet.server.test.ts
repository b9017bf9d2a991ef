import { describe, expect, it } from 'vitest';
import type { WalletTransaction } from '../../common/wallet';
import { CSV_HEADER, csvDateTime, csvField, csvFileName, csvRow, transactionFilters, transactionsCsv } from './wallet.server';
import type { AuthedApi } from './auth.server';

const entry = (overrides: Partial<WalletTransaction> = {}): WalletTransaction => ({
  _id: 'tx-1',
  id: 'tx-1',
  branchId: 'branch-1',
  branchName: 'North Campus',
  kind: 'charge',
  amount: -5000,
  balanceAfter: 495000,
  operationKey: 'ADD_STUDENT',
  operationName: 'Add Student',
  referenceId: 'student-1',
  refundOf: null,
  refundedBy: null,
  note: '',
  actorId: null,
  createdAt: '2026-04-01T04:00:00.000Z',
  ...overrides,
});

describe('transaction filters from the address', () => {
  it('keeps what is valid and drops the rest', () => {
    const filters = transactionFilters(
      new URLSearchParams(
        'kind=charge&operationKey=add_student&from=2026-04-01&to=bad&page=3&limit=50&sortBy=amount&order=asc&search= ref ',
      ),
    );
    expect(filters).toEqual({
      kind: 'charge',
      operationKey: 'ADD_STUDENT',
      from: '2026-04-01',
      search: 'ref',
      sortBy: 'amount',
      order: 'asc',
      page: 3,
      limit: 50,
    });
  });

  it('falls back to the first page of twenty, newest first', () => {
    expect(transactionFilters(new URLSearchParams('kind=gift&page=0&limit=7&sortBy=name&branchId='))).toEqual({
      sortBy: 'createdAt',
      order: 'desc',
      page: 1,
      limit: 20,
    });
  });
});

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+91 98100')).toBe("'+91 98100");
    expect(csvField('-50.00', { text: false })).toBe('-50.00');
    expect(csvField(null)).toBe('');
  });

  it('dates rows in India’s time', () => {
    expect(csvDateTime('2026-04-01T04:00:00.000Z')).toBe('2026-04-01 09:30:00');
    expect(csvDateTime('2026-03-31T18:30:00.000Z')).toBe('2026-04-01 00:00:00');
  });

  it('writes one line per ledger entry under the header', () => {
    expect(CSV_HEADER.join(',')).toBe('Date (IST),Branch,Type,Operation,Amount (INR),Balance after (INR),Reference,Note,Transaction ID');
    expect(csvRow(entry())).toBe('2026-04-01 09:30:00,North Campus,Charge,Add Student,-50.00,4950.00,student-1,,tx-1');
    expect(
      csvRow(
        entry({ kind: 'credit', amount: 150050, operationKey: null, operationName: null, referenceId: 'UPI, 42', note: 'Top-up "April"' }),
      ),
    ).toBe('2026-04-01 09:30:00,North Campus,Top-up,,1500.50,4950.00,"UPI, 42","Top-up ""April""",tx-1');
  });

  it('names the file by its dates', () => {
    const base = transactionFilters(new URLSearchParams());
    expect(csvFileName(base, '2026-04-30')).toBe('wallet-transactions-2026-04-30.csv');
    expect(csvFileName({ ...base, from: '2026-04-01' }, '2026-04-30')).toBe('wallet-transactions-2026-04-01-to-2026-04-30.csv');
  });

  it('streams every page the API has, a hundred at a time', async () => {
    const asked: unknown[] = [];
    const api: AuthedApi = {
      async call<Data>(_method: string, _path: string, request?: { query?: Record<string, unknown> }) {
        asked.push(request?.query);
        const page = Number(request?.query?.page);
        const transactions = page <= 3 ? [entry({ id: `tx-${page}` })] : [];
        return { ok: true, status: 200, message: '', data: { transactions, total: 3, page, limit: 100, totalPages: 3 } as Data };
      },
    };
    const result = await transactionsCsv(api, transactionFilters(new URLSearchParams('kind=charge&page=4&limit=10')));
    expect(result.ok).toBe(true);
    const text = await new Response((result as { data: ReadableStream }).data).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['tx-1', 'tx-2', 'tx-3']);
    expect(asked).toEqual([1, 2, 3].map((page) => expect.objectContaining({ kind: 'charge', page, limit: 100 })));
  });

  it('answers the API’s refusal instead of an empty file', async () => {
    const api: AuthedApi = {
      async call() {
        return { ok: false, status: 403, message: 'Forbidden' };
      },
    };
    expect(await transactionsCsv(api, transactionFilters(new URLSearchParams()))).toEqual({ ok: false, status: 403, message: 'Forbidden' });
  });
});
