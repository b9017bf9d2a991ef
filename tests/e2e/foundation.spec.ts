import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
