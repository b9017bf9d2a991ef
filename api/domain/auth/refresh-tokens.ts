import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { newId } from '../ids';
import type { AuthConfig } from './config';

/** Refresh tokens carry 256 random bits, so a plain SHA-256 is enough to store them safely. */
function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueRefreshToken(
  db: Executor,
  config: AuthConfig,
  now: Date,
  userId: string,
  familyId: string = newId(now.getTime()),
): Promise<{ token: string; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    id: newId(now.getTime()),
    familyId,
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + config.refreshTokenTtlSeconds * 1000),
    createdAt: now,
  });
  return { token, familyId };
}

export type RotationResult =
  | { kind: 'rotated'; userId: string; familyId: string; token: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string; familyId: string };

/**
 * Swaps a refresh token for a new one of the same family. Presenting a token that was already
 * swapped means it leaked (or two clients raced): the whole family is revoked.
 */
export async function rotateRefreshToken(db: Executor, config: AuthConfig, now: Date, token: string): Promise<RotationResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'invalid' };
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { kind: 'reused', userId: row.userId, familyId: row.familyId };
  }
  const next = await issueRefreshToken(db, config, now, row.userId, row.familyId);
  return { kind: 'rotated', userId: row.userId, familyId: row.familyId, token: next.token };
}

export async function revokeFamily(db: Executor, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function familyOf(db: Executor, token: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row ?? null;
}
