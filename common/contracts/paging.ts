import { z } from 'zod';

/**
 * `?page=` and `?limit=` of every paged list. The page is bounded far past any list, so the
 * offset it makes stays a number PostgreSQL reads: an unbounded page overflowed its bigint.
 */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** Where a page of a paged list stands in the whole list. */
export const pageFields = (total: string) => ({
  total: z.number().int().describe(total),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
