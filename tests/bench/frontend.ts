import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { fetchPage } from './web-session';

/**
 * The JavaScript a first visit to `path` makes the browser download: every modulepreload and
 * module import of the server-rendered page (Remix lists the matched routes' chunks there), each
 * compressed with gzip at its default level.
 */
export async function firstLoadJavaScript(baseUrl: string, path: string, cookie?: string) {
  const html = await fetchPage(baseUrl, path, cookie);
  // Preloaded modules and the module script's own imports; the route manifest inlined after them
  // names every route's chunks, which load only when their route is visited.
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)];
  const imported = [...html.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g)];
  const files = [...new Set([...preloaded, ...imported].map((match) => match[1]!))];
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const response = await fetch(`${baseUrl}${file}`);
    if (!response.ok) throw new Error(`GET ${file} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    bytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  return { path, files: files.length, bytes, gzipBytes };
}

const chromeFlags = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse's performance and accessibility scores (0 to 100) of one page in Debian's Chromium,
 * with the desktop settings: this is a back office used at a desk.
 */
export async function lighthouseScores(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/lib/chromium/chromium', chromeFlags });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      },
      desktopConfig,
    );
    const categories = result?.lhr.categories;
    const score = (name: string) => Math.round((categories?.[name]?.score ?? NaN) * 100);
    // What an accessibility score short of 100 is made of, so the table can say what to fix.
    const failed = (categories?.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result?.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return { performance: score('performance'), accessibility: score('accessibility'), failedAccessibilityAudits: failed };
  } finally {
    await chrome.kill();
  }
}
