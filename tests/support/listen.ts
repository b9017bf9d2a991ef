import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Api } from '../../api/app';

/** Serves the API app on a real socket at 127.0.0.1, as server.ts mounts it; close() stops it. */
export async function listen(api: Api) {
  const server = createServer(getRequestListener(api.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
