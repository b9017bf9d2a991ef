import type { z, ZodTypeAny } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A refusal particular to an endpoint. Those its access and method bring (401 without a token,
 * 403 without the permission, 409, 413 and 422 on any change) the OpenAPI document adds itself.
 */
export type RefusalStatus = 401 | 402 | 403 | 404 | 409 | 422 | 429;

/** A request that succeeds, shown in the OpenAPI document and sent by its conformance test. */
export interface EndpointExample {
  body?: unknown;
  query?: Record<string, string>;
}

/**
 * One endpoint of /api/v1 as both tiers know it: where it is, what it takes and what it answers.
 * The API implements it with `defineEndpoint({ ...contract, access, handle })`, which validates
 * with these schemas and documents them in the OpenAPI document; the web tier calls it with
 * `callEndpoint(api, contract, input)`, typed by the same schemas.
 */
export interface EndpointContract {
  method: HttpMethod;
  /** Under /api/v1, with `:name` for each path parameter. */
  path: string;
  summary: string;
  /** The OpenAPI tag; also tells which endpoints can change a caller (auth, users, permissions). */
  tag: string;
  /** A JSON body, validated before the handler runs. */
  body?: ZodTypeAny;
  /**
   * The message of a body that only lacks required fields, when the screens say it in their own
   * words (`errors` still names each field); other invalid bodies answer "Invalid request body".
   */
  missingFieldsMessage?: string;
  /**
   * A body the endpoint reads itself (JSON, or a browser form with files): not validated before
   * the handler, which holds JSON to this schema; it types what the web tier sends.
   */
  submission?: ZodTypeAny;
  query?: ZodTypeAny;
  params?: ZodTypeAny;
  /** `data` of a successful answer. */
  response?: ZodTypeAny;
  /** Answers a file of this type (or of one of these, as asked) rather than JSON when it succeeds. */
  produces?: FileType | readonly FileType[];
  /** Answers 201 Created rather than 200; `or-finds`: 200 when it
   * created nothing (it existed already, or there was nothing to create). */
  creates?: true | 'or-finds';
  /** Its own refusals besides those of its access and method. */
  refuses?: readonly RefusalStatus[];
  /** Answers the version of what it answers as `ETag`. */
  etag?: true;
  /** Takes `If-Match: "<version>"` and refuses a stale change with 412. */
  ifMatch?: true;
  /**
   * A public answer any cache may keep: `Cache-Control: public`, an `ETag` of its content, and
   * 304 with no body to an `If-None-Match` that names it.
   */
  cached?: true;
  example?: EndpointExample;
}

/** The types of file the API answers. */
export const fileTypes = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type FileType = (typeof fileTypes)[keyof typeof fileTypes];

/** Every type of file an endpoint may answer. */
export const producedTypes = (contract: Pick<EndpointContract, 'produces'>): readonly FileType[] =>
  contract.produces === undefined ? [] : typeof contract.produces === 'string' ? [contract.produces] : contract.produces;

/** Keeps the literal method and the exact schemas of a contract, so both tiers infer from it. */
export function defineContract<Contract extends EndpointContract>(contract: Contract): Contract {
  return contract;
}

/** The `data` a successful call answers. */
export type ResponseOf<Contract> = Contract extends { response: infer Schema extends ZodTypeAny } ? z.infer<Schema> : unknown;

/** A part of a request, optional when every field of it is. */
type Part<Name extends string, Value> = Record<never, never> extends Value ? { [key in Name]?: Value } : { [key in Name]: Value };
type SchemaPart<Contract, Key extends string, Name extends string = Key> = Contract extends {
  [key in Key]: infer Schema extends ZodTypeAny;
}
  ? Part<Name, z.input<Schema>>
  : Record<never, never>;

/** What a caller sends: the path parameters, the query and the body the contract declares. */
export type InputOf<Contract> = SchemaPart<Contract, 'params'> &
  SchemaPart<Contract, 'query'> &
  SchemaPart<Contract, 'body'> &
  SchemaPart<Contract, 'submission', 'body'>;

/** The query a caller sends, for a service that takes it whole. */
export type QueryOf<Contract> = InputOf<Contract> extends { query?: infer Query } ? Query : never;
/** The body a caller sends, for a service that takes it whole. */
export type BodyOf<Contract> = InputOf<Contract> extends { body?: infer Body } ? Body : never;

/** The path of a call: each `:name` replaced by its parameter. */
export function pathOf(contract: EndpointContract, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
