import { describe, expect, it } from 'vitest';
import { issuedApiQuery, issuedDefaults, parseIssuedKind, parseIssuedQuery, withoutDialogs } from './certificates';

describe('the generated documents’ address', () => {
  it('asks the API for the list without blank filters, its sort as sortBy, and nothing of the page or the row open', () => {
    const query = parseIssuedQuery(new URLSearchParams('kind=idcard&status=&search=&sort=number&page=2&view=x'), issuedDefaults);
    expect(issuedApiQuery(query)).toEqual({
      search: undefined,
      kind: 'idcard',
      status: undefined,
      formatId: undefined,
      courseId: undefined,
      branchId: undefined,
      sortBy: 'number',
      order: 'asc',
    });
  });

  it('reads a kind only when it is one', () => {
    expect(parseIssuedKind('idcard')).toBe('idcard');
    expect(parseIssuedKind('certificate')).toBe('certificate');
    expect(parseIssuedKind('diploma')).toBeNull();
    expect(parseIssuedKind(null)).toBeNull();
  });

  it('closes every dialog and keeps the list’s own parameters, or keeps the job when asked', () => {
    const open = '?kind=idcard&issue=certificate&q=asha&student=s1&bulk=idcard&job=j1&revoke=d1&reissue=d2&page=2';
    expect(withoutDialogs(open)).toBe('?kind=idcard&page=2');
    expect(withoutDialogs(open, 'job')).toBe('?kind=idcard&job=j1&page=2');
  });
});
