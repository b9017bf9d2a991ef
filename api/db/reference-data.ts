import type { Clock } from '../domain/clock';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { syncPermissions } from '../domain/permissions/sync';
import type { Db } from './client';

/**
 * What every database needs whether or not it holds demo data: the permission catalogue of this
 * version of the code and the four default forms. Both commands only add what is missing.
 */
export async function ensureReferenceData(db: Db, clock: Clock) {
  await db.transaction(async (tx) => {
    const ctx = { tx, meta: { occurredAt: clock.now(), actorId: null, requestId: 'startup' } };
    await syncPermissions(ctx);
    await ensureDefaultFormConfigs(ctx);
  });
}
