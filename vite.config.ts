import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { remixConfig } from './remix.config';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
});
