import { and, count, eq, gt, sql } from 'drizzle-orm';
import { append, type StreamRef } from '../../db/event-store';
import { signInAttempts, users } from '../../db/schema';
import type { CommandContext } from '../command';
import { decoyHash, verifyPassword } from '../passwords';
import { userStream } from '../users';
import { issueAccessToken } from './access-tokens';
import type { AuthConfig } from './config';
import type { SignInEvent } from './events';
import { issueRefreshToken } from './refresh-tokens';
import { loadSessionUser } from './session-user';
import type { SessionUser } from '../../../common/contracts/auth';

export type SignInResult =
  | { kind: 'signed-in'; accessToken: string; refreshToken: string; user: SessionUser }
  | { kind: 'invalid' }
  | { kind: 'inactive' }
  | { kind: 'rate-limited' };

const signInStream = (email: string): StreamRef<SignInEvent> => ({ type: 'sign-in', id: `sign-in:${email}` });

/**
 * Checks credentials and opens a session. Failures are recorded (and counted towards the rate
 * limit) in the same transaction, so the caller must commit even when sign-in fails.
 */
export async function signIn(
  { tx, meta }: CommandContext,
  config: AuthConfig,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const now = meta.occurredAt;
  if (await beginGuess(tx, config, email, input.ip, now)) return { kind: 'rate-limited' };

  const [user] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status, role: users.role, branchId: users.branchId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);

  if (!user || !passwordMatches) {
    await recordFailedGuess({ tx, meta }, email, input.ip);
    return { kind: 'invalid' };
  }
  // Only a right password learns that the account is inactive (docs/decisions/020). It still
  // counts as a failure: the guesses that may find it out are those of the rate limit, no more.
  if (user.status !== 'active') {
    await recordFailedGuess({ tx, meta }, email, input.ip);
    return { kind: 'inactive' };
  }

  await tx.insert(signInAttempts).values({ email, ip: input.ip, succeeded: true, at: now });
  const { token: refreshToken, familyId } = await issueRefreshToken(tx, config, now, user.id);
  await append(tx, userStream(user.id), 'any', [{ type: 'UserSignedIn', data: { sessionId: familyId, ip: input.ip } }], {
    ...meta,
    actorId: user.id,
    branchId: user.branchId,
  });
  const accessToken = await issueAccessToken(config, now, { sub: user.id, role: user.role, sid: familyId });
  const sessionUser = (await loadSessionUser(tx, user.id))!;
  return { kind: 'signed-in', accessToken, refreshToken, user: sessionUser };
}

/**
 * Starts a guess at the password of `email` (a sign-in, or the current password of a password
 * change): guesses of one email take turns, so a burst cannot all pass the count before any of
 * them is recorded. Answers whether the guess is refused by the rate limit.
 */
export async function beginGuess(tx: CommandContext['tx'], config: AuthConfig, email: string, ip: string, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
  return isRateLimited(tx, config, email, ip, new Date(now.getTime() - config.failureWindowSeconds * 1000));
}

/** Counted towards the rate limit, so the caller must commit even when the guess fails. */
export async function recordFailedGuess({ tx, meta }: CommandContext, email: string, ip: string) {
  await tx.insert(signInAttempts).values({ email, ip, succeeded: false, at: meta.occurredAt });
  await append(tx, signInStream(email), 'any', [{ type: 'SignInFailed', data: { email, ip } }], meta);
}

/** Failures since the last success for this email, and all failures from this address. */
async function isRateLimited(tx: CommandContext['tx'], config: AuthConfig, email: string, ip: string, since: Date): Promise<boolean> {
  const [lastSuccess] = await tx
    .select({ at: sql<Date>`max(${signInAttempts.at})` })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, true), gt(signInAttempts.at, since)));
  const emailSince = lastSuccess?.at ? new Date(lastSuccess.at) : since;
  const [byEmail] = await tx
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false), gt(signInAttempts.at, emailSince)));
  if ((byEmail?.n ?? 0) >= config.maxFailuresPerEmail) return true;
  const [byIp] = await tx
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.at, since)));
  return (byIp?.n ?? 0) >= config.maxFailuresPerIp;
}
