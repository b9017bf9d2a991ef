/** Cookie jar of one browser-like client: name=value pairs from Set-Cookie, sent back as Cookie. */
class Cookies {
  private readonly values = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.values.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in through the web app's login form as a browser would (CSRF token from the page, the
 * form posted with its cookie) and answers the Cookie header of the signed-in session.
 */
export async function signInToWeb(baseUrl: string, email: string, password: string): Promise<string> {
  const cookies = new Cookies();
  const page = await fetch(`${baseUrl}/admin/login`);
  cookies.take(page);
  const html = await page.text();
  const csrf = (/name="csrf" value="([^"]+)"/.exec(html) ?? /\\?"csrfToken\\?",\\?"([^"\\]+)/.exec(html))?.[1];
  if (!csrf) throw new Error('The login page carries no CSRF token');
  const answer = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookies.header() },
    body: new URLSearchParams({ email, password, csrf }),
  });
  if (answer.status !== 302) throw new Error(`Signing in to the web app answered ${answer.status}: ${await answer.text()}`);
  cookies.take(answer);
  return cookies.header();
}

/** GET with the session's cookie, following redirects on the same server; fails unless 200. */
export async function fetchPage(baseUrl: string, path: string, cookie?: string): Promise<string> {
  let location = path;
  for (let hops = 0; hops < 5; hops++) {
    const response = await fetch(`${baseUrl}${location}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
    if (response.status >= 300 && response.status < 400) {
      location = response.headers.get('Location')!;
      continue;
    }
    if (response.status !== 200) throw new Error(`GET ${location} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return response.text();
  }
  throw new Error(`GET ${path}: too many redirects`);
}
