import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { compiledQuery } from '../../../db/compiled-query';
import { operationPrices } from '../../../db/schema';
import type { OperationPrice } from '../../../../common/wallet';

type Row = typeof operationPrices.$inferSelect;

function toOperationPrice(row: Row): OperationPrice {
  return {
    _id: row.id,
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listOperationPrices(db: Executor): Promise<OperationPrice[]> {
  const rows = await db.select().from(operationPrices).orderBy(asc(operationPrices.operationName), asc(operationPrices.id));
  return rows.map(toOperationPrice);
}

export async function findOperationPrice(db: Executor, id: string): Promise<OperationPrice | null> {
  const [row] = await db.select().from(operationPrices).where(eq(operationPrices.id, id));
  return row ? toOperationPrice(row) : null;
}

export async function findOperationPriceByKey(db: Executor, operationKey: string): Promise<OperationPrice | null> {
  const [row] = await priceByKey(db, { operationKey });
  return row ? toOperationPrice(row) : null;
}

const priceByKey = compiledQuery('operation_price_by_key', getTableColumns(operationPrices), (db, selection) =>
  db
    .select(selection)
    .from(operationPrices)
    .where(eq(operationPrices.operationKey, sql.placeholder('operationKey'))),
);

/**
 * Reads a price and locks its row until the transaction ends, so two changes of one price
 * (two toggles, say) apply one after the other, each to what the other left.
 */
export async function lockOperationPrice(tx: Executor, id: string): Promise<OperationPrice | null> {
  const [row] = await tx.select().from(operationPrices).where(eq(operationPrices.id, id)).for('update');
  return row ? toOperationPrice(row) : null;
}
