/**
 * Why the domain refused a command. The domain says what went wrong, never how a transport
 * answers it: the API's error handler turns each kind into its HTTP status once.
 */
export type DomainErrorKind =
  /** The input breaks a rule of the command (a missing field, a bad value). */
  | 'invalid'
  /** The caller may not do this to this record. */
  | 'forbidden'
  | 'not-found'
  /** The command clashes with the current state (a name taken, a charge refunded before). */
  | 'conflict'
  /** The caller acted on a version that is no longer the current one. */
  | 'stale'
  /** A wallet holds too little for a charge or a negative adjustment. */
  | 'insufficient-balance';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Messages per field, for a form to show beside each field. */
    readonly errors?: Record<string, string[]>,
    /** Facts a client may act on (the balance a charge found). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new DomainError('not-found', `${what} not found`);
/** For a not-found whose message is not "<what> not found". */
export const missing = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const invalid = (message: string, errors?: Record<string, string[]>) => new DomainError('invalid', message, errors);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const stale = (message: string) => new DomainError('stale', message);
