import fc from 'fast-check';
import type { JsonSchema } from './json-schema-arbitrary';

/**
 * A token written into a JSON body as it is: numbers JSON.stringify cannot write (NaN, 1e400)
 * and text that is no JSON at all.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export const sqlInjections = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE events; --",
  "1' UNION SELECT null, version() --",
  "%' AND 1=0 UNION SELECT id, password_hash FROM users --",
  "\\'; select pg_sleep(0); --",
  '$1',
  '$$; TRUNCATE events; $$',
  "E'\\\\x00'",
  '%_%',
];

export const htmlInjections = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '<!--',
  ']]>',
];

/** Strings that trip up parsers, databases and encoders. */
const oddStrings = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u0301\u0301\u0301',
  '𝕦𝕟𝕚𝕔𝕠𝕕𝕖',
  '👩‍👩‍👧‍👦',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x1F',
  '-0',
  '9'.repeat(40),
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T99:99:99Z',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%',
  '%zz',
  '%2e%2e%2f',
  '\\',
  '/',
  '*',
  '?',
  '#',
  'true',
];

const hugeStrings = fc.constantFrom('a'.repeat(10_000), 'é'.repeat(70_000), '😀'.repeat(30_000), ' '.repeat(100_000), '9'.repeat(5_000));

/** Text of every kind: injections, odd and huge strings, random unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...sqlInjections, ...htmlInjections, ...oddStrings), weight: 6 },
  { arbitrary: hugeStrings, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }), weight: 2 },
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.000001, 1e-300, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, 1e21, 1e308, -1e308),
  fc
    .constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1E+2', '-0', '0.0000000000000000000001')
    .map((text) => new RawJson(text)),
  fc.double(),
  fc.integer(),
);

/** A value of the wrong kind altogether. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, { toString: 'x' }, ['a', 1, null]),
  fc.constant(deeplyNested(500)),
  fc.jsonValue({ maxDepth: 3 }),
);

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { nested: value };
  return value;
}

/** Just outside what the schema allows: too long, too short, outside the range or the choices. */
function outOfBounds(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const near: fc.Arbitrary<unknown>[] = [];
  if (schema.maxLength !== undefined) near.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  if (schema.minLength) near.push(fc.constant('x'.repeat(schema.minLength - 1)));
  if (schema.pattern) near.push(fc.constantFrom('lower case', 'A'.repeat(200), '-leading', 'A B'));
  if (schema.enum) near.push(fc.constantFrom('other', String(schema.enum[0]).toUpperCase(), ` ${String(schema.enum[0])}`));
  if (schema.maximum !== undefined) near.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 10));
  if (schema.minimum !== undefined) near.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 0.5));
  if (schema.type === 'integer') near.push(fc.constantFrom(1.5, -2.25));
  if (schema.maxItems !== undefined) near.push(fc.constant(Array(schema.maxItems + 1).fill('x')));
  return near;
}

/** A bad value for a field: hostile in general, and just outside its own schema when it has one. */
export function hostileValue(schema?: JsonSchema): fc.Arbitrary<unknown> {
  const near = schema ? outOfBounds(schema) : [];
  return fc.oneof(
    { arbitrary: hostileString, weight: 4 },
    { arbitrary: hostileNumber, weight: 2 },
    { arbitrary: wrongKind, weight: 2 },
    ...(near.length ? [{ arbitrary: fc.oneof(...near), weight: 3 }] : []),
  );
}

/** Field names a client should never send. */
export const hostileFieldName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '_id',
    'id',
    'role',
    'isAdmin',
    'branchId',
    'actorId',
    'version',
    '',
    ' ',
    '$where',
    'a.b',
    'x'.repeat(5_000),
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);

/** JSON.stringify, with RawJson tokens written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, index: string) => raws[Number(index)]!);
}
