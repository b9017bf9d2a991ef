import { badRequest } from './errors';

export const storableTextMessage = 'Text may not contain the NUL character or broken Unicode (half of a surrogate pair)';

// PostgreSQL stores neither: text refuses NUL, jsonb refuses NUL and lone surrogates.
// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses to store
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where in a received value (its keys included) the first text PostgreSQL cannot store sits, or
 * null. It walks with a list of its own rather than recursion: JSON may nest deeper than the stack.
 */
export function unstorableTextAt(value: unknown, at: string): string | null {
  const pending: [unknown, string][] = [[value, at]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (unstorable.test(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (unstorable.test(key)) return `${path}.${key}`;
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses a request whose parameters, query or body hold such text with 400, before it reaches a
 * query that would fail on it.
 */
export function requireStorableText(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const at = unstorableTextAt(value, part);
    if (at) throw badRequest(storableTextMessage, { [at]: [storableTextMessage] });
  }
}
