import { availableParallelism } from 'node:os';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

/** Suites that open a database: they run on PGlite, and on the PostgreSQL server of DATABASE_URL too. */
const onDatabase = ['api/**/*.test.ts', 'tests/api/**/*.test.ts'];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    environment: 'node',
    // One migrated template per project (PGlite tarball or PostgreSQL database); files clone it.
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    // Cloning a database in beforeAll takes about a second, longer while other files start too.
    hookTimeout: 30_000,
    // Vitest's default, one worker fewer than the cores, keeps a core for its main process, which
    // has little to do: on a 2-core machine that is one worker and half the machine idle.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: [...onDatabase, 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}'] },
      },
      ...(process.env.DATABASE_URL ? [{ extends: true as const, test: { name: 'postgres', include: onDatabase } }] : []),
    ],
  },
});
