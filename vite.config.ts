import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { hmrPortSetting } from './api/env';
import { remixConfig } from './remix.config';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // The same rule as api/env.ts; the host's full check runs when it starts.
  server: { hmr: { port: hmrPortSetting.parse(process.env.HMR_PORT || undefined) } },
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  // Bundled into the server build rather than imported whole at run time: the primitives barrel
  // would otherwise load every primitive where the screens use a few dozen.
  ssr: { noExternal: ['radix-ui', /^@radix-ui\//] },
});
