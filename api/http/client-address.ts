import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address, for the sign-in rate limit. A request that came over a socket is from
 * the socket's peer, unless proxies stand in front (TRUST_PROXY): then it is the address that
 * many hops back in X-Forwarded-For, as Express reads its numeric trust-proxy setting, so a
 * client cannot pick its own address by sending the header. A request without a socket is the
 * web tier's in-process call, which forwards the browser's address as Express decided it.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  if (peer === undefined) return (forwarded[0] ?? 'unknown').slice(0, 64);
  const hops = [peer, ...forwarded.reverse()];
  return hops[Math.min(trustedProxies, hops.length - 1)]!.slice(0, 64);
}
