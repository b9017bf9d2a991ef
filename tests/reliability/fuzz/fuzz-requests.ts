import fc from 'fast-check';
import type { Caller } from '../endpoints/institute';
import { hostileFieldName, hostileString, hostileValue, RawJson, toJsonText } from './hostile-values';
import { validValue, type JsonSchema } from './json-schema-arbitrary';
import { fillPath, type Operation } from './operations';
import { CREDENTIALS_BODY_BYTES, MAX_JSON_DEPTH, TEXT_BODY_BYTES } from '../../../api/http/body-limits';
import { MB } from '../../../common/uploads/rules';

/** What the fuzzer starts from: valid requests and real values, known before the run. */
export interface FuzzWorld {
  /** A valid request per operation, where the table of valid requests has one. */
  samples: Record<string, { params: Record<string, string>; body?: unknown }>;
  /** Real values for parameters and fields of these names: ids of records, branches, form types. */
  known: Record<string, string[]>;
  /** Authorization headers that must be refused: malformed, tampered, expired, of nobody. */
  hostileAuthorizations: string[];
}

/**
 * One generated request. The caller's Authorization is added when it is sent (tokens belong to the
 * run, not to the seed), unless the mutation replaced it.
 */
export interface FuzzRequest {
  operation: string;
  method: string;
  caller: Caller;
  /** Below /api/v1, encoded, with the query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The one thing changed from a valid request. */
  mutation: string;
}

interface Draft {
  caller: Caller;
  /** Path parameters, encoded. */
  params: Record<string, string>;
  query: [string, string][];
  rawQuery?: string;
  body?: unknown;
  headers: Record<string, string>;
}

interface Mutation {
  describe: string;
  apply(draft: Draft): void;
}

const callers = fc.oneof(
  { arbitrary: fc.constant<Caller>('superadmin'), weight: 40 },
  { arbitrary: fc.constant<Caller>('branchAdmin'), weight: 25 },
  { arbitrary: fc.constant<Caller>('branchStaff'), weight: 20 },
  { arbitrary: fc.constant<Caller>('anonymous'), weight: 15 },
);

const takesBody = (operation: Operation) => operation.method !== 'get' && operation.method !== 'delete';

/** A value for a parameter or field: a real one when the world knows some, else one its schema accepts. */
function usualValue(name: string, schema: JsonSchema | undefined, world: FuzzWorld): fc.Arbitrary<unknown> {
  const known = world.known[name];
  const valid = schema ? validValue(schema) : fc.string({ maxLength: 12 });
  return known?.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: valid, weight: 1 }) : valid;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

/** A path segment as a client would encode it; text that is not well-formed UTF-16 goes byte by byte. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function validDraft(operation: Operation, world: FuzzWorld): fc.Arbitrary<Draft> {
  const sample = world.samples[operation.name];
  const params = fc.record(
    Object.fromEntries(
      operation.pathParams.map(({ name, schema }) => [
        name,
        (sample ? fc.constant(sample.params[name]!) : usualValue(name, schema, world)).map((value) => encodeSegment(asText(value))),
      ]),
    ),
  );
  const query = fc
    .record(Object.fromEntries(operation.queryParams.map(({ name, schema }) => [name, usualValue(name, schema, world).map(asText)])), {
      requiredKeys: operation.queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    })
    .map((values) => Object.entries(values) as [string, string][]);
  return fc.record({ caller: callers, params, query, body: validBody(operation, world) }).map((draft) => ({ ...draft, headers: {} }));
}

function validBody(operation: Operation, world: FuzzWorld): fc.Arbitrary<unknown> {
  if (!takesBody(operation)) return fc.constant(undefined);
  const sample = world.samples[operation.name]?.body;
  const schema = operation.body;
  if (!schema) return fc.constant(sample ?? {});
  const generated = validValue(schema);
  if (sample === undefined) return generated;
  // The table's request carries what a schema cannot know: ids that exist, passwords that match.
  return fc.oneof(
    fc.constant(sample),
    generated.map((value) => (isObject(value) && isObject(sample) ? { ...value, ...sample } : sample)),
    generated,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where in a JSON value a field can be changed: every key and index, up to a small depth. */
function locations(value: unknown, depth = 3, at: (string | number)[] = []): (string | number)[][] {
  if (depth === 0) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isObject(value)
      ? Object.entries(value)
      : [];
  return entries.flatMap(([key, item]) => [[...at, key], ...locations(item, depth - 1, [...at, key])]);
}

function schemaAt(schema: JsonSchema | undefined, path: (string | number)[]): JsonSchema | undefined {
  let current = schema;
  for (const step of path) {
    if (!current) return undefined;
    const candidates = [current, ...(current.anyOf ?? current.oneOf ?? [])];
    current =
      typeof step === 'number' ? candidates.find((c) => c.items)?.items : candidates.find((c) => c.properties?.[step])?.properties?.[step];
  }
  return current;
}

/** The body with one change at `path`: the value replaced, or the field removed. */
function changedAt(body: unknown, path: (string | number)[], change: { value: unknown } | 'remove'): unknown {
  if (path.length === 0) return change === 'remove' ? undefined : change.value;
  const [step, ...rest] = path;
  if (Array.isArray(body)) {
    const copy = [...body];
    if (rest.length === 0 && change === 'remove') copy.splice(step as number, 1);
    else copy[step as number] = changedAt(copy[step as number], rest, change);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (rest.length === 0 && change === 'remove') delete copy[step as string];
  else
    Object.defineProperty(copy, step as string, {
      value: changedAt(copy[step as string], rest, change),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

const shown = (value: unknown) => {
  const text = value instanceof RawJson ? value.text : asText(value);
  return text.length > 60 ? `${JSON.stringify(text.slice(0, 60))}… (${text.length} chars)` : JSON.stringify(text);
};

function bodyFieldMutations(operation: Operation, body: unknown): fc.Arbitrary<Mutation>[] {
  const present = locations(body);
  const declared = Object.keys(operation.body?.properties ?? {}).map((name) => [name]);
  const targets = [...present, ...declared.filter(([name]) => !present.some((path) => path.length === 1 && path[0] === name))];
  if (targets.length === 0) return [];
  const target = fc.constantFrom(...targets);
  const replaced = target.chain((path) =>
    hostileValue(schemaAt(operation.body, path)).map<Mutation>((value) => ({
      describe: `body.${path.join('.')} = ${shown(value)}`,
      apply: (draft) => void (draft.body = changedAt(isObject(draft.body) || Array.isArray(draft.body) ? draft.body : {}, path, { value })),
    })),
  );
  const removed = present.length
    ? fc.constantFrom(...present).map<Mutation>((path) => ({
        describe: `body.${path.join('.')} removed`,
        apply: (draft) => void (draft.body = changedAt(draft.body, path, 'remove')),
      }))
    : undefined;
  const containers = [[], ...present.filter((path) => isObject(valueAt(body, path)))];
  const extra = fc.tuple(fc.constantFrom(...containers), hostileFieldName, hostileValue()).map<Mutation>(([path, name, value]) => ({
    describe: `extra field body.${[...path, name].join('.')} = ${shown(value)}`,
    apply: (draft) => void (draft.body = changedAt(draft.body, [...path, name], { value })),
  }));
  return [replaced, extra, ...(removed ? [removed] : [])];
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((current, step) => (current as Record<string | number, unknown> | undefined)?.[step], value);
}

const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '[{}]',
    '"text"',
    '0',
    '1e400',
    'NaN',
    'true',
    '{"a":1,"a":2}',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"superadmin"}}}',
    '\ufeff{}',
    'formType=student&fieldsData=%5B%5D',
    '--x\r\nContent-Disposition: form-data; name="formType"\r\n\r\nstudent\r\n--x--',
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `{"x":"${'y'.repeat(2_000_000)}"}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Sizes about the limits: of a sign-in, of any body without files, and well beyond both. */
const bodySizes = fc.constantFrom(CREDENTIALS_BODY_BYTES + 1, TEXT_BODY_BYTES, TEXT_BODY_BYTES + 1, 3 * MB);
/** Depths about the limit, and far deeper than a recursive walk survives. */
const nestingDepths = fc.constantFrom(MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH + 1, 5_000, 20_000);

/** The valid body, unchanged in meaning, made `size` bytes long with whitespace after it. */
function paddedTo(body: unknown, size: number): RawJson {
  const text = toJsonText(body ?? {});
  return new RawJson(text + ' '.repeat(Math.max(0, size - Buffer.byteLength(text))));
}

function bodyMutations(operation: Operation, draft: Draft): fc.Arbitrary<Mutation>[] {
  if (!takesBody(operation)) return [];
  const whole = rawBodies.map<Mutation>((text) => ({
    describe: `body is ${shown(text)}`,
    apply: (d) => void (d.body = new RawJson(text)),
  }));
  const size = bodySizes.map<Mutation>((bytes) => ({
    describe: `body padded to ${bytes} bytes`,
    apply: (d) => void (d.body = paddedTo(d.body, bytes)),
  }));
  const places = [...locations(draft.body), ['fuzzNested']];
  const depth = fc.tuple(fc.constantFrom(...places), nestingDepths).map<Mutation>(([path, levels]) => ({
    describe: `body.${path.join('.')} nested ${levels} levels deep`,
    apply: (d) =>
      void (d.body = changedAt(isObject(d.body) || Array.isArray(d.body) ? d.body : {}, path, {
        value: new RawJson(`${'['.repeat(levels)}${']'.repeat(levels)}`),
      })),
  }));
  return [...bodyFieldMutations(operation, draft.body), whole, size, depth];
}

function queryMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  const mutations: fc.Arbitrary<Mutation>[] = [
    fc.tuple(hostileFieldName, hostileString).map<Mutation>(([name, value]) => ({
      describe: `extra query ${shown(name)} = ${shown(value)}`,
      apply: (draft) => void draft.query.push([name, value]),
    })),
    fc.constantFrom('&&==&', '%zz=%zz', 'a[b][c]=d', '=x', 'x', '%00=%00', `q=${'x'.repeat(50_000)}`).map<Mutation>((raw) => ({
      describe: `raw query ${shown(raw)}`,
      apply: (draft) => void (draft.rawQuery = raw),
    })),
  ];
  if (operation.queryParams.length) {
    const parameter = fc.constantFrom(...operation.queryParams);
    mutations.push(
      parameter.chain((p) =>
        hostileValue(p.schema).map<Mutation>((value) => ({
          describe: `query ${p.name} = ${shown(value)}`,
          apply: (draft) => void (draft.query = [...draft.query.filter(([name]) => name !== p.name), [p.name, asText(value)]]),
        })),
      ),
      parameter.map<Mutation>((p) => ({
        describe: `query ${p.name} removed`,
        apply: (draft) => void (draft.query = draft.query.filter(([name]) => name !== p.name)),
      })),
      fc.tuple(parameter, hostileString).map<Mutation>(([p, value]) => ({
        describe: `query ${p.name} repeated with ${shown(value)}`,
        apply: (draft) => void draft.query.push([p.name, 'first'], [p.name, value]),
      })),
    );
  }
  return mutations;
}

const rawPathSegments = ['%zz', '%', '..', '.', '%2F', '%2e%2e', 'a%00b', '%C0%AE', ';', '~', '%20', 'x'.repeat(101), '0', '-1'];

function pathMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  if (!operation.pathParams.length) return [];
  const parameter = fc.constantFrom(...operation.pathParams.map((p) => p.name));
  const segment = fc.oneof(
    hostileValue().map((value) => encodeSegment(asText(value))),
    fc.constantFrom(...rawPathSegments),
    fc.uuid(),
  );
  return [
    fc.tuple(parameter, segment).map<Mutation>(([name, value]) => ({
      describe: `path ${name} = ${shown(value)}`,
      apply: (draft) => void (draft.params[name] = value),
    })),
  ];
}

const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code < 0x7f || code > 0x9f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 300,
});

function headerMutations(operation: Operation, world: FuzzWorld): fc.Arbitrary<Mutation>[] {
  const header = (name: string, values: fc.Arbitrary<string>) =>
    values.map<Mutation>((value) => ({
      describe: `header ${name}: ${shown(value)}`,
      apply: (draft) => void (draft.headers[name] = value),
    }));
  const mutations = [
    header(
      'Authorization',
      fc.oneof(
        fc.constantFrom(...world.hostileAuthorizations),
        headerText,
        headerText.map((text) => `Bearer ${text}`),
      ),
    ),
    header(
      'Idempotency-Key',
      fc.oneof(fc.constantFrom('', ' ', 'k'.repeat(201), 'k'.repeat(20_000), 'é', 'fuzz-shared-key', '../key'), headerText),
    ),
    header(
      'If-Match',
      fc.oneof(fc.constantFrom('"abc"', '*', 'W/"1"', '"0"', '"-1"', '"9999999999"', '"', 'W/', '"1", "2"', '9'.repeat(400)), headerText),
    ),
    header('X-Request-Id', fc.oneof(fc.constantFrom('', '../../', 'x'.repeat(5_000), 'a b', "'; DROP TABLE events; --"), headerText)),
    header(
      'X-Forwarded-For',
      fc.oneof(fc.constantFrom('', ',', 'not-an-ip', '999.999.999.999', '::1, ::2', 'x'.repeat(1_000)), headerText),
    ),
  ];
  if (takesBody(operation)) {
    mutations.push(
      header(
        'Content-Type',
        fc.oneof(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'multipart/form-data',
            'multipart/form-data; boundary=----fuzz',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/json, text/html',
            ';;;',
            '*/*',
          ),
          headerText,
        ),
      ),
    );
  }
  return mutations;
}

/** A request to the operation that differs from a valid one in exactly one place. */
function mutatedRequest(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  // Built once; only the body's fields depend on the valid request drawn.
  const elsewhere = [
    ...queryMutations(operation).map((arbitrary) => ({ arbitrary, weight: operation.queryParams.length ? 3 : 1 })),
    ...pathMutations(operation).map((arbitrary) => ({ arbitrary, weight: 6 })),
    ...headerMutations(operation, world).map((arbitrary) => ({ arbitrary, weight: 1 })),
  ];
  return validDraft(operation, world).chain((draft) =>
    fc.oneof(...bodyMutations(operation, draft).map((arbitrary) => ({ arbitrary, weight: 4 })), ...elsewhere).map((mutation) => {
      const changed: Draft = { ...draft, params: { ...draft.params }, query: [...draft.query], headers: {} };
      mutation.apply(changed);
      return render(operation, changed, mutation.describe);
    }),
  );
}

function render(operation: Operation, draft: Draft, mutation: string): FuzzRequest {
  const search = draft.rawQuery ?? new URLSearchParams(draft.query).toString();
  const path = `${fillPath(operation.template, draft.params)}${search ? `?${search}` : ''}`;
  const headers = { ...draft.headers };
  let body: string | undefined;
  if (draft.body !== undefined) {
    body = toJsonText(draft.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return { operation: operation.name, method: operation.method.toUpperCase(), caller: draft.caller, path, headers, body, mutation };
}

/** Requests to every operation, each one change away from a valid request. */
export function fuzzRequests(operations: Operation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map((operation) => mutatedRequest(operation, world)));
}
