/** A refusal's wait, in whole seconds, for Retry-After. */
export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string, now: Date): Admission;
}

/**
 * Counts requests per key (a caller's address) in fixed windows of this process; a key past its
 * limit waits for the window to end. The counts start afresh each window, and keys past `maxKeys`
 * in one window share one count, so memory stays bounded whatever the callers send.
 */
export function fixedWindowLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    take(key, now) {
      const at = now.getTime();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        counts = new Map();
      }
      const counted = counts.has(key) || counts.size < maxKeys ? key : '';
      const count = (counts.get(counted) ?? 0) + 1;
      counts.set(counted, count);
      if (count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
  };
}
