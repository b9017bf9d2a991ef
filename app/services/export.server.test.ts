import { describe, expect, it } from 'vitest';
import type { ApiRequest } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';
import { exportFormatOf, exportResponse } from './export.server';

const user = (overrides: Partial<SessionUser> = {}) =>
  ({
    id: 'u1',
    name: 'Asha',
    email: 'a@b.in',
    role: 'admin',
    branchId: null,
    permissions: ['INVOICE_VIEW_ALL'],
    ...overrides,
  }) as SessionUser;

function api(answer: (request: ApiRequest | undefined) => Response | { ok: false; status: number; message: string }) {
  const asked: Array<{ path: string; request?: ApiRequest }> = [];
  const client: AuthedApi = {
    async call<Data>(_method: string, path: string, request?: ApiRequest) {
      asked.push({ path, request });
      const reply = answer(request);
      if (!(reply instanceof Response)) return reply;
      return {
        ok: true,
        status: 200,
        message: '',
        data: {
          body: reply.body!,
          type: reply.headers.get('Content-Type')!,
          disposition: reply.headers.get('Content-Disposition'),
        } as Data,
      };
    },
  };
  return { client, asked };
}

const file = () =>
  new Response('\uFEFFNumber\r\n', {
    headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'inline; filename="invoices-2026-12-07.csv"' },
  });

describe('a list’s export', () => {
  it('takes CSV unless the address asks for Excel', () => {
    expect(exportFormatOf(new Request('http://x/e?format=xlsx'))).toBe('xlsx');
    expect(exportFormatOf(new Request('http://x/e?format=pdf'))).toBe('csv');
    expect(exportFormatOf(new Request('http://x/e'))).toBe('csv');
  });

  it('hands on the API’s file to be saved, with the screen’s filters and the format asked for', async () => {
    const { client, asked } = api(() => file());
    const response = await exportResponse(
      new Request('http://x/resources/invoices-export?format=xlsx'),
      { user: user(), api: client, headers: new Headers() },
      { screen: '/admin/invoices', path: '/invoices/export', filters: { status: 'issued', branchId: 'b1' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="invoices-2026-12-07.csv"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe('\uFEFFNumber\r\n');
    expect(asked).toEqual([
      {
        path: '/invoices/export',
        request: expect.objectContaining({ file: true, query: { status: 'issued', branchId: 'b1', format: 'xlsx' } }),
      },
    ]);
  });

  it('keeps a branch’s staff to their branch whatever the address says', async () => {
    const { client, asked } = api(() => file());
    await exportResponse(
      new Request('http://x/resources/invoices-export'),
      { user: user({ branchId: 'b2' }), api: client, headers: new Headers() },
      { screen: '/admin/invoices', path: '/invoices/export', filters: { branchId: 'b1' } },
    );
    expect(asked[0]!.request!.query).toEqual({ branchId: undefined, format: 'csv' });
  });

  it('answers the API’s refusal instead of an empty file, and refuses whoever may not open the screen', async () => {
    const refused = api(() => ({ ok: false, status: 403, message: 'Forbidden' }));
    const answer = await exportResponse(
      new Request('http://x/resources/invoices-export'),
      { user: user(), api: refused.client, headers: new Headers() },
      { screen: '/admin/invoices', path: '/invoices/export', filters: {} },
    );
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe('Forbidden');

    const nobody = api(() => file());
    const screen = await exportResponse(
      new Request('http://x/resources/invoices-export'),
      { user: user({ permissions: [] }), api: nobody.client, headers: new Headers() },
      { screen: '/admin/invoices', path: '/invoices/export', filters: {} },
    );
    expect(screen.status).toBe(403);
    expect(nobody.asked).toEqual([]);
  });
});
