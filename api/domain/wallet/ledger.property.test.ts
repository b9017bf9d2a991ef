import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWalletBranch,
  inTransaction,
  ledgerEntries,
  ledgerSum,
  priceOperation,
  storedBalance,
} from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import type { Db } from '../../db/client';
import { DomainError } from '../errors';
import { adjustWallet } from './adjust-wallet';
import { chargeOperation } from './charge-operation';
import { creditWallet } from './credit-wallet';
import { refundCharge } from './refund-charge';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());

const PRICE = 5000;

type Step =
  | { kind: 'credit'; branch: number; amount: number }
  | { kind: 'charge'; branch: number; reference: number }
  | { kind: 'refund'; charge: number }
  | { kind: 'adjust'; branch: number; amount: number };

const branchIndex = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), branch: branchIndex, amount: fc.integer({ min: 1, max: 20_000 }) }),
  // A small pool of references, so the same reference comes back.
  fc.record({ kind: fc.constant('charge' as const), branch: branchIndex, reference: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('charge' as const), branch: branchIndex, reference: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('refund' as const), charge: fc.nat({ max: 10 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    branch: branchIndex,
    amount: fc.integer({ min: -15_000, max: 15_000 }).filter((n) => n !== 0),
  }),
);

/** Expected refusals: too little money, a charge refunded before. Anything else fails the property. */
async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError) || !['insufficient-balance', 'conflict'].includes(error.kind)) throw error;
  }
}

describe('the wallet ledger (property)', () => {
  it('keeps balance = sum(ledger) >= 0 and matches a model, whatever credits, charges, refunds and adjustments come', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 18 }), async (steps) => {
        await truncateAll(db);
        await priceOperation(db, { price: PRICE });
        const branches = [await addWalletBranch(db), await addWalletBranch(db)];
        const model = [0, 0];
        const charges: { id: string; branch: number; refunded: boolean }[] = [];
        const charged = new Set<string>();

        for (const s of steps) {
          if (s.kind === 'credit') {
            await inTransaction(db, (ctx) => creditWallet(ctx, { branchId: branches[s.branch]!, amount: s.amount }));
            model[s.branch]! += s.amount;
          } else if (s.kind === 'adjust') {
            await attempt(() =>
              inTransaction(db, (ctx) => adjustWallet(ctx, { branchId: branches[s.branch]!, amount: s.amount, reason: 'test' })),
            );
            if (model[s.branch]! + s.amount >= 0) model[s.branch]! += s.amount;
          } else if (s.kind === 'charge') {
            const referenceId = `ref-${s.reference}`;
            await attempt(async () => {
              const result = await inTransaction(db, (ctx) =>
                chargeOperation(ctx, { branchId: branches[s.branch]!, operationKey: 'ADD_STUDENT', referenceId }),
              );
              if (result.charged) charges.push({ id: result.charge!.id, branch: s.branch, refunded: false });
            });
            const key = `${s.branch}:${referenceId}`;
            if (!charged.has(key) && model[s.branch]! >= PRICE) {
              charged.add(key);
              model[s.branch]! -= PRICE;
            }
          } else if (charges.length) {
            const target = charges[s.charge % charges.length]!;
            await attempt(() => inTransaction(db, (ctx) => refundCharge(ctx, { chargeId: target.id, reason: 'test' })));
            if (!target.refunded) {
              target.refunded = true;
              model[target.branch]! += PRICE;
            }
          }
        }

        for (const [index, branchId] of branches.entries()) {
          const balance = (await storedBalance(db, branchId)) ?? 0;
          expect(balance).toBe(model[index]);
          expect(balance).toBe(await ledgerSum(db, branchId));
          expect(balance).toBeGreaterThanOrEqual(0);
          let running = 0;
          for (const entry of await ledgerEntries(db, branchId)) {
            running += entry.amount;
            expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
          }
          expect(running).toBe(balance);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
