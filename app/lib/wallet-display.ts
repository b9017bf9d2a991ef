/** The page sizes the Transactions screen offers. */
export const TRANSACTION_PAGE_SIZES = [10, 20, 50, 100] as const;
