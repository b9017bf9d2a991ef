import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      'api/**/*.test.ts',
      'common/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
    ],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    environment: 'node',
    // One migrated template per run (PGlite tarball or PostgreSQL database); files clone it.
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    // Cloning a database in beforeAll takes about a second, longer while other files start too.
    hookTimeout: 30_000,
    testTimeout: 15_000,
  },
});
