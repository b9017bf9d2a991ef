import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { apiHeaders, demo, expect, loginAs, test, toast } from './fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { openSession, sessionKeys } from '../../app/services/session.server';

/**
 * Sign-in and the session lifecycle in a real browser: both login screens, the role rules, the
 * guards with their redirectTo, logout, a silent token refresh, and the no-JavaScript path.
 */

const email = (page: Page) => page.getByLabel('Email', { exact: true });
const password = (page: Page) => page.getByLabel('Password', { exact: true });
const submit = (page: Page) => page.locator('form button[type="submit"]');
const formAlert = (page: Page) => page.locator('form [role="alert"]');
/** The super-admin panel, or the page it opens on. */
const superAdminPanel = /\/admin\/super-admin(\/[\w-]+)?$/;

/**
 * A refused sign-in answers 400 or 403, which Chromium logs as a failed resource; that is the
 * expected answer here, not a fault of the page.
 */
const refusedSignIn = /^Failed to load resource: the server responded with a status of 40[03] .*\/admin\/(super\/)?login(\.data)?\)$/;

async function fillLogin(page: Page, address: string, secret: string) {
  await email(page).fill(address);
  await password(page).fill(secret);
  await submit(page).click();
}

/** The web session cookie's content (signed, not encrypted): the tokens the server keeps for the browser. */
/** The tokens the session cookie holds, opened with the session secret of the server's data folder. */
async function sessionOf(context: BrowserContext, dataDir = process.env.E2E_DATA_DIR!) {
  const cookie = (await context.cookies()).find((c) => c.name === '__session');
  if (!cookie) return null;
  const sealed = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as string;
  const secret = (await readFile(path.join(dataDir, 'secrets', 'session-secret'), 'utf8')).trim();
  const data = openSession(sealed, sessionKeys([secret])) as { accessToken: string; refreshToken: string } | null;
  if (!data) throw new Error('The session cookie does not open with the server’s secret');
  const claims = JSON.parse(Buffer.from(data.accessToken.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return { raw: cookie.value, ...data, expiresAt: claims.exp * 1000 };
}

test.describe('Admin Login', () => {
  test('shows the validation messages of the form', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    await fillLogin(page, 'not-an-address', 'secret1');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await fillLogin(page, 'admin@', 'secret1');
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);

    await fillLogin(page, demo.admin.email, '12345');
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page.getByText('Invalid email address', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('signs an admin in: a toast says so and the dashboard opens', async ({ page }) => {
    await page.goto('/admin/login');
    await fillLogin(page, demo.admin.email, demo.admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('sends a super admin to the super-admin panel', async ({ page }) => {
    await page.goto('/admin/login');
    await fillLogin(page, demo.superadmin.email, demo.superadmin.password);
    await expect(page).toHaveURL(superAdminPanel);
    await expect(toast(page, 'Super Admin login successful!')).toBeVisible();
  });

  test('checks a submit made before its checks have loaded, in the browser, once they have', async ({ page }) => {
    let requested!: () => void;
    const checksRequested = new Promise<void>((resolve) => (requested = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/login-validation-[\w-]+\.js$/, async (route) => {
      requested();
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/admin/login');
    // The page has hydrated: it asks for its checks right after.
    await checksRequested;
    await fillLogin(page, 'not-an-address', 'secret1');
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    release();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    // Checked in the browser: nothing was posted, and the password the server would empty is kept.
    expect(posts).toEqual([]);
    await expect(password(page)).toHaveValue('secret1');
  });
});

test.describe('Super Admin Login', () => {
  test('shows the validation messages of the form', async ({ page }) => {
    await page.goto('/admin/super/login');
    await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();

    await submit(page).click();
    await expect(page.getByText('Email required')).toBeVisible();
    await expect(page.getByText('Password required')).toBeVisible();

    await fillLogin(page, demo.superadmin.email, '12345');
    await expect(page.getByText('Min 6 chars')).toBeVisible();
    await expect(page.getByText('Email required')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/super\/login$/);
  });

  test('reads Logging in... while it submits, then opens the panel', async ({ page }) => {
    await page.goto('/admin/super/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/admin/super/login'),
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await fillLogin(page, demo.superadmin.email, demo.superadmin.password);
    await expect(submit(page)).toHaveText('Logging in...');
    await expect(submit(page)).toBeDisabled();
    release();
    await expect(page).toHaveURL(superAdminPanel);
    await expect(toast(page, 'Super Admin login successful!')).toBeVisible();
  });
});

test('both logins carry the product’s name above their own heading', async ({ page }) => {
  for (const [path, heading] of [
    ['/admin/login', 'Admin Login'],
    ['/admin/super/login', 'Super Admin Login'],
  ] as const) {
    await page.goto(path);
    const card = page.getByRole('main');
    await expect(card.getByText('Institute Admin', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test.describe('refused sign-ins', () => {
  test.use({ allowedConsoleErrors: [refusedSignIn] });

  test('Admin Login answers a wrong password with Invalid email or password', async ({ page }) => {
    await page.goto('/admin/login');
    await fillLogin(page, demo.northAdmin.email, 'Wrong@123');
    await expect(formAlert(page)).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
    // SPEC.md section 8: the form is reset on every failure.
    await expect(email(page)).toHaveValue('');
    await expect(password(page)).toHaveValue('');
    // A success right after clears the failure from the email's count.
    await fillLogin(page, demo.northAdmin.email, demo.northAdmin.password);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('Admin Login refuses a role outside the admin area, naming it', async ({ page, request }) => {
    const teacher = { email: `teacher.${randomBytes(3).toString('hex')}@institute.demo`, password: 'Teach@123' };
    const created = await request.post('/api/v1/users', {
      headers: await apiHeaders(request, demo.superadmin),
      data: { name: 'Tara Teacher', ...teacher, role: 'teacher', status: 'active' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/admin/login');
    await fillLogin(page, teacher.email, teacher.password);
    await expect(formAlert(page)).toHaveText("Access denied. This is admin login page. You have 'teacher' role.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(email(page)).toHaveValue('');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  });
  test('Super Admin Login refuses a branch user, naming the role, and resets the form', async ({ page }) => {
    await page.goto('/admin/super/login');
    await fillLogin(page, demo.northStaff.email, demo.northStaff.password);
    await expect(formAlert(page)).toHaveText("Access denied. This is superadmin login page. You have 'branch_user' role.");
    await expect(email(page)).toHaveValue('');
    await expect(password(page)).toHaveValue('');
    await page.goto('/admin/super-admin');
    await expect(page).toHaveURL(/\/admin\/super\/login\?redirectTo=/);
  });
});

test.describe('guards', () => {
  test('a signed-out visit to an admin page goes to login and comes back after it', async ({ page }) => {
    await page.goto('/admin/students/registered');
    await expect(page).toHaveURL('/admin/login?redirectTo=%2Fadmin%2Fstudents%2Fregistered');
    await fillLogin(page, demo.admin.email, demo.admin.password);
    await expect(page).toHaveURL(/\/admin\/students\/registered$/);
  });

  test('a signed-out visit to the super-admin panel goes to the super-admin login', async ({ page }) => {
    await page.goto('/admin/super-admin');
    await expect(page).toHaveURL(/\/admin\/super\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  });

  test('the login pages are for guests: a signed-in admin goes to /admin', async ({ page }) => {
    await loginAs(page, demo.southAdmin.email, demo.southAdmin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an admin opening the super-admin panel is asked to sign in as super admin', async ({ page }) => {
    await loginAs(page, demo.southStaff.email, demo.southStaff.password, { to: '/admin/super-admin' });
    await expect(page).toHaveURL(/\/admin\/super\/login\?redirectTo=%2Fadmin%2Fsuper-admin(%2F[\w-]+)?$/);
    await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
  });
});

test('logout returns to the admin login, and /admin asks to sign in again', async ({ page, context }) => {
  await loginAs(page, demo.admin.email, demo.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const session = await sessionOf(context);
  expect(session).not.toBeNull();

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await sessionOf(context)).toBeNull();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);

  // The session ended on the API too: its refresh token is refused.
  const refresh = await page.request.post('/api/v1/users/refresh', { data: { refreshToken: session!.refreshToken } });
  expect(refresh.status()).toBe(401);
});

test('thirty idle minutes end the session in the browser, and the login says it expired', async ({ page, context }) => {
  await page.clock.install();
  await loginAs(page, demo.admin.email, demo.admin.password);
  await expect(page).toHaveURL(/\/admin$/);

  // The idle timer starts once the page has hydrated and loaded it: jump again until it has run out.
  await expect(async () => {
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
  expect(await sessionOf(context)).toBeNull();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [refusedSignIn] });

  test('the admin login form signs in and lands on /admin', async ({ page }) => {
    await page.goto('/admin/login');
    await fillLogin(page, demo.northStaff.email, demo.northStaff.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the super-admin login shows a refusal and an empty form', async ({ page }) => {
    await page.goto('/admin/super/login');
    await fillLogin(page, demo.southStaff.email, demo.southStaff.password);
    await expect(formAlert(page)).toHaveText("Access denied. This is superadmin login page. You have 'branch_user' role.");
    await expect(email(page)).toHaveValue('');
    await expect(password(page)).toHaveValue('');
  });

  test('the server answers with the same validation messages', async ({ page }) => {
    await page.goto('/admin/login');
    await fillLogin(page, 'not-an-address', '123');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  });
});

const TOKEN_SECONDS = 5;

/**
 * A server of its own whose access tokens last a few seconds, so a token can expire while the
 * test waits. It starts the same production build on a fresh embedded database, and its request
 * log shows what the API answered the web tier.
 */
test.describe('an expired access token', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let baseURL = '';
  const requests: { path: string; status: number }[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-tokens-'));
    server = await startServer({
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        API_URL: '',
        SEED_ON_EMPTY: 'true',
        LOG_LEVEL: 'info',
        ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS),
      },
      label: 'short-token server',
      onLine: (line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; path?: string; status?: number };
          if (entry.msg === 'request' && entry.path && entry.status) requests.push({ path: entry.path, status: entry.status });
        } catch {
          // A plain line (the seed's logins, the listening address).
        }
      },
    });
    baseURL = server.baseUrl;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** What the API answered from now on, as `path status` lines. */
  function watchApi() {
    const from = requests.length;
    return () => requests.slice(from).map(({ path, status }) => `${path} ${status}`);
  }

  /** Waits until the access token the cookie holds now has expired, and returns the session. */
  async function outliveAccessToken(context: BrowserContext) {
    const session = await sessionOf(context, dataDir!);
    expect(session).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, session!.expiresAt - Date.now()) + 1_000));
    return session!;
  }

  async function expectRenewed(context: BrowserContext, before: NonNullable<Awaited<ReturnType<typeof sessionOf>>>) {
    const after = await sessionOf(context, dataDir!);
    expect(after, 'still signed in').not.toBeNull();
    expect(after!.refreshToken).not.toBe(before.refreshToken);
    expect(after!.accessToken).not.toBe(before.accessToken);
    expect(after!.expiresAt).toBeGreaterThan(Date.now());
  }

  test('is refreshed silently during a navigation', async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.goto(`${baseURL}/admin/login`);
    await fillLogin(page, demo.admin.email, demo.admin.password);
    await expect(page).toHaveURL(`${baseURL}/admin`);

    // A navigation inside the app: the loaders of the next page run on the server with the
    // expired token, meet the API's 410, refresh once and hand the browser the new cookie.
    let before = await outliveAccessToken(context);
    const answers = watchApi();
    await page.getByRole('link', { name: 'Registered Students' }).first().click();
    await expect(page).toHaveURL(`${baseURL}/admin/students/registered`);
    await expect(page.getByRole('heading', { name: 'Registered Students' })).toBeVisible();
    await expectRenewed(context, before);
    const seen = answers();
    const expired = seen.indexOf('/api/v1/users/current-user 410');
    expect(expired, seen.join('\n')).toBeGreaterThanOrEqual(0);
    expect(
      seen.slice(expired).filter((line) => line.startsWith('/api/v1/users/refresh')),
      seen.join('\n'),
    ).toEqual(['/api/v1/users/refresh 200']);
    expect(seen.slice(expired), seen.join('\n')).toContain('/api/v1/users/current-user 200');

    // A full page load does the same.
    before = await outliveAccessToken(context);
    await page.goto(`${baseURL}/admin`);
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectRenewed(context, before);

    await expect(toast(page, 'Session expired. Please log in again.')).toHaveCount(0);
  });

  test('ends at the login with "Session expired" once the session was revoked on the server', async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.goto(`${baseURL}/admin/login`);
    await fillLogin(page, demo.northAdmin.email, demo.northAdmin.password);
    await expect(page).toHaveURL(`${baseURL}/admin`);

    const session = await outliveAccessToken(context);
    const revoked = await page.request.post(`${baseURL}/api/v1/users/logout`, { data: { refreshToken: session.refreshToken } });
    expect(revoked.status()).toBe(200);

    const answers = watchApi();
    await page.goto(`${baseURL}/admin/students/registered`);
    await expect(page).toHaveURL(`${baseURL}/admin/login?redirectTo=%2Fadmin%2Fstudents%2Fregistered`);
    await expect(toast(page, 'Session expired. Please log in again.')).toBeVisible();
    expect(await sessionOf(context, dataDir!)).toBeNull();
    const seen = answers();
    expect(seen.slice(seen.indexOf('/api/v1/users/current-user 410')), seen.join('\n')).toContain('/api/v1/users/refresh 401');
  });
});
