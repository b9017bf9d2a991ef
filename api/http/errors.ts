import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainErrorKind } from '../domain/errors';

/**
 * A refusal that belongs to HTTP itself (no token, an expired one, a body the API cannot read):
 * thrown anywhere below a handler, shaped into the envelope. The domain throws DomainError.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A request whose parameters, query or body cannot be read as the endpoint declares them. */
export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors ? { errors } : undefined);

/** How each refusal of the domain is answered. */
export const statusOfDomainError: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  'insufficient-balance': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  stale: 412,
};
