import { eq } from 'drizzle-orm';
import { append } from '../../db/event-store';
import { users } from '../../db/schema';
import type { CommandContext } from '../command';
import { hashPassword, verifyPassword } from '../passwords';
import { revokeSessions, userStream } from '../users';
import type { AuthConfig } from './config';
import { beginGuess, recordFailedGuess } from './sign-in';

export type PasswordChangeResult = 'changed' | 'wrong-password' | 'rate-limited';

/**
 * A signed-in user's own password change. The current password is a guess like a sign-in's, held
 * to the same rate limit; a change ends every other session of the user, as a reset does, since
 * the change may be the answer to someone else holding one. The session that changed it stays.
 */
export async function changeOwnPassword(
  ctx: CommandContext,
  config: AuthConfig,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string; ip: string },
): Promise<PasswordChangeResult> {
  const { tx, meta } = ctx;
  const [user] = await tx.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!user) return 'wrong-password';
  const email = user.email.trim().toLowerCase();
  if (await beginGuess(tx, config, email, input.ip, meta.occurredAt)) return 'rate-limited';
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailedGuess(ctx, email, input.ip);
    return 'wrong-password';
  }
  await append(
    tx,
    userStream(input.userId),
    'any',
    [{ type: 'UserPasswordChanged', data: { passwordHash: await hashPassword(input.newPassword) } }],
    meta,
  );
  await revokeSessions(tx, input.userId, meta.occurredAt, input.sessionId);
  return 'changed';
}
