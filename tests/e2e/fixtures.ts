import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/** Demo accounts created by the seed (api/db/seed.ts `demoLogins`). */
export const demo = {
  superadmin: { email: 'superadmin@institute.demo', password: 'Super@123' },
  admin: { email: 'admin@institute.demo', password: 'Admin@123' },
  northAdmin: { email: 'north.admin@institute.demo', password: 'North@123' },
  northStaff: { email: 'north.staff@institute.demo', password: 'Staff@123' },
  southAdmin: { email: 'south.admin@institute.demo', password: 'South@123' },
  southStaff: { email: 'south.staff@institute.demo', password: 'Staff@123' },
} as const;

interface Options {
  /**
   * Console errors a test expects, matched against "<message> (<source url>)"; anything else
   * fails it.
   */
  allowedConsoleErrors: RegExp[];
}

/**
 * Every spec imports `test` from here. The server address comes from the global setup, and the
 * `page` fails its test when the browser logs a console error or throws an uncaught error.
 */
export const test = base.extend<Options>({
  allowedConsoleErrors: [[], { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npx playwright test`.');
    await use(url);
  },

  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      const text = `${message.text()}${where ? ` (${where})` : ''}`;
      if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
      problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));

    await use(page);

    expect(problems, 'the browser reported errors during the test').toEqual([]);
  },
});

/**
 * Signs in as the login form at `loginPath` would, without drawing it: the form's post, with the
 * CSRF token of the login page, goes through the page's own request context, whose cookies the
 * page shares. Then opens where the form would have led, or `to`, so a test starts on its own page
 * after one navigation; the form itself is driven by the auth tests.
 */
export async function loginAs(
  page: Page,
  email: string,
  password: string,
  { loginPath = '/admin/login', to }: { loginPath?: string; to?: string } = {},
) {
  const form = await page.request.get(loginPath);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  expect(csrf, `the login page ${loginPath} carries a CSRF token`).toBeTruthy();
  const signedIn = await page.request.post(loginPath, { form: { email, password, csrf: csrf! }, maxRedirects: 0 });
  const landing = signedIn.headers()['location'];
  expect(signedIn.status(), `signing in as ${email} leads on (${signedIn.status()})`).toBe(302);
  // The greeting toast waits for the landing page; fetched here, it stays off the test's own page.
  if (to !== undefined) await page.request.get(landing!);
  await page.goto(to ?? landing!);
}

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** The toast that says `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Waits until a freshly loaded page has hydrated: keyboard shortcuts only exist once React runs,
 * and the palette opening on Ctrl/Cmd+K is the sign that it does.
 */
export async function hydrated(page: Page) {
  await expect(async () => {
    if (!(await palette(page).isVisible())) await page.keyboard.press('ControlOrMeta+k');
    await expect(palette(page)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
}

/** The address of a piece of the app's code, which the build names `<name>-<hash>.js`. */
export const codeChunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

/**
 * Holds back the answers to the requests `pattern` matches until `release` is called, so a page
 * is seen, and used, while a piece of its code is still on its way. `requested` settles once the
 * browser has asked for it.
 */
export async function holdBack(page: Page, pattern: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { requested: page.waitForRequest(pattern), release };
}

/** The API's bearer header for a demo account, signed in through the API. */
export async function apiHeaders(request: APIRequestContext, account: { email: string; password: string } = demo.admin) {
  const login = await request.post('/api/v1/auth/v2/login', { data: account });
  expect(login.ok(), await login.text()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** A North Campus admin with just these permissions, added by the super admin through the API. */
export async function addNorthAdmin(
  request: APIRequestContext,
  person: { name: string; email: string; password: string },
  permissions: string[],
): Promise<void> {
  const headers = await apiHeaders(request, demo.superadmin);
  const branches = await request.get('/api/v1/dynamic-data?formType=branch&search=North', { headers });
  const north = ((await branches.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const created = await request.post('/api/v1/users', {
    headers,
    data: { ...person, role: 'branch_admin', branchId: north, permissions },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** A name no other test run has made. */
export function unique(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** An institute-wide admin with just these permissions, added by the super admin through the API; how they sign in. */
export async function addAdminWith(request: APIRequestContext, name: string, permissions: string[]) {
  const account = { name, email: `${unique('reader')}@institute.demo`.toLowerCase(), password: 'Reader@123' };
  const created = await request.post('/api/v1/users', {
    headers: await apiHeaders(request, demo.superadmin),
    data: { ...account, role: 'admin', status: 'active', permissions },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

/** Adds a record of a form type through the API, as the institute admin unless `headers` say who; its id. */
export async function addRecord(
  request: APIRequestContext,
  formType: string,
  values: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<string> {
  const response = await request.post('/api/v1/dynamic-data', {
    headers: headers ?? (await apiHeaders(request)),
    data: { formType, fieldsData: Object.entries(values).map(([name, value]) => ({ name, value })) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}
