import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { requireStorableText, unstorableTextAt } from './storable-text';

describe('text PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates in values and keys, at any depth', () => {
    expect(unstorableTextAt('a\u0000b', 'body')).toBe('body');
    expect(unstorableTextAt({ name: 'ok', notes: ['fine', '\ud800'] }, 'body')).toBe('body.notes.1');
    expect(unstorableTextAt({ nested: { '\udfffkey': 1 } }, 'query')).toBe('query.nested.\udfffkey');
    expect(unstorableTextAt('\udc00\ud800', 'params')).toBe('params');
  });

  it('walks JSON nested deeper than the call stack', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableTextAt(deep, 'body')).toBe(`body${'.0'.repeat(50_001)}`);
  });

  it('lets well-formed text through, emoji and other surrogate pairs included', () => {
    expect(unstorableTextAt({ name: 'Ananya 👩‍👩‍👧‍👦 𝕦𝕟𝕚', list: [1, true, null, 'ॐ'] }, 'body')).toBeNull();
    expect(unstorableTextAt(42, 'body')).toBeNull();
  });

  it('refuses with 400 and names the field', () => {
    const refusal = thrownBy(() => requireStorableText({ params: { id: 'x' }, query: { search: '%\u0000' } }));
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 400, details: { errors: { 'query.search': [expect.any(String)] } } });
    expect(thrownBy(() => requireStorableText({ params: { id: 'x' }, query: { search: 'fine' } }))).toBeNull();
  });
});

function thrownBy(work: () => void): unknown {
  try {
    work();
    return null;
  } catch (error) {
    return error;
  }
}
