import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Holds answers of the API to its OpenAPI document: a status the operation does not declare, a
 * body outside its schema, a header it does not name. The API suite checks every answer it
 * provokes as it goes (tests/support/test-database.ts); the browser suite checks the server's
 * answer log after its run (tests/e2e/global-setup.ts). The document cannot drift from what the
 * API answers without a red suite.
 */

interface HeaderObject {
  required?: boolean;
  schema: object;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema: object }>;
}
interface OperationObject {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, object> };
}

// ajv-formats is CommonJS: its function is the default export or that export's own default.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

export interface Exchange {
  method: string;
  /** The path as sent, under /api/v1, with its query. */
  path: string;
  requestHeaders: Record<string, string>;
  status: number;
  headers: Headers;
  body: unknown;
}

/** Headers whose presence the document states: an answer that sends one must be documented to. */
const STATED_HEADERS = ['ETag', 'Idempotent-Replayed', 'Retry-After', 'Content-Disposition'];
/**
 * Request headers only some operations act on. (An Idempotency-Key an operation ignores is a
 * documented choice, sign-in's; one it honours shows in its Idempotent-Replayed answers.)
 */
const OPTIONAL_REQUEST_HEADERS = ['If-Match'];

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  parameters: number;
  operation: OperationObject;
}

/** The checks of answers against one OpenAPI document. */
export function createConformance(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  const operations: Operation[] = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`),
      parameters: (template.match(/\{/g) ?? []).length,
      operation,
    })),
  );

  /** The operation a request reaches: a path's literal segments win over a parameter, as the router's order has it. */
  function operationOf(method: string, path: string): Operation | undefined {
    const pathname = path.split('?')[0]!;
    return operations
      .filter((each) => each.method === method.toUpperCase() && each.pattern.test(pathname))
      .sort((a, b) => a.parameters - b.parameters)[0];
  }

  const documentedOperations = () => operations.map(({ method, template, operation }) => ({ method, template, operation }));

  /** Schemas with their references to components put in place, so each compiles on its own. */
  function resolved(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(resolved);
    if (!schema || typeof schema !== 'object') return schema;
    const { $ref, ...rest } = schema as { $ref?: string };
    if ($ref) return resolved(document.components.schemas[$ref.replace('#/components/schemas/', '')]);
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolved(value)]));
  }

  const validators = new Map<object, ValidateFunction>();
  function validatorOf(schema: object) {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(resolved(schema) as object)));
    return validate;
  }

  /** What in an answer the document does not allow; empty when it conforms. */
  function violationsOf(exchange: Exchange): string[] {
    const found = operationOf(exchange.method, exchange.path);
    // Paths the API does not serve (404, 405) and endpoints made up by a test are no operation of the document.
    if (!found) return [];
    const { operation } = found;
    const name = `${exchange.method.toUpperCase()} ${found.template} answered ${exchange.status}`;
    const violations: string[] = [];
    const sent = new Set(Object.keys(exchange.requestHeaders).map((header) => header.toLowerCase()));
    const taken = new Set((operation.parameters ?? []).filter((each) => each.in === 'header').map((each) => each.name.toLowerCase()));
    for (const header of OPTIONAL_REQUEST_HEADERS) {
      if (sent.has(header.toLowerCase()) && !taken.has(header.toLowerCase())) violations.push(`${name}: takes ${header}, undocumented`);
    }
    const response = operation.responses[String(exchange.status)];
    if (!response) return [...violations, `${name}, a status the document does not declare`];
    const headers = response.headers ?? {};
    for (const [header, spec] of Object.entries(headers)) {
      const value = exchange.headers.get(header);
      if (value === null) {
        if (spec.required) violations.push(`${name} without its ${header} header`);
        continue;
      }
      const validate = validatorOf(spec.schema);
      if (!validate(value)) violations.push(`${name}: ${header} "${value}" ${ajv.errorsText(validate.errors)}`);
    }
    for (const header of STATED_HEADERS) {
      if (exchange.headers.has(header) && !(header in headers)) violations.push(`${name} with an undocumented ${header} header`);
    }
    const schema = response.content?.['application/json']?.schema;
    const fileTypes = Object.keys(response.content ?? {}).filter((type) => type !== 'application/json');
    const answered = exchange.headers.get('Content-Type') ?? '';
    if (fileTypes.length && !fileTypes.some((type) => answered.includes(type))) {
      violations.push(`${name} with ${answered}, not ${fileTypes.join(' or ')}`);
    }
    if (schema) {
      if (!exchange.headers.get('Content-Type')?.includes('application/json')) {
        violations.push(`${name} with ${exchange.headers.get('Content-Type')}, not JSON`);
      } else {
        const validate = validatorOf(schema);
        if (!validate(exchange.body)) {
          violations.push(`${name} outside its schema: ${ajv.errorsText(validate.errors, { dataVar: 'answer' })}`);
        }
      }
    }
    return violations;
  }

  /** Throws when an answer breaks the document, naming what it broke. */
  function expectConformingAnswer(exchange: Exchange) {
    const violations = violationsOf(exchange);
    if (violations.length) throw new Error(`The answer breaks the OpenAPI document:\n${violations.join('\n')}`);
  }

  return { documentedOperations, violationsOf, expectConformingAnswer };
}
