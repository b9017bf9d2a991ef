import { randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or off paper is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A verification code: 100 random bits as 20 characters in four groups of five. Random, not
 * sequential, so holding one code tells nothing of any other.
 */
export function newVerificationCode(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 20; i++) {
    code += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code.match(/.{5}/g)!.join('-');
}
