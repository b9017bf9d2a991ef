import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const servers: ServerType[] = [];

function appTrusting(trustedProxies: number) {
  return new Hono().get('/address', (c) => c.text(clientAddress(c, trustedProxies)));
}

/** The app on a socket of 127.0.0.1, as the Express host serves it. */
async function overSocket(trustedProxies: number): Promise<string> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: appTrusting(trustedProxies).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/address`;
}

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe('clientAddress', () => {
  it('takes a socket’s peer and ignores an X-Forwarded-For the client wrote itself', async () => {
    const url = await overSocket(0);
    const answer = await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(await answer.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('behind trusted proxies, takes the address that many hops back', async () => {
    const url = await overSocket(1);
    const answer = await fetch(url, { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' } });
    expect(await answer.text()).toBe('203.0.113.7');
    const direct = await fetch(url);
    expect(await direct.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('takes the browser’s address the web tier forwards in-process, where there is no socket', async () => {
    const answer = await appTrusting(0).request('/address', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(await answer.text()).toBe('203.0.113.7');
    expect(await (await appTrusting(0).request('/address')).text()).toBe('unknown');
  });
});
