import fc from 'fast-check';

/** The part of OpenAPI 3.0's schema object that the API's zod schemas turn into. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 marks an exclusive bound with a boolean beside it. */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
}

/** Long enough to pass any minimum, short enough to keep a valid sample small. */
const SAMPLE_LENGTH = 24;
const SAMPLE_ITEMS = 4;

/** Values the schema accepts: what a well-behaved client would send. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const value = withoutNull(schema);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function withoutNull(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(validValue));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? SAMPLE_ITEMS, SAMPLE_ITEMS)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property)])), {
        requiredKeys: (schema.required ?? []).filter((name) => name in properties),
      });
    }
    default:
      return schema.nullable ? fc.constant(null) : fc.jsonValue({ maxDepth: 1 });
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, SAMPLE_LENGTH);
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, SAMPLE_LENGTH)) });
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const step = integer ? 1 : Number.EPSILON;
  const min = schema.minimum === undefined ? -1_000_000 : schema.minimum + (schema.exclusiveMinimum ? step : 0);
  const max = schema.maximum === undefined ? min + 2_000_000 : schema.maximum - (schema.exclusiveMaximum ? step : 0);
  if (integer) return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}
