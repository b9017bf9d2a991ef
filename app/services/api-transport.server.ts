import type { ApiBindings } from '../../api/http/client-address';

/** How the web tier reaches /api/v1: the API app in this process, or another over HTTP. */
export type ApiTransport = (request: Request) => Promise<Response>;

/** The web tier's way to the API, bound per browser request to that browser's address. */
export type TransportFactory = (clientAddress: string) => ApiTransport;

/**
 * Calls the API app's fetch directly, handing the browser's address in the bindings: a channel
 * the network cannot reach, so no header a caller sends can stand in for it.
 */
export function inProcessTransport(fetchApi: (request: Request, bindings: ApiBindings) => Response | Promise<Response>): TransportFactory {
  return (clientAddress) => async (request) => fetchApi(request, { clientAddress });
}

/**
 * Calls an API served elsewhere. The web tier is then a proxy in front of it: it replaces
 * X-Forwarded-For with the browser's address, which that API trusts with TRUST_PROXY=1 (and
 * which only it may reach).
 */
export function httpTransport(baseUrl: string): TransportFactory {
  const origin = new URL(baseUrl);
  return (clientAddress) => (request) => {
    const url = new URL(request.url);
    const forwarded = new Request(new URL(url.pathname + url.search, origin), request);
    forwarded.headers.set('X-Forwarded-For', clientAddress);
    return fetch(forwarded);
  };
}
