import { availableParallelism } from 'node:os';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

/** Suites that open a database: they run on PGlite, and on the PostgreSQL server of DATABASE_URL too. */
const onDatabase = ['api/**/*.test.ts', 'tests/api/**/*.test.ts'];

/**
 * Files that replace a module with `vi.mock`. The other files of a worker share one module
 * registry, where the module they replace is already loaded, so these run in a project of their
 * own with a registry per file.
 */
const replacingModules = ['api/pdf/certificate.test.ts'];

const notTests = ['node_modules/**', 'build/**', 'tests/e2e/**'];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    exclude: notTests,
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
    // A file imports the app's modules once per worker instead of once per file: importing them
    // took more of the suite's time than its tests did.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [...onDatabase, 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
          exclude: [...notTests, ...replacingModules],
        },
      },
      { extends: true, test: { name: 'pglite-isolated', include: replacingModules, isolate: true } },
      ...(process.env.DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', include: onDatabase, exclude: [...notTests, ...replacingModules] } }]
        : []),
    ],
  },
});
