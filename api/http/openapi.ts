import {
  extendZodWithOpenApi,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z, type ZodTypeAny } from 'zod';
import { producedTypes } from '../../common/contracts/endpoint';
import { changesState, type Endpoint } from './endpoint';

// Query and path parameters are described through the `.openapi()` method this adds to zod.
extendZodWithOpenApi(z);

/** A body an endpoint reads itself, as a browser's form sends it. */
const formSubmission = z
  .object({ formType: z.string().max(60).optional() })
  .catchall(z.union([z.string(), z.string().openapi({ format: 'binary' })]))
  .openapi({ description: 'Each field under its name; a list as JSON text; a file as a file part under its field’s name' });

/** Every refusal and failure, whatever its status, in one envelope. */
const errorAnswer = z
  .object({
    success: z.literal(false),
    message: z.string().describe('Said to the user as it is'),
    errors: z.record(z.array(z.string())).optional().describe('Messages per field of the request, under the field’s name'),
    data: z.record(z.unknown()).nullable().optional().describe('Facts a client may act on, such as the balance a charge found too small'),
    requestId: z.string().optional().describe('Names the failure in the server’s log'),
  })
  .openapi('Error');

const refusals: Record<number, string> = {
  400: 'The request cannot be read as the endpoint declares it, or breaks a rule: `errors` lists the messages per field',
  401: 'No valid access token, or credentials refused',
  402: 'The wallet holds too little for the charge: `data` has the balance and the price',
  403: 'The caller lacks the permission, the role or the branch this needs',
  404: 'Not found, or not the caller’s to see',
  409: 'Clashes with the current state, or with a change made at the same time',
  410: 'The access token has expired: refresh it and call again',
  412: 'If-Match names a version that is no longer the current one',
  413: 'The body is larger than the endpoint accepts',
  422: 'The Idempotency-Key was used before for a different request, or the request cannot be acted on as it is',
  429: 'Too many attempts: try again after Retry-After seconds',
  500: 'An unexpected failure; `requestId` names it in the server’s log',
  503: 'Too busy, or the database cannot be reached: try again after Retry-After seconds',
};

const requestIdHeader = z.string().describe('Names the request in the server’s log: the caller’s own when it sent a valid one');
const retryAfterHeader = z.string().regex(/^\d+$/).describe('Seconds to wait before trying again');

const idempotent = (endpoint: Endpoint) => changesState(endpoint) && !endpoint.answersWithSecrets;

/** Every status an endpoint can answer: its own refusals and those of its access and method. */
function statusesOf(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([endpoint.creates ? 201 : 200, 400, 500, 503, ...(endpoint.refuses ?? [])]);
  if (endpoint.creates === 'or-finds') statuses.add(200);
  // A token that has expired answers 410 (refresh it); a public endpoint takes the caller as anonymous.
  if (endpoint.access.kind !== 'public') [401, 410].forEach((status) => statuses.add(status));
  if (endpoint.access.kind === 'permission' || endpoint.access.kind === 'superadmin') statuses.add(403);
  if (changesState(endpoint)) statuses.add(409);
  if (endpoint.method !== 'get') statuses.add(413);
  if (idempotent(endpoint)) statuses.add(422);
  if (endpoint.ifMatch) statuses.add(412);
  if (endpoint.cached) statuses.add(304);
  return [...statuses].sort((a, b) => a - b);
}

function responseOf(endpoint: Endpoint, status: number): ResponseConfig {
  const headers: Record<string, ZodTypeAny> = { 'X-Request-Id': requestIdHeader };
  if (status === 304) {
    return { description: 'What the If-None-Match names is still what this answers', headers: z.object({ ...headers, ETag: z.string() }) };
  }
  if (endpoint.cached && status === 200) {
    headers.ETag = z.string().describe('The tag of the content: send it as If-None-Match to be answered 304 while it stands');
    headers['Cache-Control'] = z.string().describe('How long any cache may keep the answer: public, max-age=<seconds>');
  }
  if (status < 300) {
    if (endpoint.etag) {
      headers.ETag = z
        .string()
        .optional()
        .describe('The version of what the answer carries, for the next If-Match; absent on a replayed answer');
    }
    if (idempotent(endpoint)) {
      headers['Idempotent-Replayed'] = z
        .enum(['true'])
        .optional()
        .describe('Sent when the answer is the one kept for this Idempotency-Key');
    }
    if (endpoint.produces) {
      headers['Content-Disposition'] = z.string().describe('The name a browser saves the file under');
      return {
        description: 'The file',
        headers: z.object(headers),
        content: Object.fromEntries(producedTypes(endpoint).map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }])),
      };
    }
    const success = z.object({ success: z.literal(true), message: z.string(), data: endpoint.response ?? z.null() });
    return {
      description:
        status === 201
          ? 'Created'
          : endpoint.creates
            ? 'Nothing was created: it existed already, or there was nothing to create'
            : 'Success',
      headers: z.object(headers),
      content: { 'application/json': { schema: success } },
    };
  }
  if (status === 429) headers['Retry-After'] = retryAfterHeader;
  // A busy process and a lost database say when to come back; a failed health check does not.
  if (status === 503) headers['Retry-After'] = retryAfterHeader.optional();
  return { description: refusals[status]!, headers: z.object(headers), content: { 'application/json': { schema: errorAnswer } } };
}

function requestHeadersOf(endpoint: Endpoint) {
  const headers: Record<string, ZodTypeAny> = {};
  if (idempotent(endpoint)) {
    headers['Idempotency-Key'] = z
      .string()
      .max(200)
      .optional()
      .describe('A retry with the same key gets the first answer again rather than acting twice');
  }
  if (endpoint.ifMatch) {
    headers['If-Match'] = z
      .string()
      .optional()
      .describe('The version last read, as `"3"`: a change made since is refused with 412')
      .openapi({ example: '"3"' });
  }
  return Object.keys(headers).length ? z.object(headers) : undefined;
}

function requestBodyOf(endpoint: Endpoint): RouteConfig['request'] {
  const example = endpoint.example?.body;
  if (endpoint.body) {
    return {
      body: {
        required: !endpoint.body.isOptional(),
        content: { 'application/json': { schema: endpoint.body as ZodTypeAny, ...(example !== undefined && { example }) } },
      },
    };
  }
  if (endpoint.submission) {
    return {
      body: {
        required: true,
        content: {
          'application/json': { schema: endpoint.submission as ZodTypeAny, ...(example !== undefined && { example }) },
          'multipart/form-data': { schema: formSubmission },
        },
      },
    };
  }
  return {};
}

/** A query schema whose parameters carry the endpoint's example values. */
function withExamples(query: z.AnyZodObject, example: Record<string, string>, endpoint: Endpoint) {
  return query.extend(
    Object.fromEntries(
      Object.entries(example).map(([name, value]) => {
        const parameter = query.shape[name] as ZodTypeAny | undefined;
        if (!parameter) throw new Error(`The example of ${endpoint.method} ${endpoint.path} names ${name}, which it does not take`);
        const parsed = parameter.safeParse(value);
        if (!parsed.success) throw new Error(`The example of ${endpoint.method} ${endpoint.path} gives ${name} a value it refuses`);
        // A number in the query is text on the wire and an integer in the schema.
        return [name, parameter.openapi({ example: typeof parsed.data === 'number' ? parsed.data : value })];
      }),
    ),
  );
}

/** `post /users/:id/status` → `postUsersIdStatus`. */
const operationIdOf = (endpoint: Endpoint) =>
  endpoint.method + endpoint.path.replace(/[/:-]+(\w)/g, (_, letter: string) => letter.toUpperCase()).replace(/\W/g, '');

/** The OpenAPI document, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(endpoints: Endpoint[]) {
  const registry = new OpenAPIRegistry();
  registry.register('Error', errorAnswer);
  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token sign-in or refresh answers, as `Authorization: Bearer <token>`',
  });
  for (const endpoint of endpoints) {
    const query = endpoint.query as z.AnyZodObject | undefined;
    const exampleQuery = endpoint.example?.query;
    registry.registerPath({
      operationId: operationIdOf(endpoint),
      method: endpoint.method,
      path: `/api/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      // A public endpoint takes a token when one is sent (sign-out ends that token's session).
      security: endpoint.access.kind === 'public' ? [{}, { [bearer.name]: [] }] : [{ [bearer.name]: [] }],
      request: {
        ...requestBodyOf(endpoint),
        ...(query && { query: exampleQuery ? withExamples(query, exampleQuery, endpoint) : query }),
        ...(endpoint.params && { params: endpoint.params as unknown as z.AnyZodObject }),
        ...(requestHeadersOf(endpoint) && { headers: requestHeadersOf(endpoint) }),
      },
      responses: Object.fromEntries(statusesOf(endpoint).map((status) => [status, responseOf(endpoint, status)])),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Institute administration API',
      version: '1.0.0',
      description:
        'Every answer is JSON in one envelope: `{ success, message, data }`, and on a refusal `{ success: false, message, errors? }`.',
    },
    servers: [{ url: '/', description: 'This server' }],
  });
}
