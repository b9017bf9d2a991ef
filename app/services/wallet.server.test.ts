import { describe, expect, it } from 'vitest';
import { transactionFilters } from './wallet.server';

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
