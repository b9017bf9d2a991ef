import { describe, expect, it } from 'vitest';
import { safeRedirectTo } from './redirect.server';

describe('safeRedirectTo', () => {
  it.each([
    ['/admin/students?page=2', '/admin/students?page=2'],
    ['/admin#top', '/admin#top'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectTo(value, '/admin')).toBe(expected);
  });

  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, undefined])(
    'falls back for %s',
    (value) => {
      expect(safeRedirectTo(value, '/admin')).toBe('/admin');
    },
  );
});
