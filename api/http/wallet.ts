import { walletContract, type WalletBalance } from '../../common/contracts/wallet';
import type { Executor } from '../db/client';
import { hasAnyPermission, type Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import { branchBalance, listBalances } from '../domain/wallet/balances';
import { chargeOperation, type ChargeResult } from '../domain/wallet/charge-operation';
import { adjustWallet } from '../domain/wallet/adjust-wallet';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { transactionViewers, walletReadScope, walletViewers } from '../domain/wallet/access';
import { walletMessages } from '../domain/wallet/errors';
import { findTransaction } from '../domain/wallet/ledger';
import { listTransactions, transactionsExport } from '../domain/wallet/list-transactions';
import { formatRupees } from '../../common/money';
import { createOperationPrice } from '../domain/wallet/operation-prices/create-operation-price';
import { deleteOperationPrice } from '../domain/wallet/operation-prices/delete-operation-price';
import { listOperationPrices } from '../domain/wallet/operation-prices/operation-price';
import { toggleOperationPrice } from '../domain/wallet/operation-prices/toggle-operation-price';
import { updateOperationPrice } from '../domain/wallet/operation-prices/update-operation-price';
import { quoteCharge } from '../domain/wallet/quote-charge';
import { refundCharge } from '../domain/wallet/refund-charge';
import { walletStatistics } from '../domain/wallet/statistics';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { exportFile } from '../export/export-file';
import { indianDay } from '../../common/india-time';
import { notFound } from '../domain/errors';
import { badRequest, HttpError } from './errors';

/** The branch wallet under /api/v1/wallet (docs/decisions/007-wallet-base-path-and-ledger.md). */

const pricingManagers = ['OPERATION_PRICING_MANAGE', 'WALLET_OPERATION_PRICING'] as const;
/** Adding a student charges the wallet, so whoever may add one may see the balance and the price. */
const spenders = ['STUDENT_ADD', 'WALLET_MANAGE', 'WALLET_MANAGE_ALL'] as const;

const access = {
  view: { kind: 'permission', anyOf: walletViewers },
  ownBalance: { kind: 'permission', anyOf: [...new Set([...transactionViewers, 'WALLET_ADD_BALANCE', ...spenders])] },
  transactions: { kind: 'permission', anyOf: transactionViewers },
  addBalance: { kind: 'permission', anyOf: ['WALLET_ADD_BALANCE', 'WALLET_MANAGE_ALL'] },
  readPrices: { kind: 'permission', anyOf: [...new Set([...pricingManagers, ...walletViewers, ...spenders])] },
  managePrices: { kind: 'permission', anyOf: pricingManagers },
  charge: { kind: 'permission', anyOf: spenders },
  quote: { kind: 'permission', anyOf: [...new Set([...spenders, ...walletViewers])] },
  refund: { kind: 'permission', anyOf: ['WALLET_MANAGE_ALL'] },
  adjust: { kind: 'permission', anyOf: ['WALLET_MANAGE_ALL'] },
} as const;

/** The branches whose wallets the caller reads (walletReadScope); the institute's other staff are refused. */
function readScope(actor: Actor): string[] | null {
  const scope = walletReadScope(actor);
  if (scope === undefined) throw new HttpError(403, walletMessages.allBranchesNeeded);
  return scope;
}

/** The branch a change applies to: a branch's own staff change only their own. */
function targetBranch(actor: Actor, requested: string | undefined, part: 'body' | 'query' = 'body'): string {
  const own = branchScope(actor);
  if (own !== null) {
    if (requested && requested !== own) throw new HttpError(403, walletMessages.otherBranch);
    return own;
  }
  if (!requested) throw badRequest(`Invalid request ${part}`, { branchId: [walletMessages.branchRequired] });
  return requested;
}

async function balanceOrNotFound(db: Executor, branchId: string): Promise<WalletBalance> {
  const balance = await branchBalance(db, branchId);
  if (!balance) throw notFound('Branch');
  return balance;
}

const balance = defineEndpoint({
  ...walletContract.balances,
  access: access.view,
  async handle({ db, actor }) {
    const scope = readScope(actor);
    return { message: 'Wallet balances', data: await listBalances(db, scope ?? undefined) };
  },
});

const currentBalance = defineEndpoint({
  ...walletContract.currentBalance,
  access: access.ownBalance,
  async handle({ db, actor }) {
    if (!actor.branchId) throw new HttpError(404, walletMessages.noBranch);
    return { message: 'Wallet balance', data: await balanceOrNotFound(db, actor.branchId) };
  },
});

const branchBalanceEndpoint = defineEndpoint({
  ...walletContract.branchBalance,
  access: access.view,
  async handle({ db, actor, params }) {
    const scope = readScope(actor);
    if (scope && !scope.includes(params.id)) throw notFound('Branch');
    return { message: 'Wallet balance', data: await balanceOrNotFound(db, params.id) };
  },
});

const transactions = defineEndpoint({
  ...walletContract.transactions,
  access: access.transactions,
  async handle({ db, actor, query }) {
    const { kind, type, ...rest } = query;
    const page = await listTransactions(db, {
      ...rest,
      kind: kind ?? type,
      scope: readScope(actor),
    });
    return { message: 'Wallet transactions', data: page };
  },
});

const exportTransactions = defineFileEndpoint({
  ...walletContract.transactionsExport,
  access: access.transactions,
  async handle({ db, actor, query, deps }) {
    const { kind, type, format, ...rest } = query;
    const table = transactionsExport(db, { ...rest, kind: kind ?? type, scope: readScope(actor) });
    return exportFile(format, table, indianDay(deps.clock.now()));
  },
});

const addBalance = defineEndpoint({
  ...walletContract.addBalance,
  access: access.addBalance,
  async handle({ body, actor, tx, meta }) {
    const branchId = targetBranch(actor, body.branchId);
    const transaction = await creditWallet({ tx, meta }, { ...body, branchId });
    const wallet = await balanceOrNotFound(tx, branchId);
    return {
      status: 201,
      message: `${formatRupees(body.amount)} added to ${wallet.branchName}. Balance: ${formatRupees(wallet.balance)}`,
      data: { transaction, balance: wallet },
    };
  },
});

const statistics = defineEndpoint({
  ...walletContract.statistics,
  access: access.view,
  async handle({ db, actor, query, deps }) {
    const scope = readScope(actor);
    if (query.branchId && scope && !scope.includes(query.branchId)) throw notFound('Branch');
    const data = await walletStatistics(db, { ...query, scope, now: deps.clock.now() });
    return { message: 'Wallet statistics', data };
  },
});

const listPrices = defineEndpoint({
  ...walletContract.listPrices,
  access: access.readPrices,
  async handle({ db }) {
    return { message: 'Operation pricing', data: await listOperationPrices(db) };
  },
});

const createPrice = defineEndpoint({
  ...walletContract.createPrice,
  changesSettings: true,
  access: access.managePrices,
  async handle({ body, tx, meta }) {
    const price = await createOperationPrice({ tx, meta }, body);
    return { status: 201, message: `${price.operationName} costs ${formatRupees(price.price)}`, data: price };
  },
});

const updatePrice = defineEndpoint({
  ...walletContract.updatePrice,
  changesSettings: true,
  access: access.managePrices,
  async handle({ body, params, tx, meta }) {
    const price = await updateOperationPrice({ tx, meta }, params.id, body);
    return { message: 'Operation price updated', data: price };
  },
});

const deletePrice = defineEndpoint({
  ...walletContract.deletePrice,
  changesSettings: true,
  access: access.managePrices,
  async handle({ params, tx, meta }) {
    const price = await deleteOperationPrice({ tx, meta }, params.id);
    return { message: 'Operation price deleted', data: price };
  },
});

const togglePrice = defineEndpoint({
  ...walletContract.togglePrice,
  changesSettings: true,
  access: access.managePrices,
  async handle({ params, tx, meta }) {
    const price = await toggleOperationPrice({ tx, meta }, params.id);
    return { message: price.enabled ? 'Operation price enabled' : 'Operation price disabled', data: price };
  },
});

const quote = defineEndpoint({
  ...walletContract.quote,
  access: access.quote,
  async handle({ db, actor, query }) {
    const own = branchScope(actor);
    if (own && query.branchId && query.branchId !== own) throw notFound('Branch');
    // Whoever may charge a branch may see what the charge would take; a viewer only what they may read.
    if (!own && !hasAnyPermission(actor, spenders)) readScope(actor);
    const branchId = targetBranch(actor, query.branchId, 'query');
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
  ...walletContract.deduct,
  access: access.charge,
  async handle({ body, actor, tx, meta, deps }) {
    const branchId = targetBranch(actor, body.branchId);
    const result = await chargeOperation({ tx, meta, settings: deps.settings }, { ...body, branchId });
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
        balance: await balanceOrNotFound(tx, branchId),
      },
    };
  },
});

const refund = defineEndpoint({
  ...walletContract.refund,
  access: access.refund,
  async handle({ body, actor, tx, meta }) {
    const scope = readScope(actor);
    const charge = await findTransaction(tx, body.chargeId);
    if (!charge || (scope && !scope.includes(charge.branchId))) throw notFound('Charge');
    const entry = await refundCharge({ tx, meta }, body);
    const wallet = await balanceOrNotFound(tx, entry.branchId);
    return {
      status: 201,
      message: `${formatRupees(entry.amount)} refunded to ${wallet.branchName}. Balance: ${formatRupees(wallet.balance)}`,
      data: { refund: entry, charge: (await findTransaction(tx, charge.id))!, balance: wallet },
    };
  },
});

const adjust = defineEndpoint({
  ...walletContract.adjust,
  access: access.adjust,
  async handle({ body, actor, tx, meta }) {
    const branchId = targetBranch(actor, body.branchId);
    const transaction = await adjustWallet({ tx, meta }, { ...body, branchId });
    const wallet = await balanceOrNotFound(tx, branchId);
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
  exportTransactions,
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
