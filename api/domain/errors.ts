import { HttpError } from '../http/errors';

/** Why the domain refused a command, answered with the HTTP status of each kind. */
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors ? { errors } : undefined);
