import { z } from 'zod';
import { formatRupees } from '../money';
import { ledgerKinds, MAX_AMOUNT_PAISE, OPERATION_KEY_PATTERN } from '../wallet';
import { dayBound as bound } from './day-bounds';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

/**
 * The branch wallet under /api/v1/wallet (docs/decisions/007-wallet-base-path-and-ledger.md).
 * Every amount is an integer number of paise (₹1 = 100).
 */

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
const ownBranch = id.optional().describe('Required for the institute’s staff; a branch’s own staff may leave it out');

const money = (text: string) => z.number().int().describe(`${text}, in paise`);

/** A branch's wallet; a branch that never had money has a balance of 0. */
export const walletBalance = z.object({
  _id: z.string().describe('The branch id'),
  branchId: z.string(),
  branchName: z.string(),
  walletEnabled: z.boolean(),
  balance: money('Money in the wallet'),
  updatedAt: z.string().datetime().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** One ledger entry. */
export const walletTransaction = z.object({
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
export type WalletTransaction = z.infer<typeof walletTransaction>;

const transactionPage = z.object({
  transactions: z.array(walletTransaction),
  ...pageFields('Entries matching the filters'),
});
export type TransactionPage = z.infer<typeof transactionPage>;

export const operationPrice = z.object({
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
export type OperationPrice = z.infer<typeof operationPrice>;

const statisticsPeriod = z.enum(['day', 'month']);
export type StatisticsPeriod = z.infer<typeof statisticsPeriod>;

/** Movements, each a positive sum except `adjustments` and `net`, which are signed. */
const movements = {
  credits: money('Top-ups'),
  charges: money('Charges'),
  refunds: money('Refunds'),
  adjustments: money('Adjustments, signed'),
  net: money('Everything added minus everything taken'),
  count: z.number().int(),
};
export type Movements = z.infer<z.ZodObject<typeof movements>>;

const walletStatistics = z.object({
  branchId: z.string().nullable(),
  period: statisticsPeriod,
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
});
export type WalletStatistics = z.infer<typeof walletStatistics>;

/** What charging a branch for an operation would cost now, asked before confirming it. */
const chargeQuote = z.object({
  branchId: z.string(),
  operationKey: z.string(),
  operationName: z.string().describe('The price’s own name, or the operation’s default name without a price'),
  price: money('The price; 0 without one'),
  enabled: z.boolean().describe('The price exists and is switched on'),
  walletEnabled: z.boolean().describe('The branch uses the wallet'),
  balance: money('Money in the branch’s wallet'),
});
export type ChargeQuote = z.infer<typeof chargeQuote>;

/** What an admission cost its branch's wallet (the `data.charge` of POST /dynamic-data). */
export const admissionCharge = z.object({
  charged: z.boolean(),
  price: money('The price'),
  balance: money('Left in the wallet'),
  operationName: z.string().describe('The price’s own name, as the ledger entry has it'),
});
export type AdmissionCharge = z.infer<typeof admissionCharge>;

const moved = z.object({ transaction: walletTransaction, balance: walletBalance });

/** What the ledger is filtered and sorted by, in a page of it and in an export. */
const transactionFilters = z.object({
  branchId: id.optional(),
  kind: z.enum(ledgerKinds).optional().describe('credit, charge, refund or adjustment'),
  type: z.enum(ledgerKinds).optional().describe('Same as kind'),
  operationKey: z.string().trim().toUpperCase().max(64).optional(),
  from: bound('from'),
  to: bound('to'),
  search: z.string().trim().max(100).optional().describe('Part of the note, the reference or the operation name'),
  sortBy: z.enum(['createdAt', 'amount']).default('createdAt').describe('amount orders by size, whatever the sign'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const walletContract = {
  balances: defineContract({
    method: 'get',
    path: '/wallet/balance',
    summary: 'Every branch’s wallet balance with its branch name; a branch’s own staff see only theirs',
    tag: 'wallet',
    response: z.array(walletBalance),
  }),
  currentBalance: defineContract({
    method: 'get',
    path: '/wallet/balance/current',
    summary: 'The balance of the caller’s own branch',
    tag: 'wallet',
    response: walletBalance,
    refuses: [404],
  }),
  branchBalance: defineContract({
    method: 'get',
    path: '/wallet/balance/:id',
    summary: 'One branch’s balance (id: the branch id); another branch’s answers 404 to a branch’s own staff',
    tag: 'wallet',
    params: idParams,
    response: walletBalance,
    refuses: [404],
  }),
  transactions: defineContract({
    method: 'get',
    path: '/wallet/transactions',
    summary: 'The ledger, filtered, sorted and paged; a branch’s own staff see only their branch',
    tag: 'wallet',
    query: transactionFilters.extend(pagingQuery),
    response: transactionPage,
    example: {
      query: { kind: 'charge', from: '2026-11-01', to: '2026-11-30', page: '1', limit: '20', sortBy: 'createdAt', order: 'desc' },
    },
  }),
  transactionsExport: defineContract({
    method: 'get',
    path: '/wallet/transactions/export',
    summary: 'Every ledger entry matching the filters as CSV or Excel; a branch’s own staff get only their branch’s',
    tag: 'wallet',
    produces: exportTypes,
    query: transactionFilters.extend(exportQuery),
  }),
  addBalance: defineContract({
    method: 'post',
    path: '/wallet/add-balance',
    summary: 'Top up a branch’s wallet; a branch’s own staff top up only their own',
    tag: 'wallet',
    body: z.object({
      branchId: ownBranch,
      amount: paise('Amount').positive('Amount must be more than zero').describe('Paise: ₹500.00 is 50000'),
      note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
      reference: z
        .string()
        .trim()
        .max(200, 'Reference must be at most 200 characters')
        .default('')
        .describe('The payment behind the top-up'),
    }),
    response: moved,
    creates: true,
    refuses: [404],
    example: {
      body: { branchId: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: 500000, note: 'November top-up', reference: 'NEFT 4471' },
    },
  }),
  statistics: defineContract({
    method: 'get',
    path: '/wallet/statistics',
    summary: 'Totals per day or month, per operation and per branch, and this month’s spend and top-ups',
    tag: 'wallet',
    query: z.object({
      branchId: id.optional(),
      period: statisticsPeriod.default('day'),
      from: bound('from').describe('Default: 30 days (or 12 months) back'),
      to: bound('to').describe('Default: the end of today (or of this month)'),
    }),
    response: walletStatistics,
    refuses: [404],
    example: { query: { period: 'month', from: '2026-01-01', to: '2026-11-30' } },
  }),
  listPrices: defineContract({
    method: 'get',
    path: '/wallet/operation-pricing',
    summary: 'What each chargeable operation costs',
    tag: 'wallet',
    response: z.array(operationPrice),
  }),
  createPrice: defineContract({
    method: 'post',
    path: '/wallet/operation-pricing',
    summary: 'Price an operation (one price per operation key)',
    tag: 'wallet',
    body: z.object({
      operationKey,
      operationName,
      price: paise('Price').nonnegative('Price cannot be negative').describe('Paise: ₹50.00 is 5000'),
      enabled: z.boolean().default(true),
      description: description.default(''),
    }),
    response: operationPrice,
    creates: true,
    example: {
      body: {
        operationKey: 'CERTIFICATE_ISSUE',
        operationName: 'Certificate issue',
        price: 5000,
        enabled: true,
        description: 'Charged when a certificate is issued',
      },
    },
  }),
  quote: defineContract({
    method: 'get',
    path: '/wallet/operation-pricing/quote',
    summary:
      'What charging a branch for an operation would cost now (its price, whether it applies, the balance), read before ' +
      'asking to confirm; the charge itself decides. A branch’s own staff ask about their own branch only.',
    tag: 'wallet',
    query: z.object({ operationKey, branchId: ownBranch }),
    response: chargeQuote,
    refuses: [404],
    example: { query: { operationKey: 'ADD_STUDENT', branchId: '0f8fad5b-d9cb-469f-a165-70867728950e' } },
  }),
  deduct: defineContract({
    method: 'post',
    path: '/wallet/operation-pricing/deduct',
    summary:
      'Charge a branch for an operation, at most once per referenceId; 402 when the balance is too low. ' +
      'A branch’s own staff charge only their own branch.',
    tag: 'wallet',
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
      charge: walletTransaction.nullable(),
      operationPrice: z.object({
        _id: z.string().nullable(),
        operationKey: z.string(),
        operationName: z.string(),
        price: money('What was charged for this reference: 0 when nothing is'),
        enabled: z.boolean(),
      }),
      balance: walletBalance,
    }),
    creates: 'or-finds',
    refuses: [402, 404],
    example: {
      body: { branchId: '0f8fad5b-d9cb-469f-a165-70867728950e', operationKey: 'ADD_STUDENT', referenceId: 'admission-2026-0042' },
    },
  }),
  updatePrice: defineContract({
    method: 'put',
    path: '/wallet/operation-pricing/:id',
    summary: 'Change an operation’s price, name, key, description or status; fields left out stay',
    tag: 'wallet',
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
    response: operationPrice,
    refuses: [404],
    example: { body: { price: 7500 } },
  }),
  deletePrice: defineContract({
    method: 'delete',
    path: '/wallet/operation-pricing/:id',
    summary: 'Stop pricing an operation; past charges stay in the ledger',
    tag: 'wallet',
    params: idParams,
    response: operationPrice,
    refuses: [404],
  }),
  togglePrice: defineContract({
    method: 'patch',
    path: '/wallet/operation-pricing/:id/toggle-status',
    summary: 'Enable a disabled price, or disable an enabled one',
    tag: 'wallet',
    params: idParams,
    response: operationPrice,
    refuses: [404],
  }),
  refund: defineContract({
    method: 'post',
    path: '/wallet/refund',
    summary: 'Give one charge’s amount back to its branch, once, with a reason',
    tag: 'wallet',
    body: z.object({
      chargeId: id.describe('The ledger id of the charge'),
      reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
    }),
    response: z.object({ refund: walletTransaction, charge: walletTransaction, balance: walletBalance }),
    creates: true,
    refuses: [404],
    example: { body: { chargeId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', reason: 'Admission cancelled the same day' } },
  }),
  adjust: defineContract({
    method: 'post',
    path: '/wallet/adjust',
    summary:
      'Correct a branch’s balance by hand, with a reason, for what neither a top-up nor a refund describes; ' +
      'never below zero (402). A branch’s own staff adjust only their own.',
    tag: 'wallet',
    body: z.object({
      branchId: ownBranch,
      amount: paise('Amount')
        .min(-MAX_AMOUNT_PAISE, `Amount must be at least -${formatRupees(MAX_AMOUNT_PAISE)}`)
        .refine((value) => value !== 0, 'Amount cannot be zero')
        .describe('Paise, signed: 10000 adds ₹100.00, -10000 takes it out'),
      reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
    }),
    response: moved,
    creates: true,
    refuses: [402, 404],
    example: { body: { branchId: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: -25000, reason: 'Bank charges on the October transfer' } },
  }),
};
