import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** What a request brings besides itself, depending on how it reached the API. */
export interface ApiBindings {
  /** The socket's request: set by the Node listener for every request from the network. */
  incoming?: IncomingMessage;
  /**
   * The browser's address, set only by the web tier's in-process transport (the API app's
   * fetch called with bindings), which nothing on the network can reach. The web tier has
   * already judged X-Forwarded-For per TRUST_PROXY, as Express does for req.ip.
   */
  clientAddress?: string;
}

/**
 * The caller's address for the sign-in limit. From the network, X-Forwarded-For counts only
 * as far as `trustProxy` proxies in front vouch for it (Express's numeric trust proxy), so a
 * caller talking to /api/v1 directly cannot choose its address.
 */
export function clientAddress(bindings: ApiBindings | undefined, trustProxy: number): string {
  if (bindings?.clientAddress) return bindings.clientAddress.slice(0, 64);
  if (bindings?.incoming?.socket) return proxyAddr(bindings.incoming, (_address, hop) => hop < trustProxy).slice(0, 64);
  return 'unknown';
}
