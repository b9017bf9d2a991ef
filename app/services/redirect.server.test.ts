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

describe('safeRedirectTo after normalisation', () => {
  it.each(['/.//evil.example/', '/%2e//evil.example/', '/admin/..//evil.example/', '/admin/%2e%2e//evil.example/'])(
    'falls back for %s, whose path would start with //',
    (value) => {
      expect(safeRedirectTo(value, '/admin', '/admin')).toBe('/admin');
      expect(safeRedirectTo(value, '/')).toBe('/');
    },
  );

  it('keeps a path under the area and falls back for one outside it', () => {
    expect(safeRedirectTo('/admin/students/../users?page=2', '/admin', '/admin')).toBe('/admin/users?page=2');
    expect(safeRedirectTo('/admin', '/admin/x', '/admin')).toBe('/admin');
    expect(safeRedirectTo('/administrator', '/admin', '/admin')).toBe('/admin');
    expect(safeRedirectTo('/admin/../logout', '/admin', '/admin')).toBe('/admin');
  });
});
