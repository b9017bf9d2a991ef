import { MB } from '../../common/uploads/rules';
import { badRequest, HttpError } from './errors';

/**
 * How much of a request body a process takes. The process runs under a 128 MB heap: one body read
 * whole, decoded and parsed could fill it, and so could many bodies of an allowed size at once.
 */

/** A JSON command or a form without files; the largest are form configurations, tens of KB. */
export const TEXT_BODY_BYTES = 256 * 1024;

/** Sign-in, refresh, sign-out, a password change: an email, a password or a token. */
export const CREDENTIALS_BODY_BYTES = 4 * 1024;

/**
 * A form with its files, posted whole (the API's record submissions, the web tier's forms): a few
 * files of at most 5 MB each (SPEC.md section 9).
 */
export const FORM_WITH_FILES_BYTES = 64 * MB;

/** Bytes of bodies all requests of the process may be receiving at once. */
export const BODIES_IN_FLIGHT_BYTES = 80 * MB;

/** JSON deeper than this, or with longer arrays, is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_ARRAY_LENGTH = 10_000;

export const isMultipart = (contentType: string | null | undefined) => /^multipart\/form-data/i.test(contentType ?? '');

/** Types read whole and decoded as text (a missing type is read as JSON). */
const isText = (contentType: string | null | undefined) =>
  !contentType || /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(contentType);

export interface BodyLimits {
  /** The endpoint's own limit: what a form with files or a file may reach. */
  maxBytes?: number;
  /** Whatever its type, the body is decoded as text and parsed whole. */
  decodedAsText: boolean;
}

/**
 * The largest body a request may send: a body decoded as text and parsed whole is held to
 * TEXT_BODY_BYTES (or less); files, in multipart or binary bodies, to the endpoint's own limit.
 */
export function bodyLimitFor(contentType: string | null | undefined, { maxBytes, decodedAsText }: BodyLimits): number {
  if (decodedAsText || isText(contentType)) return Math.min(maxBytes ?? TEXT_BODY_BYTES, TEXT_BODY_BYTES);
  return maxBytes ?? TEXT_BODY_BYTES;
}

export const tooLargeMessage = (limit: number) =>
  limit >= MB
    ? `The request is larger than the ${Math.floor(limit / MB)}MB accepted here`
    : `The request is larger than the ${Math.floor(limit / 1024)}KB accepted here`;

export const busyMessage = 'The server is receiving too much at once. Please try again in a moment.';

/**
 * Bytes reserved for bodies being received. A request reserves what it declares (its limit when
 * it declares nothing) before its body is read and gives it back when it is answered; a request
 * that does not fit is refused at once rather than queued, since a queue of bodies is memory too.
 */
export function createBodyBudget(totalBytes: number) {
  let reserved = 0;
  return {
    reserve(bytes: number): (() => void) | null {
      if (bytes > 0 && reserved + bytes > totalBytes) return null;
      reserved += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        reserved -= bytes;
      };
    },
    get reserved() {
      return reserved;
    },
  };
}

/** One per process, shared by the API and the web tier. */
export const bodyBudget = createBodyBudget(BODIES_IN_FLIGHT_BYTES);

export type BodyAdmission =
  { kind: 'too-large'; message: string } | { kind: 'busy'; message: string } | { kind: 'admitted'; limit: number; release: () => void };

/** How a tier answers a body it does not take: 413, or 503 with when to try again. */
export function refusalOf(admission: Exclude<BodyAdmission, { kind: 'admitted' }>): {
  status: 413 | 503;
  headers: Record<string, string>;
  message: string;
} {
  return admission.kind === 'busy'
    ? { status: 503, headers: { 'Retry-After': '1' }, message: admission.message }
    : { status: 413, headers: {}, message: admission.message };
}

/**
 * Judges a request by its headers before a byte of its body is read: a declared length beyond the
 * limit is refused (Node reads no byte beyond a declared length), and a body sent without one
 * (chunked) holds its whole limit of the budget while the reader counts it.
 */
export function admitBody(
  request: { contentType: string | null | undefined; contentLength: string | null | undefined; chunked: boolean },
  limits: BodyLimits,
  budget = bodyBudget,
): BodyAdmission {
  const limit = bodyLimitFor(request.contentType, limits);
  const declared = Number(request.contentLength ?? 0) || 0;
  if (!request.chunked && declared > limit) return { kind: 'too-large', message: tooLargeMessage(limit) };
  const release = budget.reserve(request.chunked ? limit : declared);
  return release ? { kind: 'admitted', limit, release } : { kind: 'busy', message: busyMessage };
}

/**
 * A body read as JSON, whatever type it was sent as: text, so held to TEXT_BODY_BYTES (a body that
 * came in under a larger limit as another type is refused here); empty reads as {}.
 */
export function parseJsonBody(bytes: ArrayBuffer | Uint8Array): unknown {
  if (bytes.byteLength > TEXT_BODY_BYTES) throw new HttpError(413, tooLargeMessage(TEXT_BODY_BYTES));
  const raw = new TextDecoder().decode(bytes);
  if (!raw.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  return requireJsonShape(value);
}

/**
 * Refuses (400) JSON that nests deeper or holds longer arrays than the limits, before any
 * recursive code walks it.
 */
export function requireJsonShape<T>(value: T): T {
  const problem = jsonShapeProblem(value);
  if (problem) throw badRequest(problem);
  return value;
}

/** It keeps a list of its own rather than recursing: the value may be deeper than the stack. */
function jsonShapeProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `JSON may nest at most ${MAX_JSON_DEPTH} levels deep`;
    const children = Array.isArray(item) ? item : Object.values(item);
    if (Array.isArray(item) && item.length > MAX_JSON_ARRAY_LENGTH) {
      return `A JSON array may hold at most ${MAX_JSON_ARRAY_LENGTH} items`;
    }
    for (const child of children) pending.push([child, depth + 1]);
  }
  return null;
}
