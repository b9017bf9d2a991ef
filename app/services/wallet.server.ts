import { z } from 'zod';
import { walletContract, type WalletBalance } from '../../common/contracts/wallet';
import type { BodyOf, QueryOf } from '../../common/contracts/endpoint';
import { ledgerKinds, OPERATION_KEY_PATTERN } from '../../common/wallet';
import { TRANSACTION_PAGE_SIZES } from '~/lib/wallet-display';
import { callEndpoint, type ApiResult } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';
import { canOpen, findAdminRoute } from '~/lib/route-registry';

/** Calls to /api/v1/wallet (docs/decisions/007-wallet-base-path-and-ledger.md); amounts in paise. */

const EVERY_BRANCH = ['WALLET_VIEW_ALL', 'WALLET_MANAGE_ALL'];

/** Who may refund charges and correct balances by hand (the API checks it again). */
export function managesWallets(user: Pick<SessionUser, 'permissions'>): boolean {
  return user.permissions.includes('WALLET_MANAGE_ALL');
}

/** Institute staff who read every branch's wallet; a branch's own staff see only theirs. */
export function seesEveryBranch(user: Pick<SessionUser, 'branchId' | 'permissions'>): boolean {
  return !user.branchId && user.permissions.some((name) => EVERY_BRANCH.includes(name));
}

export function listWalletBalances(api: AuthedApi) {
  return callEndpoint(api, walletContract.balances);
}

export function currentWalletBalance(api: AuthedApi) {
  return callEndpoint(api, walletContract.currentBalance);
}

/**
 * The balances a screen may show: every branch for institute staff, the caller's own otherwise.
 * A branch user without a view permission still reads their own balance through /balance/current.
 */
export async function visibleBalances(api: AuthedApi, user: SessionUser): Promise<ApiResult<WalletBalance[]>> {
  if (user.branchId) {
    const own = await currentWalletBalance(api);
    return own.ok ? { ...own, data: [own.data] } : own;
  }
  return listWalletBalances(api);
}

export function walletStatistics(api: AuthedApi, query: QueryOf<typeof walletContract.statistics>) {
  return callEndpoint(api, walletContract.statistics, { query });
}

export function addBalance(api: AuthedApi, input: BodyOf<typeof walletContract.addBalance>, idempotencyKey?: string) {
  return callEndpoint(api, walletContract.addBalance, { body: input, idempotencyKey });
}

export function listOperationPrices(api: AuthedApi) {
  return callEndpoint(api, walletContract.listPrices);
}

export function createOperationPrice(api: AuthedApi, input: BodyOf<typeof walletContract.createPrice>) {
  return callEndpoint(api, walletContract.createPrice, { body: input });
}

export function updateOperationPrice(api: AuthedApi, id: string, input: BodyOf<typeof walletContract.updatePrice>) {
  return callEndpoint(api, walletContract.updatePrice, { params: { id }, body: input });
}

export function deleteOperationPrice(api: AuthedApi, id: string) {
  return callEndpoint(api, walletContract.deletePrice, { params: { id } });
}

export function toggleOperationPrice(api: AuthedApi, id: string) {
  return callEndpoint(api, walletContract.togglePrice, { params: { id } });
}

/**
 * What charging a branch for an operation would cost now. `branchId` is the branch the operation
 * lands in (a student's center); a branch's own staff may leave it out. The charge itself is
 * decided by the API.
 */
export function chargeQuote(api: AuthedApi, operationKey: string, branchId?: string) {
  return callEndpoint(api, walletContract.quote, { query: { operationKey, ...(branchId && { branchId }) } });
}

/** `amount` is signed paise: negative takes money out. */
export function adjustWallet(api: AuthedApi, input: BodyOf<typeof walletContract.adjust>, idempotencyKey?: string) {
  return callEndpoint(api, walletContract.adjust, { body: input, idempotencyKey });
}

export function refundCharge(api: AuthedApi, input: BodyOf<typeof walletContract.refund>) {
  return callEndpoint(api, walletContract.refund, { body: input });
}

// ---------------------------------------------------------------------------------------------
// Transactions: the filters of the screen's URL, and the CSV export of the same filters.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const filtersSchema = z.object({
  branchId: z.string().max(100).optional().catch(undefined),
  kind: z.enum(ledgerKinds).optional().catch(undefined),
  operationKey: z.string().trim().toUpperCase().regex(OPERATION_KEY_PATTERN).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  sortBy: z.enum(['createdAt', 'amount']).catch('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(value))
    .catch(20),
});

export type TransactionFilters = z.infer<typeof filtersSchema>;

/** The screen's filters from its URL; anything malformed is dropped rather than refused. */
export function transactionFilters(searchParams: URLSearchParams): TransactionFilters {
  const entries: Record<string, string> = {};
  for (const [name, value] of searchParams) {
    if (value.trim() !== '') entries[name] = value;
  }
  return filtersSchema.parse(entries);
}

export function listTransactions(api: AuthedApi, filters: TransactionFilters) {
  return callEndpoint(api, walletContract.transactions, { query: filters });
}

/** Which wallet screens the user may open: links to the others are shown only then. */
export function walletLinks(user: Pick<SessionUser, 'role' | 'permissions'>) {
  const may = (path: string) => {
    const route = findAdminRoute(path);
    return route ? canOpen(route, user) : false;
  };
  return {
    dashboard: may('/admin/wallet/dashboard'),
    addBalance: may('/admin/wallet/add-balance'),
    transactions: may('/admin/wallet/transactions'),
    pricing: may('/admin/wallet/operation-pricing'),
  };
}
