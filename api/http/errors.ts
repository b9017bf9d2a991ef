/** An error with an HTTP answer: thrown anywhere below a handler, shaped into the envelope. */
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

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors ? { errors } : undefined);
