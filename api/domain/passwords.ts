import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, two passes, one lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Every form keeps a password without its surrounding spaces, so a password is checked the same
// way: one pasted with a space at either end, as password managers and copies often do, still
// matches.
export function hashPassword(password: string): Promise<string> {
  return hash(password.trim(), options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.trim());
  } catch {
    return false;
  }
}

/** Verifying against this when no user matches keeps a wrong email as slow as a wrong password. */
export const decoyHash = hashPassword('decoy-password-never-matches');
