import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../support/server-process';
import { expect, test } from './fixtures';

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

test('the home page sends visitors to the admin login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the admin login page is rendered by a real browser', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  const file = path.join(screenshots, 'login.png');
  await page.screenshot({ path: file, fullPage: true });
  expect((await stat(file)).size).toBeGreaterThan(0);
});

test('the health endpoint answers with a success envelope', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({
    success: true,
    data: { database: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
  });
});

test('the OpenAPI document lists the health endpoint', async ({ request }) => {
  const response = await request.get('/api/v1/openapi.json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { paths?: Record<string, unknown> };
  expect(Object.keys(document.paths ?? {})).toContain('/api/v1/health');
});

test('pages and built assets go out compressed, and built assets are cached for a year', async ({ request }) => {
  const page = await request.get('/admin/login', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('gzip');
  const script = /["'](\/assets\/[^"']+\.js)["']/.exec(await page.text())?.[1];
  expect(script, 'the page loads a built script').toBeTruthy();

  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

for (const mode of ['production', 'development'] as const) {
  test(`the ${mode} host ends on SIGTERM with exit code 0, its database closed`, async () => {
    // Development starts Vite, whose compiler would otherwise end the process first (code 143).
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-shutdown-'));
    const server = await startServer({
      env: { NODE_ENV: mode, DATA_DIR: dataDir, DATABASE_URL: '', API_URL: '', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'info' },
      label: `shutdown-${mode}`,
    });
    try {
      // Exit code 0 comes only from the end of the shutdown, after the database has closed; a
      // hang there ends in exit code 1 after ten seconds.
      expect(await server.kill('SIGTERM')).toBe(0);
      expect(server.output.join('\n')).toContain('shutting down');
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
