import { createHash } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import type { EndpointContract, FileType, HttpMethod } from '../../common/contracts/endpoint';
import type { Executor, Tx } from '../db/client';
import { compiledQuery } from '../db/compiled-query';
import type { EventMetadata } from '../db/event-store';
import { ConcurrencyError } from '../db/event-store';
import { idempotencyKeys } from '../db/schema';
import type { ApiDeps, ApiEnv } from './context';
import { HttpError, badRequest } from './errors';
import { authenticate, authorize } from './authenticate';
import { requireStorableText } from './storable-text';
import { admitBody, parseJsonBody, refusalOf, tooLargeMessage, type BodyLimits } from './body-limits';
import type { Actor } from '../domain/auth/actor';

/** Who may call an endpoint. Every endpoint states it; the authorization tests walk them all. */
export type Access =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permission'; anyOf: readonly string[] } | { kind: 'superadmin' };

type SuccessStatus = 200 | 201 | 202;
type FailureStatus = 400 | 401 | 403 | 409 | 422 | 429;

/**
 * A handler's answer. Statuses of 400 and above are failures that still commit the transaction
 * (a failed sign-in is recorded); failures that must change nothing are thrown as HttpError.
 */
export interface Reply<Data = unknown> {
  status?: SuccessStatus | FailureStatus;
  message: string;
  data: Data;
  /** Messages per field of the request, as a thrown badRequest gives them. */
  errors?: Record<string, string[]>;
  /** A public answer any cache may keep (its contract says `cached`): the tag of its content and for how long. */
  cache?: PublicCache;
}

export interface PublicCache {
  etag: string;
  maxAgeSeconds: number;
}

/**
 * A file a handler answers instead of JSON: its bytes (or a stream of them, for a file made as it
 * is sent), and the name a browser saves it under; `download` asks the browser to save it rather
 * than show it.
 */
export interface FileReply {
  file: { bytes: Uint8Array | ReadableStream<Uint8Array>; name: string; type: FileType; download?: true };
}

/** A handler's answer as its contract types it: the contract's data, or nothing on a failure. */
export type TypedReply<Data> = { status?: SuccessStatus; message: string; data: Data; cache?: PublicCache } | FailureReply;

/** What an endpoint that produces a file answers: the file, or a failure. */
export type FileAnswer = FileReply | FailureReply;

/** A failure a handler answers (and commits) rather than throws, with messages per field where it has them. */
export interface FailureReply {
  status: FailureStatus;
  message: string;
  data: null;
  errors?: Record<string, string[]>;
}

export interface HandlerInput<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  /** The signed-in caller; null only on public endpoints called without a token. */
  actor: Actor | null;
  /** The open transaction for mutating endpoints, the database for reads. */
  db: Executor;
  /** Stamped onto every event the request appends. */
  meta: EventMetadata;
  deps: ApiDeps;
  c: Context<ApiEnv>;
}

/**
 * What mountEndpoints guarantees a handler: `authorize` lets no caller without a token past any
 * access but 'public', and every method but GET runs in a transaction handed in as `tx`.
 */
export type Guaranteed<Method extends HttpMethod, Kind extends Access['kind'], Body, Query, Params> = Omit<
  HandlerInput<Body, Query, Params>,
  'actor'
> & { actor: Kind extends 'public' ? Actor | null : Actor } & (Method extends 'get' ? { tx?: undefined } : { tx: Tx });

interface Implementation {
  access: Access;
  /**
   * Largest request body accepted (413 beyond it). A body decoded as text (JSON, a urlencoded
   * form, any body of an endpoint with a body schema) is held to TEXT_BODY_BYTES whatever this says.
   */
  maxBodyBytes?: number;
  /**
   * Changes form configurations or operation prices. The database announces such changes to every
   * process a moment after they commit; the process that made one forgets its kept settings
   * before it answers, so its own next request already sees it.
   */
  changesSettings?: boolean;
  /**
   * Its answer carries secrets (tokens). Such an answer is never stored for replay, so the
   * endpoint does not honour Idempotency-Key: a retry acts anew (a retried refresh finds its token
   * used and ends the session, the safe way to fail).
   */
  answersWithSecrets?: boolean;
}

export interface Endpoint<Body = unknown, Query = unknown, Params = unknown>
  extends Omit<EndpointContract, 'body' | 'query' | 'params'>, Implementation {
  body?: z.ZodType<Body, z.ZodTypeDef, unknown>;
  query?: z.ZodType<Query, z.ZodTypeDef, unknown>;
  params?: z.ZodType<Params, z.ZodTypeDef, unknown>;
  prepare?(input: HandlerInput<Body, Query, Params> & { db: Executor }): Promise<unknown>;
  handle(input: HandlerInput<Body, Query, Params> & { db: Executor; tx?: Tx; prepared?: unknown }): Promise<Reply | FileReply>;
}

/**
 * An endpoint: its contract from common/contracts (spread in) and who may call it and how it
 * answers. The handler's input and answer are typed by the contract's schemas and the access.
 */
export function defineEndpoint<
  Method extends HttpMethod,
  Kind extends Access['kind'],
  Body = undefined,
  Query = undefined,
  Params = undefined,
  Data = unknown,
  Prepared = undefined,
>(
  endpoint: Omit<EndpointContract, 'method' | 'body' | 'query' | 'params' | 'response'> &
    Omit<Implementation, 'access'> & {
      method: Method;
      access: Access & { kind: Kind };
      body?: z.ZodType<Body, z.ZodTypeDef, unknown>;
      query?: z.ZodType<Query, z.ZodTypeDef, unknown>;
      params?: z.ZodType<Params, z.ZodTypeDef, unknown>;
      response?: z.ZodType<Data, z.ZodTypeDef, unknown>;
      /**
       * Slow work that needs no transaction (decoding an uploaded image), done before a mutation's
       * transaction opens so the database waits on none of it; its result reaches `handle` as
       * `prepared`. It may read the database but never write: a retry or a replay runs it again.
       */
      prepare?(input: Guaranteed<'get', Kind, Body, Query, Params>): Promise<Prepared>;
      /** Answers what the contract's response declares: the schema alone decides the type. */
      handle(input: Guaranteed<Method, Kind, Body, Query, Params> & { prepared: Prepared }): Promise<TypedReply<NoInfer<Data>>>;
    },
): Endpoint<Body, Query, Params> {
  // The handler asks for what Guaranteed promises; mountEndpoints keeps that promise.
  return endpoint as Endpoint<Body, Query, Params>;
}

/**
 * An endpoint that answers a file (its contract's `produces`): a read, so it runs outside a
 * transaction, whatever its method. A POST one takes in its body what the file is made from (a
 * draft to preview); it changes nothing, so it needs no Idempotency-Key: a retry makes the file
 * again, and keeping the file for a replay would only fill the table of keys.
 */
export function defineFileEndpoint<Kind extends Access['kind'], Body = undefined, Query = undefined, Params = undefined>(
  endpoint: Omit<EndpointContract, 'method' | 'body' | 'query' | 'params' | 'response' | 'produces'> & {
    method: 'get' | 'post';
    produces: NonNullable<EndpointContract['produces']>;
    access: Access & { kind: Kind };
    body?: z.ZodType<Body, z.ZodTypeDef, unknown>;
    query?: z.ZodType<Query, z.ZodTypeDef, unknown>;
    params?: z.ZodType<Params, z.ZodTypeDef, unknown>;
    handle(input: Guaranteed<'get', Kind, Body, Query, Params>): Promise<FileAnswer>;
  },
): Endpoint<Body, Query, Params> {
  return endpoint as Endpoint<Body, Query, Params>;
}

/** Whether a call may change something: it runs in a transaction, and an Idempotency-Key replays it. Files answer reads. */
export const changesState = (endpoint: Pick<EndpointContract, 'method' | 'produces'>) =>
  endpoint.method !== 'get' && endpoint.produces === undefined;

const MAX_ATTEMPTS = 4;

/**
 * Tags of the endpoints that can change a caller: users, their permissions, sessions. The
 * database announces such changes to every process a moment after they commit; the process that
 * made one forgets its callers before it answers, so its own next request already sees it.
 */
const CALLER_CHANGING_TAGS = new Set(['auth', 'users', 'permissions']);

export function mountEndpoints(app: Hono<ApiEnv>, deps: ApiDeps, endpoints: Endpoint[]) {
  for (const endpoint of endpoints) {
    app.on(
      endpoint.method.toUpperCase(),
      endpoint.path,
      limitBody({ maxBytes: endpoint.maxBodyBytes, decodedAsText: endpoint.body !== undefined }),
    );
    app.on(endpoint.method.toUpperCase(), endpoint.path, async (c) => {
      const actor = await authenticate(c, deps).catch((error: unknown) => {
        // A public endpoint serves anyone: a token that no longer works (the expired one a client
        // sends along when it refreshes or signs out) makes the caller anonymous, not refused.
        if (endpoint.access.kind === 'public' && error instanceof HttpError) return null;
        throw error;
      });
      authorize(endpoint.access, actor);
      // Read as bytes: a multipart body carries files that text decoding would damage, and Hono
      // serves every later reading (text, form data) from this first one.
      const bytes =
        endpoint.method === 'get' || endpoint.method === 'delete' ? new Uint8Array() : new Uint8Array(await c.req.arrayBuffer());
      // An endpoint without a body schema reads its body itself (a form with files).
      const received = endpoint.body ? parseJsonBody(bytes) : undefined;
      requireStorableText({ params: c.req.param(), query: c.req.queries(), body: received });
      const body = endpoint.body ? parse(endpoint.body, received, 'body', endpoint.missingFieldsMessage) : undefined;
      const query = endpoint.query ? parse(endpoint.query, c.req.query(), 'query') : undefined;
      const params = endpoint.params ? parse(endpoint.params, c.req.param(), 'params') : undefined;
      const meta = (): EventMetadata => ({
        actorId: actor?.id ?? null,
        branchId: actor?.branchId ?? null,
        requestId: c.get('requestId'),
        occurredAt: deps.clock.now(),
      });
      const command = changesState(endpoint);
      const key = command && !endpoint.answersWithSecrets ? c.req.header('Idempotency-Key') : undefined;
      const requestHash = createHash('sha256').update(`${endpoint.method} ${c.req.path}\n`).update(bytes).digest('hex');
      const actorId = meta().actorId ?? null;
      const idempotency = key ? { key: scopedKey(key, actorId), actorId, requestHash } : null;
      // A retry whose first answer is kept is answered before `prepare`, whose work (reading and
      // decoding an upload) the replay would throw away.
      if (idempotency && endpoint.prepare) {
        const [previous] = await answerOfKey(deps.database.db, { key: idempotency.key });
        if (previous) {
          // Judged before the header is set: a key used for another request is refused, not replayed.
          const replay = replayOf(previous, requestHash);
          c.header('Idempotent-Replayed', 'true');
          return respond(c, replay);
        }
      }
      const prepared = endpoint.prepare
        ? await endpoint.prepare({ body, query, params, actor, deps, c, db: deps.database.db, meta: meta() })
        : undefined;
      const input = { body, query, params, actor, deps, c, prepared };

      if (!command) {
        return respond(c, await endpoint.handle({ ...input, db: deps.database.db, meta: meta() }));
      }
      const stored = await runCommand(deps, idempotency, async (tx) => {
        const reply = await endpoint.handle({ ...input, db: tx, tx, meta: meta() });
        // Files answer reads; a change answers JSON, which a replay can repeat.
        if ('file' in reply) throw new Error(`${endpoint.method} ${endpoint.path} answered a file`);
        return reply;
      });
      if (CALLER_CHANGING_TAGS.has(endpoint.tag)) deps.callers.forget();
      if (endpoint.changesSettings) deps.settings.forget();
      if (stored.replayed) c.header('Idempotent-Replayed', 'true');
      return respond(c, stored.reply);
    });
  }
}

function scopedKey(key: string, actorId: string | null | undefined) {
  if (key.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters');
  return `${actorId ?? 'anonymous'}:${key}`;
}

/**
 * Claims a key for this transaction: a row no one else can see until it commits. A copy of the
 * request that comes while the first still runs waits on the key's unique index for the first to
 * end, then finds its answer (or, if the first rolled back, claims the key itself).
 */
const claimKey = compiledQuery('idempotency_claim', { key: idempotencyKeys.key }, (db, selection) =>
  db
    .insert(idempotencyKeys)
    .values({
      key: sql.placeholder('key'),
      actorId: sql.placeholder('actorId'),
      requestHash: sql.placeholder('requestHash'),
      status: 0,
      body: sql`'null'::jsonb`,
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning(selection),
);
const answerOfKey = compiledQuery('idempotency_answer', getTableColumns(idempotencyKeys), (db, selection) =>
  db
    .select(selection)
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder('key'))),
);
const keepAnswer = compiledQuery('idempotency_keep', {}, (db) =>
  db
    .update(idempotencyKeys)
    .set({ status: sql`${sql.placeholder('status')}`, body: sql`${sql.placeholder('body')}::jsonb` })
    .where(eq(idempotencyKeys.key, sql.placeholder('key'))),
);

/** The answer kept for a key, to be sent again; a key already used for another request is refused. */
function replayOf(previous: typeof idempotencyKeys.$inferSelect, requestHash: string): Reply {
  if (previous.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  return { ...(previous.body as Reply), status: previous.status as Reply['status'] };
}

/**
 * Runs a mutation in one transaction together with its idempotency record, so a retry with the
 * same key sees either nothing or the complete first answer. Writers that lost a race on a
 * stream written with `any` are retried; explicit version conflicts reach the caller as 409,
 * after a retry when the request has a key (the winner may have been the same request, whose
 * answer the retry then replays).
 */
async function runCommand(
  deps: ApiDeps,
  idempotency: { key: string; actorId: string | null; requestHash: string } | null,
  work: (tx: Tx) => Promise<Reply>,
): Promise<{ reply: Reply; replayed: boolean }> {
  const { db } = deps.database;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (idempotency) {
          const { key, requestHash } = idempotency;
          // Copies of one request take turns: a copy that comes while the first still runs waits
          // for its answer, rather than acting on what the first leaves behind and failing where
          // the first succeeded (a refund "already refunded", an admission short of money).
          const claimed = await claimKey(tx, { ...idempotency, createdAt: deps.clock.now() });
          const [previous] = claimed.length ? [] : await answerOfKey(tx, { key });
          if (previous) return { reply: replayOf(previous, requestHash), replayed: true };
        }
        const reply = await work(tx);
        if (idempotency) {
          await keepAnswer(tx, {
            key: idempotency.key,
            status: reply.status ?? 200,
            body: JSON.stringify({ message: reply.message, data: reply.data ?? null }),
          });
        }
        return { reply, replayed: false };
      });
    } catch (error) {
      const retryable = error instanceof ConcurrencyError && (error.expected === 'any' || idempotency !== null);
      if (!retryable || attempt >= MAX_ATTEMPTS) {
        if (error instanceof ConcurrencyError) throw new HttpError(409, error.message);
        throw error;
      }
    }
  }
}

function respond(c: Context<ApiEnv>, reply: Reply | FileReply) {
  if ('file' in reply) {
    const { bytes, name, type, download } = reply.file;
    c.header('Content-Type', type);
    c.header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="${name.replace(/[^\w.-]+/g, '-')}"`);
    return c.body(bytes as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, 200);
  }
  if (reply.cache) {
    c.header('ETag', reply.cache.etag);
    c.header('Cache-Control', `public, max-age=${reply.cache.maxAgeSeconds}`);
    if (namesTag(c.req.header('If-None-Match'), reply.cache.etag)) return c.body(null, 304);
  }
  const status = reply.status ?? 200;
  return c.json(
    { success: status < 400, message: reply.message, data: reply.data ?? null, ...(reply.errors && { errors: reply.errors }) },
    status,
  );
}

/** Whether an If-None-Match header names the tag: one of its list, weak or strong, or `*`. */
function namesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const tag = item.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Holds every request to the body limit of its endpoint and kind, and to the process's budget of
 * bodies in flight, before a byte of the body is read.
 */
function limitBody(limits: BodyLimits): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const length = c.req.header('Content-Length');
    // Sent without a length: chunked over HTTP, or a web Request handed over in the process.
    const chunked = c.req.header('Transfer-Encoding') !== undefined || (length === undefined && !['GET', 'HEAD'].includes(c.req.method));
    const admission = admitBody({ contentType: c.req.header('Content-Type'), contentLength: length, chunked }, limits);
    if (admission.kind !== 'admitted') {
      const refusal = refusalOf(admission);
      return c.json({ success: false, message: refusal.message }, refusal.status, refusal.headers);
    }
    try {
      // Hono's limit counts the bytes of a body sent without a length as it reads them. A declared
      // length needs no counting: it would turn the request into a web Request with a stream body,
      // a tenth of a small command's work.
      if (!chunked) return await next();
      const tooLarge = (c: Context<ApiEnv>) => c.json({ success: false, message: tooLargeMessage(admission.limit) }, 413);
      return await bodyLimit({ maxSize: admission.limit, onError: tooLarge })(c, next);
    } finally {
      admission.release();
    }
  };
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown, part: string, missingFieldsMessage?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || part;
    (errors[field] ??= []).push(issue.message);
  }
  const onlyMissing = result.error.issues.every(
    (issue) => issue.code === 'invalid_type' && issue.received === 'undefined' && issue.path.length > 0,
  );
  throw badRequest(missingFieldsMessage && onlyMissing ? missingFieldsMessage : `Invalid request ${part}`, errors);
}
