import { z } from 'zod';
import { ledgerKinds, MAX_AMOUNT_PAISE, OPERATION_KEY_PATTERN, type WalletBalance } from '../../common/wallet';
import type { Executor } from '../db/client';
import { hasAnyPermission, SUPERADMIN, type Actor } from '../domain/auth/actor';
import { branchBalance, listBalances } from '../domain/wallet/balances';
import { chargeOperation, type ChargeResult } from '../domain/wallet/charge-operation';
import { adjustWallet } from '../domain/wallet/adjust-wallet';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { parseBound } from '../domain/wallet/dates';
import { walletMessages } from '../domain/wallet/errors';
import { findTransaction } from '../domain/wallet/ledger';
import { listTransactions } from '../domain/wallet/list-transactions';
import { formatRupees } from '../domain/wallet/money';
import { createOperationPrice } from '../domain/wallet/operation-prices/create-operation-price';
import { deleteOperationPrice } from '../domain/wallet/operation-prices/delete-operation-price';
import { listOperationPrices } from '../domain/wallet/operation-prices/operation-price';
import { toggleOperationPrice } from '../domain/wallet/operation-prices/toggle-operation-price';
import { updateOperationPrice } from '../domain/wallet/operation-prices/update-operation-price';
import { quoteCharge } from '../domain/wallet/quote-charge';
import { refundCharge } from '../domain/wallet/refund-charge';
import { walletStatistics } from '../domain/wallet/statistics';
import { defineEndpoint, type Reply } from './endpoint';
import { badRequest, HttpError, notFound } from './errors';
import { pagingQuery } from './paging';

/**
 * The branch wallet under /api/v1/wallet (docs/decisions/007-wallet-base-path-and-ledger.md).
 * Every amount is an integer number of paise (₹1 = 100).
 */

const everyBranch = ['WALLET_VIEW_ALL', 'WALLET_MANAGE_ALL'] as const;
const viewers = [...everyBranch, 'WALLET_VIEW', 'WALLET_DASHBOARD_VIEW', 'WALLET_DASHBOARD', 'WALLET_MANAGE'] as const;
const transactionViewers = [...viewers, 'WALLET_TRANSACTIONS_VIEW', 'WALLET_VIEW_TRANSACTIONS'] as const;
const pricingManagers = ['OPERATION_PRICING_MANAGE', 'WALLET_OPERATION_PRICING'] as const;
/** Adding a student charges the wallet, so whoever may add one may see the balance and the price. */
const spenders = ['STUDENT_ADD', 'WALLET_MANAGE', 'WALLET_MANAGE_ALL'] as const;

const access = {
  view: { kind: 'permission', anyOf: viewers },
  ownBalance: { kind: 'permission', anyOf: [...new Set([...transactionViewers, 'WALLET_ADD_BALANCE', ...spenders])] },
  transactions: { kind: 'permission', anyOf: transactionViewers },
  addBalance: { kind: 'permission', anyOf: ['WALLET_ADD_BALANCE', 'WALLET_MANAGE_ALL'] },
  readPrices: { kind: 'permission', anyOf: [...new Set([...pricingManagers, ...viewers, ...spenders])] },
  managePrices: { kind: 'permission', anyOf: pricingManagers },
  charge: { kind: 'permission', anyOf: spenders },
  quote: { kind: 'permission', anyOf: [...new Set([...spenders, ...viewers])] },
  refund: { kind: 'permission', anyOf: ['WALLET_MANAGE_ALL'] },
  adjust: { kind: 'permission', anyOf: ['WALLET_MANAGE_ALL'] },
} as const;

/**
 * The branches whose wallets the caller reads: their own when they belong to a branch (whatever
 * they hold), every branch for the institute's staff holding an every-branch permission.
 */
function readScope(actor: Actor): string[] | null {
  if (actor.role !== SUPERADMIN && actor.branchId) return [actor.branchId];
  if (hasAnyPermission(actor, everyBranch)) return null;
  throw new HttpError(403, walletMessages.allBranchesNeeded);
}

/** The branch a change applies to: a branch's own staff change only their own. */
function targetBranch(actor: Actor, requested: string | undefined, part: 'body' | 'query' = 'body'): string {
  if (actor.role !== SUPERADMIN && actor.branchId) {
    if (requested && requested !== actor.branchId) throw new HttpError(403, walletMessages.otherBranch);
    return actor.branchId;
  }
  if (!requested) throw badRequest(`Invalid request ${part}`, { branchId: [walletMessages.branchRequired] });
  return requested;
}

async function balanceOrNotFound(db: Executor, branchId: string): Promise<WalletBalance> {
  const balance = await branchBalance(db, branchId);
  if (!balance) throw notFound('Branch');
  return balance;
}

const paise = (what: string) =>
  z
    .number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number of paise` })
    .int(`${what} must be a whole number of paise`)
    .max(MAX_AMOUNT_PAISE, `${what} must be at most ${formatRupees(MAX_AMOUNT_PAISE)}`);

const operationKey = z
  .string({ required_error: 'Operation key is required' })
  .trim()
  .toUpperCase()
  .regex(OPERATION_KEY_PATTERN, 'Operation key must be capital letters, digits and underscores, such as ADD_STUDENT');
const operationName = z.string().trim().min(1, 'Operation name is required').max(120, 'Operation name must be at most 120 characters');
const description = z.string().trim().max(500, 'Description must be at most 500 characters');
const id = z.string().min(1).max(100);
const idParams = z.object({ id });

const bound = (which: 'from' | 'to') =>
  z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const date = parseBound(value, which);
      if (!date) ctx.addIssue({ code: 'custom', message: `${which} must be a date (YYYY-MM-DD) or a date and time` });
      return date ?? undefined;
    })
    .describe(`A date (a whole day in India${which === 'to' ? ', included' : ''}) or an ISO date and time`);

const money = (text: string) => z.number().int().describe(`${text}, in paise`);

const balanceView = z.object({
  _id: z.string().describe('The branch id'),
  branchId: z.string(),
  branchName: z.string(),
  walletEnabled: z.boolean(),
  balance: money('Money in the wallet'),
  updatedAt: z.string().datetime().nullable(),
});

const transactionView = z.object({
  _id: z.string(),
  id: z.string(),
  branchId: z.string(),
  branchName: z.string().nullable(),
  kind: z.enum(ledgerKinds),
  amount: money('Signed: credits and refunds positive, charges negative'),
  balanceAfter: money('The balance right after this entry'),
  operationKey: z.string().nullable(),
  operationName: z.string().nullable(),
  referenceId: z.string().nullable().describe('A charge’s reference (the student id), or a top-up’s payment reference'),
  refundOf: z.string().nullable().describe('On a refund: the charge it reverses'),
  refundedBy: z.string().nullable().describe('On a refunded charge: its refund'),
  note: z.string(),
  actorId: z.string().nullable(),
  createdAt: z.string().datetime(),
});

const priceView = z.object({
  _id: z.string(),
  id: z.string(),
  operationKey: z.string(),
  operationName: z.string(),
  price: money('What one operation costs'),
  enabled: z.boolean(),
  description: z.string(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});

const movements = {
  credits: money('Top-ups'),
  charges: money('Charges'),
  refunds: money('Refunds'),
  adjustments: money('Adjustments, signed'),
  net: money('Everything added minus everything taken'),
  count: z.number().int(),
};

const balance = defineEndpoint({
  method: 'get',
  path: '/wallet/balance',
  summary: 'Every branch’s wallet balance with its branch name; a branch’s own staff see only theirs',
  tag: 'wallet',
  access: access.view,
  response: z.array(balanceView),
  async handle({ db, actor }): Promise<Reply> {
    const scope = readScope(actor!);
    return { message: 'Wallet balances', data: await listBalances(db, scope ?? undefined) };
  },
});

const currentBalance = defineEndpoint({
  method: 'get',
  path: '/wallet/balance/current',
  summary: 'The balance of the caller’s own branch',
  tag: 'wallet',
  access: access.ownBalance,
  response: balanceView,
  async handle({ db, actor }): Promise<Reply> {
    if (!actor!.branchId) throw new HttpError(404, walletMessages.noBranch);
    return { message: 'Wallet balance', data: await balanceOrNotFound(db, actor!.branchId) };
  },
});

const branchBalanceEndpoint = defineEndpoint({
  method: 'get',
  path: '/wallet/balance/:id',
  summary: 'One branch’s balance (id: the branch id); another branch’s answers 404 to a branch’s own staff',
  tag: 'wallet',
  access: access.view,
  params: idParams,
  response: balanceView,
  async handle({ db, actor, params }): Promise<Reply> {
    const scope = readScope(actor!);
    if (scope && !scope.includes(params.id)) throw notFound('Branch');
    return { message: 'Wallet balance', data: await balanceOrNotFound(db, params.id) };
  },
});

const transactions = defineEndpoint({
  method: 'get',
  path: '/wallet/transactions',
  summary: 'The ledger, filtered, sorted and paged; a branch’s own staff see only their branch',
  tag: 'wallet',
  access: access.transactions,
  query: z.object({
    branchId: id.optional(),
    kind: z.enum(ledgerKinds).optional().describe('credit, charge, refund or adjustment'),
    type: z.enum(ledgerKinds).optional().describe('Same as kind'),
    operationKey: z.string().trim().toUpperCase().max(64).optional(),
    from: bound('from'),
    to: bound('to'),
    search: z.string().trim().max(100).optional().describe('Part of the note, the reference or the operation name'),
    sortBy: z.enum(['createdAt', 'amount']).default('createdAt').describe('amount orders by size, whatever the sign'),
    order: z.enum(['asc', 'desc']).default('desc'),
    ...pagingQuery,
  }),
  response: z.object({
    transactions: z.array(transactionView),
    total: z.number().int().describe('Entries matching the filters'),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
  async handle({ db, actor, query }): Promise<Reply> {
    const { kind, type, ...rest } = query;
    const page = await listTransactions(db, {
      ...rest,
      kind: kind ?? type,
      scope: readScope(actor!),
    });
    return { message: 'Wallet transactions', data: page };
  },
});

const addBalance = defineEndpoint({
  method: 'post',
  path: '/wallet/add-balance',
  summary: 'Top up a branch’s wallet; a branch’s own staff top up only their own',
  tag: 'wallet',
  access: access.addBalance,
  body: z.object({
    branchId: id.optional().describe('Required for the institute’s staff; a branch’s own staff may leave it out'),
    amount: paise('Amount').positive('Amount must be more than zero').describe('Paise: ₹500.00 is 50000'),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
    reference: z.string().trim().max(200, 'Reference must be at most 200 characters').default('').describe('The payment behind the top-up'),
  }),
  response: z.object({ transaction: transactionView, balance: balanceView }),
  async handle({ body, actor, tx, meta }): Promise<Reply> {
    const branchId = targetBranch(actor!, body.branchId);
    const transaction = await creditWallet({ tx: tx!, meta }, { ...body, branchId });
    const wallet = await balanceOrNotFound(tx!, branchId);
    return {
      status: 201,
      message: `${formatRupees(body.amount)} added to ${wallet.branchName}. Balance: ${formatRupees(wallet.balance)}`,
      data: { transaction, balance: wallet },
    };
  },
});

const statistics = defineEndpoint({
  method: 'get',
  path: '/wallet/statistics',
  summary: 'Totals per day or month, per operation and per branch, and this month’s spend and top-ups',
  tag: 'wallet',
  access: access.view,
  query: z.object({
    branchId: id.optional(),
    period: z.enum(['day', 'month']).default('day'),
    from: bound('from').describe('Default: 30 days (or 12 months) back'),
    to: bound('to').describe('Default: the end of today (or of this month)'),
  }),
  response: z.object({
    branchId: z.string().nullable(),
    period: z.enum(['day', 'month']),
    from: z.string().datetime(),
    to: z.string().datetime(),
    balance: money('Money in the wallets in scope now'),
    totals: z.object(movements).describe('Over [from, to)'),
    thisMonth: z.object({
      from: z.string().datetime(),
      spend: money('Charges less their refunds'),
      charges: money('Charges'),
      refunds: money('Refunds'),
      topUps: money('Top-ups'),
      count: z.number().int(),
    }),
    byPeriod: z.array(z.object({ period: z.string().describe('2026-01-15, or 2026-01 by month'), ...movements })),
    byOperation: z.array(
      z.object({
        operationKey: z.string(),
        operationName: z.string(),
        count: z.number().int().describe('Charges'),
        charged: money('Charged'),
        refunded: money('Refunded'),
        spend: money('Charged less refunded'),
      }),
    ),
    byBranch: z.array(z.object({ branchId: z.string(), branchName: z.string().nullable(), balance: money('Balance now'), ...movements })),
  }),
  async handle({ db, actor, query, deps }): Promise<Reply> {
    const scope = readScope(actor!);
    if (query.branchId && scope && !scope.includes(query.branchId)) throw notFound('Branch');
    const data = await walletStatistics(db, { ...query, scope, now: deps.clock.now() });
    return { message: 'Wallet statistics', data };
  },
});

const listPrices = defineEndpoint({
  method: 'get',
  path: '/wallet/operation-pricing',
  summary: 'What each chargeable operation costs',
  tag: 'wallet',
  access: access.readPrices,
  response: z.array(priceView),
  async handle({ db }): Promise<Reply> {
    return { message: 'Operation pricing', data: await listOperationPrices(db) };
  },
});

const createPrice = defineEndpoint({
  method: 'post',
  path: '/wallet/operation-pricing',
  changesSettings: true,
  summary: 'Price an operation (one price per operation key)',
  tag: 'wallet',
  access: access.managePrices,
  body: z.object({
    operationKey,
    operationName,
    price: paise('Price').nonnegative('Price cannot be negative').describe('Paise: ₹50.00 is 5000'),
    enabled: z.boolean().default(true),
    description: description.default(''),
  }),
  response: priceView,
  async handle({ body, tx, meta }): Promise<Reply> {
    const price = await createOperationPrice({ tx: tx!, meta }, body);
    return { status: 201, message: `${price.operationName} costs ${formatRupees(price.price)}`, data: price };
  },
});

const updatePrice = defineEndpoint({
  method: 'put',
  path: '/wallet/operation-pricing/:id',
  changesSettings: true,
  summary: 'Change an operation’s price, name, key, description or status; fields left out stay',
  tag: 'wallet',
  access: access.managePrices,
  params: idParams,
  body: z
    .object({
      operationKey: operationKey.optional(),
      operationName: operationName.optional(),
      price: paise('Price').nonnegative('Price cannot be negative').optional().describe('Paise'),
      enabled: z.boolean().optional(),
      description: description.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change'),
  response: priceView,
  async handle({ body, params, tx, meta }): Promise<Reply> {
    const price = await updateOperationPrice({ tx: tx!, meta }, params.id, body);
    return { message: 'Operation price updated', data: price };
  },
});

const deletePrice = defineEndpoint({
  method: 'delete',
  path: '/wallet/operation-pricing/:id',
  changesSettings: true,
  summary: 'Stop pricing an operation; past charges stay in the ledger',
  tag: 'wallet',
  access: access.managePrices,
  params: idParams,
  response: priceView,
  async handle({ params, tx, meta }): Promise<Reply> {
    const price = await deleteOperationPrice({ tx: tx!, meta }, params.id);
    return { message: 'Operation price deleted', data: price };
  },
});

const togglePrice = defineEndpoint({
  method: 'patch',
  path: '/wallet/operation-pricing/:id/toggle-status',
  changesSettings: true,
  summary: 'Enable a disabled price, or disable an enabled one',
  tag: 'wallet',
  access: access.managePrices,
  params: idParams,
  response: priceView,
  async handle({ params, tx, meta }): Promise<Reply> {
    const price = await toggleOperationPrice({ tx: tx!, meta }, params.id);
    return { message: price.enabled ? 'Operation price enabled' : 'Operation price disabled', data: price };
  },
});

const quote = defineEndpoint({
  method: 'get',
  path: '/wallet/operation-pricing/quote',
  summary:
    'What charging a branch for an operation would cost now (its price, whether it applies, the balance), read before ' +
    'asking to confirm; the charge itself decides. A branch’s own staff ask about their own branch only.',
  tag: 'wallet',
  access: access.quote,
  query: z.object({
    operationKey,
    branchId: id.optional().describe('Required for the institute’s staff; a branch’s own staff may leave it out'),
  }),
  response: z.object({
    branchId: z.string(),
    operationKey: z.string(),
    operationName: z.string().describe('The price’s own name, or the operation’s default name without a price'),
    price: money('The price; 0 without one'),
    enabled: z.boolean().describe('The price exists and is switched on'),
    walletEnabled: z.boolean().describe('The branch uses the wallet'),
    balance: money('Money in the branch’s wallet'),
  }),
  async handle({ db, actor, query }): Promise<Reply> {
    const own = actor!.role !== SUPERADMIN ? actor!.branchId : null;
    if (own && query.branchId && query.branchId !== own) throw notFound('Branch');
    // Whoever may charge a branch may see what the charge would take; a viewer only what they may read.
    if (!own && !hasAnyPermission(actor!, spenders)) readScope(actor!);
    const branchId = targetBranch(actor!, query.branchId, 'query');
    return { message: 'Charge quote', data: await quoteCharge(db, branchId, query.operationKey) };
  },
});

function chargeMessage(result: ChargeResult, name: string): string {
  switch (result.outcome) {
    case 'charged':
      return `${formatRupees(result.price)} deducted for ${name}. Balance: ${formatRupees(result.balance)}`;
    case 'already-charged':
      return `Already charged ${formatRupees(result.price)} for ${name}; nothing more was deducted`;
    case 'price-missing':
      return `${name} has no price; nothing was deducted`;
    case 'price-disabled':
      return `Charging for ${name} is turned off; nothing was deducted`;
    case 'wallet-disabled':
      return 'This branch does not use the wallet; nothing was deducted';
    case 'free':
      return `${name} is free; nothing was deducted`;
  }
}

const deduct = defineEndpoint({
  method: 'post',
  path: '/wallet/operation-pricing/deduct',
  summary:
    'Charge a branch for an operation, at most once per referenceId; 402 when the balance is too low. ' +
    'A branch’s own staff charge only their own branch.',
  tag: 'wallet',
  access: access.charge,
  body: z.object({
    branchId: id.optional().describe('Required for the institute’s staff; taken from the token for a branch’s own staff'),
    operationKey,
    operationName: z.string().trim().max(120).optional().describe('Shown in the ledger; the price’s own name when left out'),
    referenceId: z.string().trim().min(1, 'Reference is required').max(200).describe('What is charged for: one charge per reference'),
  }),
  response: z.object({
    outcome: z.enum(['charged', 'already-charged', 'price-missing', 'price-disabled', 'wallet-disabled', 'free']),
    charged: z.boolean().describe('Whether this call took money'),
    alreadyCharged: z.boolean().describe('The reference was charged before: `charge` is that first charge'),
    charge: transactionView.nullable(),
    operationPrice: z.object({
      _id: z.string().nullable(),
      operationKey: z.string(),
      operationName: z.string(),
      price: money('What was charged for this reference: 0 when nothing is'),
      enabled: z.boolean(),
    }),
    balance: balanceView,
  }),
  async handle({ body, actor, tx, meta, deps }): Promise<Reply> {
    const branchId = targetBranch(actor!, body.branchId);
    const result = await chargeOperation({ tx: tx!, meta, settings: deps.settings }, { ...body, branchId });
    const name = result.charge?.operationName || body.operationName || result.operationPrice?.operationName || body.operationKey;
    return {
      status: result.charged ? 201 : 200,
      message: chargeMessage(result, name),
      data: {
        outcome: result.outcome,
        charged: result.charged,
        alreadyCharged: result.outcome === 'already-charged',
        charge: result.charge,
        operationPrice: {
          _id: result.operationPrice?._id ?? null,
          operationKey: body.operationKey,
          operationName: result.operationPrice?.operationName ?? name,
          price: result.price,
          enabled: result.operationPrice?.enabled ?? false,
        },
        balance: await balanceOrNotFound(tx!, branchId),
      },
    };
  },
});

const refund = defineEndpoint({
  method: 'post',
  path: '/wallet/refund',
  summary: 'Give one charge’s amount back to its branch, once, with a reason',
  tag: 'wallet',
  access: access.refund,
  body: z.object({
    chargeId: id.describe('The ledger id of the charge'),
    reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  }),
  response: z.object({ refund: transactionView, charge: transactionView, balance: balanceView }),
  async handle({ body, actor, tx, meta }): Promise<Reply> {
    const scope = readScope(actor!);
    const charge = await findTransaction(tx!, body.chargeId);
    if (!charge || (scope && !scope.includes(charge.branchId))) throw notFound('Charge');
    const entry = await refundCharge({ tx: tx!, meta }, body);
    const wallet = await balanceOrNotFound(tx!, entry.branchId);
    return {
      status: 201,
      message: `${formatRupees(entry.amount)} refunded to ${wallet.branchName}. Balance: ${formatRupees(wallet.balance)}`,
      data: { refund: entry, charge: (await findTransaction(tx!, charge.id))!, balance: wallet },
    };
  },
});

const adjust = defineEndpoint({
  method: 'post',
  path: '/wallet/adjust',
  summary:
    'Correct a branch’s balance by hand, with a reason, for what neither a top-up nor a refund describes; ' +
    'never below zero (402). A branch’s own staff adjust only their own.',
  tag: 'wallet',
  access: access.adjust,
  body: z.object({
    branchId: id.optional().describe('Required for the institute’s staff; a branch’s own staff may leave it out'),
    amount: paise('Amount')
      .min(-MAX_AMOUNT_PAISE, `Amount must be at least -${formatRupees(MAX_AMOUNT_PAISE)}`)
      .refine((value) => value !== 0, 'Amount cannot be zero')
      .describe('Paise, signed: 10000 adds ₹100.00, -10000 takes it out'),
    reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  }),
  response: z.object({ transaction: transactionView, balance: balanceView }),
  async handle({ body, actor, tx, meta }): Promise<Reply> {
    const branchId = targetBranch(actor!, body.branchId);
    const transaction = await adjustWallet({ tx: tx!, meta }, { ...body, branchId });
    const wallet = await balanceOrNotFound(tx!, branchId);
    const moved = formatRupees(Math.abs(body.amount));
    return {
      status: 201,
      message: `${moved} ${body.amount > 0 ? 'added to' : 'taken from'} ${wallet.branchName} by adjustment. Balance: ${formatRupees(wallet.balance)}`,
      data: { transaction, balance: wallet },
    };
  },
});

/** Mounted in this order: `/balance/current` before `/balance/:id`. */
export const walletEndpoints = [
  balance,
  currentBalance,
  branchBalanceEndpoint,
  transactions,
  addBalance,
  statistics,
  listPrices,
  createPrice,
  quote,
  deduct,
  updatePrice,
  deletePrice,
  togglePrice,
  refund,
  adjust,
];
