import { describe, expect, it } from 'vitest';
import { isNarrowed, keptParams, nextSort, pageWindow, searchWith } from './list-query';
import { parseListQuery, type QueryDefaults } from './record-query';

const defaults: QueryDefaults = { sort: 'createdAt', order: 'desc' };
const parse = (search: string) => parseListQuery(new URLSearchParams(search), defaults);

describe('the list address', () => {
  it('reads defaults from an empty address', () => {
    expect(parse('')).toMatchObject({ search: '', sort: 'createdAt', order: 'desc', page: 1, limit: 20, view: '' });
    expect(isNarrowed(parse(''))).toBe(false);
  });

  it('falls back to defaults for malformed values instead of failing', () => {
    expect(parse('page=-3&limit=7&sort=password&order=up&active=maybe&admissionFrom=yesterday')).toMatchObject({
      page: 1,
      limit: 20,
      sort: 'createdAt',
      order: 'desc',
      active: '',
      admissionFrom: '',
    });
  });

  it('gives a sort chosen without an order its natural direction', () => {
    expect(parse('sort=title')).toMatchObject({ sort: 'title', order: 'asc' });
    expect(parse('sort=admissionDate')).toMatchObject({ sort: 'admissionDate', order: 'desc' });
  });

  it('writes changes back, dropping defaults and returning to page 1', () => {
    const query = parse('search=aarav&page=3&limit=10');
    expect(searchWith(query, defaults, { courseId: 'c1' })).toBe('?search=aarav&courseId=c1&limit=10');
    expect(searchWith(query, defaults, { page: 4 })).toBe('?search=aarav&page=4&limit=10');
    expect(searchWith(query, defaults, { search: null, limit: 20 })).toBe('');
    expect(searchWith(parse('view=r1&page=2'), defaults, { page: 2 })).toBe('?page=2');
    expect(searchWith(parse(''), defaults, { view: 'r1', page: 1 })).toBe('?view=r1');
  });

  it('keeps a sort that differs from the default only in its order', () => {
    expect(searchWith(parse(''), defaults, nextSort(parse(''), 'createdAt'))).toBe('?sort=createdAt&order=asc');
    expect(nextSort(parse('sort=title&order=asc'), 'title')).toEqual({ sort: 'title', order: 'desc' });
    expect(nextSort(parse('sort=title&order=asc'), 'registrationNo')).toEqual({ sort: 'registrationNo', order: 'asc' });
  });

  it('keeps what a form does not send itself as hidden values', () => {
    const query = parse('search=x&sort=title&order=desc&limit=50&page=2&view=r1');
    expect(keptParams(query, defaults, ['search'])).toEqual([
      ['sort', 'title'],
      ['order', 'desc'],
      ['limit', '50'],
    ]);
  });
});

describe('page numbers', () => {
  it('shows the ends and the neighbourhood of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 12]);
  });
});
