/** How the web tier reaches /api/v1: the API app in this process, or another over HTTP. */
export type ApiTransport = (request: Request) => Promise<Response>;

export function inProcessTransport(fetchApi: (request: Request) => Response | Promise<Response>): ApiTransport {
  return async (request) => fetchApi(request);
}

export function httpTransport(baseUrl: string): ApiTransport {
  const origin = new URL(baseUrl);
  return (request) => {
    const url = new URL(request.url);
    return fetch(new URL(url.pathname + url.search, origin), request);
  };
}
