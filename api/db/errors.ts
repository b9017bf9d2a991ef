/** PostgreSQL's unique_violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint;
}

/**
 * The connection to the database was lost mid-request: the server ended it (57P01 after
 * pg_terminate_backend, a shutdown, a crash), a connection-class error (08xxx), or the driver
 * saw the socket close (a later statement on that client, its ROLLBACK too, is refused as "not
 * queryable"). Nothing the request did is committed unless its COMMIT had already gone through,
 * so the caller may retry (safely with an Idempotency-Key).
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = findPgError(error)?.code;
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))) return true;
  for (let current: unknown = error, depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (/Connection terminated|connection (?:is )?closed|not queryable|ECONNRESET|ECONNREFUSED/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** drizzle wraps driver errors; the PostgreSQL fields sit on the error or on its cause. */
function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}
