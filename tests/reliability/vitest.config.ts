import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

/**
 * The reliability and security suite (`npm run test:reliability`): fault injection, fuzzing and
 * invariant checkers that need a PostgreSQL server (several processes on one database,
 * terminated connections). It clones the same migrated template as the unit suite.
 */
export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  plugins: [tsconfigPaths()],
  test: {
    // The global setup gives the `postgres` project its template on the server of DATABASE_URL.
    name: 'postgres',
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/require-server.ts', 'tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    // Files start servers and fight races of their own; running them one at a time keeps the
    // figures they print comparable and the two cores free for the processes under test.
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 300_000,
  },
});
