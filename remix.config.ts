import type { VitePluginConfig } from '@remix-run/dev';

/** Remix's Vite plugin reads its options from here (vite.config.ts imports this object). */
export const remixConfig: VitePluginConfig = {
  ignoredRouteFiles: ['**/*.test.*', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

export default remixConfig;
