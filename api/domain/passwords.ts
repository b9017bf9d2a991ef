import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, two passes, one lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no user matches keeps a wrong email as slow as a wrong password. */
export const decoyHash = hashPassword('decoy-password-never-matches');
