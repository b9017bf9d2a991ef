import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { defaultSiteContent, siteUpload, type SiteContent, type SiteSection } from '../../common/contracts/site-content';
import { paintedPng } from '../support/images';
import { seriousViolations } from './axe';
import { addAdminWith, apiHeaders, demo, expect, hydrated, loginAs, palette, test, toast, unique } from './fixtures';

// The site is one per institute and these tests change it in turn: they run one after another.
test.describe.configure({ mode: 'serial' });
// A page that is not there answers 404, which the browser logs as a failed request.
test.use({ allowedConsoleErrors: [/status of 404 .*\/site\/no-such-page/] });

type Headers = Record<string, string>;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A file stored for the site as the settings pages store it (address, PUT, confirm); its key. */
async function storeSiteFile(request: APIRequestContext, headers: Headers, fileName: string, bytes: Buffer) {
  const image = fileName.endsWith('.png');
  const target = {
    fileName,
    fileType: image ? 'image/png' : 'application/pdf',
    fileSize: bytes.length,
    formType: siteUpload.formType,
    fieldName: image ? siteUpload.image : siteUpload.file,
  };
  const address = await request.post('/api/v1/s3-upload/presigned-url', { headers, data: target });
  expect(address.status(), await address.text()).toBe(200);
  const {
    presignedUrl,
    key,
    headers: putHeaders,
  } = ((await address.json()) as { data: { presignedUrl: string; key: string; headers: Headers } }).data;
  expect((await request.put(presignedUrl, { headers: putHeaders, data: bytes })).status()).toBe(200);
  const confirmed = await request.post('/api/v1/s3-upload/confirm-upload', {
    headers,
    data: { key, originalFileName: fileName, fileSize: bytes.length, formType: target.formType, fieldName: target.fieldName },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return key;
}

const image = (request: APIRequestContext, headers: Headers, fileName: string) =>
  storeSiteFile(
    request,
    headers,
    fileName,
    paintedPng(160, 90, (x) => [20, 60 + (x % 100), 140, 255]),
  );

/** Saves a section's draft; its version after the save. */
async function saveDraft<S extends SiteSection>(request: APIRequestContext, headers: Headers, section: S, content: SiteContent[S]) {
  const shown = await request.get(`/api/v1/site-content/${section}`, { headers });
  expect(shown.status(), await shown.text()).toBe(200);
  const { version } = ((await shown.json()) as { data: { version: number } }).data;
  const saved = await request.put(`/api/v1/site-content/${section}`, {
    headers: { ...headers, 'If-Match': `"${version}"` },
    data: { content },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { data: { version: number } }).data.version;
}

/** Saves and publishes a section; publishing what is published already is refused (409), which leaves it as wanted. */
async function publish<S extends SiteSection>(request: APIRequestContext, headers: Headers, section: S, content: SiteContent[S]) {
  const version = await saveDraft(request, headers, section, content);
  const published = await request.post(`/api/v1/site-content/${section}/publish`, { headers: { ...headers, 'If-Match': `"${version}"` } });
  expect([200, 409], await published.text()).toContain(published.status());
}

async function discard(request: APIRequestContext, headers: Headers, section: SiteSection) {
  const shown = await request.get(`/api/v1/site-content/${section}`, { headers });
  const { version } = ((await shown.json()) as { data: { version: number } }).data;
  const discarded = await request.post(`/api/v1/site-content/${section}/discard`, { headers: { ...headers, 'If-Match': `"${version}"` } });
  expect([200, 409], await discarded.text()).toContain(discarded.status());
}

/** Opens a page of the site and checks what every page of it is: plain HTML, one h1, the landmarks. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('script')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  return response!;
}

/** Moves a row of a settings page by its drag handle with the keyboard: Space picks it up, the arrow moves it, Space drops it. */
async function moveByHandle(page: Page, handle: Locator, arrow: 'ArrowUp' | 'ArrowDown') {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The rows' places are measured once the row is picked up: an arrow pressed before that
  // leaves it where it is, so the arrow is pressed until the row is over its neighbour.
  await expect(async () => {
    await page.keyboard.press(arrow);
    await expect(page.getByText(/was moved over droppable area/)).toHaveText(/item (\S+) was moved over droppable area (?!\1\.)/, {
      timeout: 500,
    });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(page.getByText(/was dropped over droppable area/)).toBeAttached();
}

test('the notices, gallery and downloads pages say kindly when they have nothing', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  await publish(request, headers, 'notice-board', { notices: [] });
  await publish(request, headers, 'gallery', { albums: [] });
  await publish(request, headers, 'downloads', { files: [] });

  await visit(page, '/site/notices');
  await expect(page.getByText('There are no notices just now. Please check back soon.')).toBeVisible();
  expect(await seriousViolations(page, 'empty notices')).toEqual([]);
  await visit(page, '/site/gallery');
  await expect(page.getByText('There are no photo albums yet. Please check back soon.')).toBeVisible();
  expect(await seriousViolations(page, 'empty gallery')).toEqual([]);
  await visit(page, '/site/downloads');
  await expect(page.getByText('There are no files to download just now. Please check back soon.')).toBeVisible();
  expect(await seriousViolations(page, 'empty downloads')).toEqual([]);
  await visit(page, '/site/gallery?album=gone');
  await expect(page.getByText('This album is not on the site any more.')).toBeVisible();

  // An address that is no page of the site is answered 404 inside the site's own frame.
  const missing = await page.goto('/site/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/site$/);
});

test('what is published shows on the home page and the notices, gallery and downloads pages', async ({ page, request }) => {
  test.setTimeout(60_000);
  const headers = await apiHeaders(request);
  const name = unique('Shree Institute');
  const [logo, banner, hero, campus, lab, seal, holidays, prospectus, admission] = await Promise.all([
    image(request, headers, 'logo.png'),
    image(request, headers, 'banner.png'),
    // Wider than the narrowest copy, so the page offers its copies.
    storeSiteFile(
      request,
      headers,
      'hero.png',
      paintedPng(1200, 900, (x, y) => [40, (x + y) % 200, 160, 255]),
    ),
    image(request, headers, 'campus.png'),
    image(request, headers, 'lab.png'),
    image(request, headers, 'seal.png'),
    storeSiteFile(request, headers, 'Holiday list.pdf', pdf),
    storeSiteFile(request, headers, 'Prospectus 2026.pdf', pdf),
    storeSiteFile(request, headers, 'Admission form.pdf', pdf),
  ]);

  await publish(request, headers, 'header', {
    instituteName: name,
    tagline: 'Skills for life',
    logo,
    phone: '+91 98765 43210',
    email: 'hello@shree.example',
    social: [{ network: 'youtube', url: 'https://youtube.com/@shree' }],
    menu: [
      { id: 'home', label: 'Home', href: '/site' },
      { id: 'notices', label: 'Notices', href: '/site/notices' },
      { id: 'gallery', label: 'Gallery', href: '/site/gallery' },
      { id: 'downloads', label: 'Downloads', href: '/site/downloads' },
    ],
  });
  await publish(request, headers, 'footer', {
    columns: [{ id: 'links', title: 'Quick links', links: [{ label: 'Verify a certificate', href: '/verify' }] }],
    address: '12 MG Road, Pune',
    mapLink: 'https://maps.example/shree',
    copyright: `© 2026 ${name}`,
  });
  await publish(request, headers, 'theme', { primary: '#1d4ed8', accent: '#b45309', background: '#ffffff', font: 'system', mode: 'light' });
  await publish(request, headers, 'body', {
    sections: [
      {
        kind: 'hero',
        enabled: true,
        title: 'Learn a skill this season',
        text: 'Evening batches.',
        image: hero,
        buttonLabel: 'See notices',
        buttonLink: '/site/notices',
      },
      { kind: 'about', enabled: true, title: 'About us', markdown: 'Teaching since **1998**.' },
      { kind: 'courses', enabled: true, title: 'Our courses', courseIds: [] },
      {
        kind: 'whyUs',
        enabled: true,
        title: 'Why study with us',
        points: [{ id: 'labs', title: 'Modern labs', text: 'A computer each.' }],
      },
      {
        kind: 'testimonials',
        enabled: true,
        title: 'What our students say',
        items: [{ id: 'asha', name: 'Asha', role: 'Tally, 2025', text: 'I found a job.' }],
      },
      { kind: 'contact', enabled: true, title: 'Contact us', text: 'Open 9 to 6, Monday to Saturday.' },
    ],
  });
  await publish(request, headers, 'banners', {
    slides: [{ id: 'admissions', image: banner, title: 'Admissions open', link: '/site/notices', from: '', until: '' }],
  });
  await publish(request, headers, 'certifications', {
    items: [{ id: 'iso', name: 'ISO 9001:2015', number: 'QMS-4411', link: 'https://iso.example/verify', logo: seal }],
  });
  await publish(request, headers, 'notice-board', {
    notices: [
      {
        id: 'exam',
        title: 'Exam timetable',
        markdown: 'Exams begin on **Monday**.',
        date: '2026-09-09',
        pinned: false,
        expires: '',
        attachment: '',
      },
      { id: 'holidays', title: 'Holiday list', markdown: '', date: '2026-08-01', pinned: true, expires: '', attachment: holidays },
    ],
  });
  await publish(request, headers, 'gallery', {
    albums: [
      {
        id: 'annual-day',
        title: 'Annual day',
        cover: campus,
        images: [
          { id: 'campus', image: campus, caption: 'The campus at dawn' },
          { id: 'lab', image: lab, caption: '' },
        ],
      },
    ],
  });
  await publish(request, headers, 'downloads', {
    files: [
      { id: 'prospectus', title: 'Prospectus', category: 'Brochures', file: prospectus },
      { id: 'admission', title: 'Admission form', category: 'Forms', file: admission },
    ],
  });

  const home = await visit(page, '/site');
  expect(home.headers()['cache-control']).toBe('public, max-age=60');
  await expect(page).toHaveTitle(`${name} · Skills for life`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeAttached();
  const header = page.getByRole('banner');
  await expect(header.getByText('Skills for life')).toBeVisible();
  await expect(header.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
  await expect(header.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', 'https://youtube.com/@shree');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).last()).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Admissions open')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Learn a skill this season' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See notices' })).toHaveAttribute('href', '/site/notices');
  await expect(page.locator('#about strong')).toHaveText('1998');
  await expect(page.getByRole('heading', { level: 3, name: 'Modern labs' })).toBeVisible();
  await expect(page.getByText('I found a job.')).toBeVisible();
  await expect(page.getByText('Open 9 to 6, Monday to Saturday.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'ISO 9001:2015' })).toBeVisible();
  await expect(page.getByText('No. QMS-4411')).toBeVisible();
  const latest = page.locator('#notices').getByRole('heading', { level: 3 });
  await expect(latest).toHaveText(['Holiday list', 'Exam timetable']);
  await expect(page.getByRole('contentinfo').getByText('12 MG Road, Pune')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(`© 2026 ${name}`)).toBeVisible();
  // The banner is fetched from the public address of a published file, and draws.
  const bannerImage = page.locator('[data-slot="site-banners"] img');
  await expect(bannerImage).toHaveAttribute('src', /^\/api\/v1\/public\/site\/files\//);
  await expect.poll(() => bannerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await expect(bannerImage).toHaveAttribute('width', '160');
  await expect(bannerImage).toHaveAttribute('fetchpriority', 'high');
  // The hero offers its WebP copies by width, keeps its own size and is fetched as it nears the view.
  const heroImage = page.locator('#hero img');
  await expect(heroImage).toHaveAttribute('srcset', /\/api\/v1\/public\/site\/images\/\S+\/480\.webp 480w/);
  await expect(heroImage).toHaveAttribute('width', '1200');
  await expect(heroImage).toHaveAttribute('height', '900');
  await expect(heroImage).toHaveAttribute('loading', 'lazy');
  await expect(heroImage).toHaveAttribute('decoding', 'async');
  await heroImage.scrollIntoViewIfNeeded();
  await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/public\/site\/images\/\S+\.webp$/);
  expect(await seriousViolations(page, 'home')).toEqual([]);

  await page.getByRole('link', { name: 'All notices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  const notices = page.getByRole('article');
  await expect(notices.first()).toContainText('Holiday list');
  await expect(notices.first()).toContainText('Pinned');
  await expect(notices.first()).toContainText('1 Aug 2026');
  await expect(notices.first().getByRole('link', { name: 'Download Holiday list.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/v1\/public\/site\/files\//,
  );
  await expect(notices.nth(1)).toContainText('9 Sep 2026');
  await expect(notices.nth(1).locator('strong')).toHaveText('Monday');
  expect(await seriousViolations(page, 'notices')).toEqual([]);

  await visit(page, '/site/gallery');
  await expect(page.getByRole('link', { name: /Annual day\s*2 photos/ })).toBeVisible();
  expect(await seriousViolations(page, 'gallery')).toEqual([]);
  await page.getByRole('link', { name: /Annual day/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The campus at dawn' })).toHaveAttribute('loading', 'lazy');
  await expect(page.getByRole('img', { name: 'Annual day, photo 2' })).toBeVisible();
  await expect(page.getByText('The campus at dawn')).toBeVisible();
  expect(await seriousViolations(page, 'album')).toEqual([]);

  await visit(page, '/site/downloads');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Brochures', 'Forms']);
  await expect(page.getByText('Prospectus 2026.pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Admission form' })).toHaveAttribute('href', /^\/api\/v1\/public\/site\/files\//);
  expect(await seriousViolations(page, 'downloads')).toEqual([]);
});

test('a draft shows only in the preview, and only to a signed-in editor', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  const published = unique('Published tagline');
  const draft = unique('Draft tagline');
  const { data: header } = (await (await request.get('/api/v1/public/site/header')).json()) as { data: SiteContent['header'] };
  await publish(request, headers, 'header', { ...header, logo: '', tagline: published });
  await saveDraft(request, headers, 'header', { ...header, logo: '', tagline: draft });
  const draftBanner = await image(request, headers, 'draft-banner.png');
  await saveDraft(request, headers, 'banners', {
    slides: [{ id: 'draft', image: draftBanner, title: 'Coming soon', link: '', from: '', until: '' }],
  });

  try {
    // A visitor sees what is published, with or without asking for the preview.
    await visit(page, '/site');
    await expect(page.getByText(published)).toBeVisible();
    await expect(page.getByText(draft)).toHaveCount(0);
    const asked = await visit(page, '/site?preview=1');
    expect(asked.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByText(published)).toBeVisible();
    await expect(page.getByText('Preview of unpublished drafts')).toHaveCount(0);

    // An editor sees the drafts in the preview, their files by the admin area's way to them, and the site as it is without it.
    await loginAs(page, demo.admin.email, demo.admin.password);
    await visit(page, '/site?preview=1');
    await expect(page.getByText('Preview of unpublished drafts')).toBeVisible();
    await expect(page.getByText(draft)).toBeVisible();
    await expect(page.getByText('Coming soon')).toBeVisible();
    const draftImage = page.locator('[data-slot="site-banners"] img');
    await expect(draftImage).toHaveAttribute('src', `/resources/uploads?key=${encodeURIComponent(draftBanner)}`);
    await expect.poll(() => draftImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notices' }).last()).toHaveAttribute(
      'href',
      '/site/notices?preview=1',
    );
    await visit(page, '/site/notices?preview=1');
    await expect(page.getByText('Preview of unpublished drafts')).toBeVisible();
    expect(await seriousViolations(page, 'preview')).toEqual([]);
    await page.getByRole('link', { name: 'See the published site' }).click();
    await expect(page).toHaveURL(/\/site\/notices$/);
    await expect(page.getByText(published)).toBeVisible();
    await expect(page.getByText('Preview of unpublished drafts')).toHaveCount(0);
  } finally {
    await discard(request, headers, 'header');
    await discard(request, headers, 'banners');
  }
});

test.describe('the settings pages', () => {
  test('the header is edited, published and seen on the site, and an earlier version is restored', async ({ page, request }) => {
    test.setTimeout(90_000);
    // The header as the other tests left it would have links of its own: this one starts with none.
    await publish(request, await apiHeaders(request), 'header', { ...defaultSiteContent.header, instituteName: unique('Start') });
    const first = unique('Shree Academy');
    const second = unique('Shree College');
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings' });
    expect(await seriousViolations(page, 'settings overview')).toEqual([]);
    await page.getByRole('list', { name: 'Settings pages' }).getByRole('link', { name: 'Header' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Header' })).toBeVisible();
    await hydrated(page);
    expect(await seriousViolations(page, 'header settings')).toEqual([]);

    await page.getByLabel('Institute name').fill(first);
    await page.getByLabel('Tagline').fill('Skills <b>for</b> life');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel(/^Label/).fill('Evil');
    await page.getByLabel(/^Link/).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Publish' }).click();
    // Refused under its field, nothing published.
    await expect(page.getByText('Enter a link starting with http:// or https://, or a path on this site starting with /')).toBeVisible();
    await page.getByLabel(/^Label/).fill('Notices');
    await page.getByLabel(/^Link/).fill('/site/notices');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page
      .getByLabel(/^Label/)
      .nth(1)
      .fill('Home');
    await page.getByLabel(/^Link/).nth(1).fill('/site');
    // Reordered with the keyboard.
    await page.getByRole('button', { name: 'Move Menu link 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(/^Label/).first()).toHaveValue('Home');
    // And back and forth by its handle: Space picks the row up, an arrow moves it, Space drops it.
    for (const [arrow, first] of [
      ['ArrowDown', 'Notices'],
      ['ArrowUp', 'Home'],
    ] as const) {
      await moveByHandle(page, page.getByRole('button', { name: `Reorder Menu link ${arrow === 'ArrowDown' ? 1 : 2}` }), arrow);
      await expect(page.getByLabel(/^Label/).first()).toHaveValue(first);
    }
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Header published')).toBeVisible();
    await expect(page.getByText('Published · v', { exact: false })).toBeVisible();

    let site = ((await (await request.get('/api/v1/public/site/header')).json()) as { data: SiteContent['header'] }).data;
    expect(site).toMatchObject({ instituteName: first, tagline: 'Skills for life' });
    expect(site.menu.map((link) => link.label)).toEqual(['Home', 'Notices']);
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto('/site');
    await expect(visitor.getByRole('heading', { level: 1, name: first })).toBeAttached();

    // A second version, then the first restored as the draft and published again.
    await page.getByLabel('Institute name').fill(second);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await expect(page.getByText('Draft changes pending')).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Header published')).toBeVisible();
    const history = page.getByRole('complementary', { name: 'Publishing' });
    const shown = await request.get('/api/v1/site-content/header', { headers: await apiHeaders(request) });
    const versions = ((await shown.json()) as { data: { publishedNumber: number } }).data.publishedNumber;
    await expect(history.getByText(`Version ${versions}`, { exact: false }).first()).toBeVisible();
    await history.getByRole('button', { name: `Restore version ${versions - 1}` }).click();
    await expect(toast(page, `Version ${versions - 1} restored as the draft. Publish it to make it public.`)).toBeVisible();
    await expect(page.getByLabel('Institute name')).toHaveValue(first);
    site = ((await (await request.get('/api/v1/public/site/header')).json()) as { data: SiteContent['header'] }).data;
    expect(site.instituteName).toBe(second);

    // The palette publishes the saved draft after a confirmation.
    await page.keyboard.press('ControlOrMeta+k');
    await palette(page).getByRole('combobox').fill('Publish Header');
    await palette(page).getByRole('option', { name: 'Publish Header' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the header?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(history.getByText(`from version ${versions - 1}`)).toBeVisible();
    await visitor.goto('/site');
    await expect(visitor.getByRole('heading', { level: 1, name: first })).toBeAttached();
    await visitor.close();
  });

  test('a banner is added with its image, published and seen on the home page', async ({ page, request }) => {
    await publish(request, await apiHeaders(request), 'banners', { slides: [] });
    const title = unique('Admissions open');
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings/banners' });
    await hydrated(page);
    await page.getByRole('button', { name: 'Add a slide' }).click();
    await page.getByLabel(/^Image/).setInputFiles({
      name: 'admissions.png',
      mimeType: 'image/png',
      buffer: paintedPng(160, 90, (x) => [200, 80 + (x % 100), 40, 255]),
    });
    await expect(page.getByRole('img', { name: 'Image as uploaded' })).toBeVisible();
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Link/).fill('/site/notices');
    await page.getByLabel(/^Show until/).fill('31/12/2099');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Banners published')).toBeVisible();
    expect(await seriousViolations(page, 'banners settings')).toEqual([]);

    await page.goto('/site');
    const banner = page.locator('[data-slot="site-banners"]');
    await expect(banner.getByText(title)).toBeVisible();
    await expect
      .poll(() =>
        banner
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(160);
  });

  test('the home page’s sections are switched on, filled, given courses, reordered and published, and one switched off goes', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The first day's sections with the about section off and no contact section, which the page lists all the same.
    await publish(request, await apiHeaders(request), 'body', {
      sections: defaultSiteContent.body.sections.flatMap((section) =>
        section.kind === 'contact' ? [] : [section.kind === 'about' ? { ...section, enabled: false } : section],
      ),
    });
    const heroTitle = unique('Learn a skill');
    const section = (name: string) => page.getByRole('listitem', { name, exact: true });
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings/body' });
    await expect(page.getByRole('heading', { level: 1, name: 'Body' })).toBeVisible();
    await hydrated(page);
    expect(await seriousViolations(page, 'body settings')).toEqual([]);

    // Every section is listed, the missing one last and off; none is added or removed.
    await expect(page.getByLabel('Contact: Show on the home page')).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Move Contact down' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Remove (Hero|About|Highlighted courses|Why us|Testimonials|Contact)$/ })).toHaveCount(
      0,
    );

    await page.getByLabel('About: Show on the home page').check();
    await section('About').getByLabel('Text').fill('Teaching since **1998**.');
    await section('Hero').getByLabel('Title').fill(heroTitle);

    // Courses are found by typing part of their names and picked from the matches.
    const courses = section('Highlighted courses');
    const find = courses.getByLabel('Find a course to highlight');
    for (const [typed, course] of [
      ['tally wi', 'Tally with GST · TGST'],
      ['spoken', 'Spoken English · SPE'],
    ] as const) {
      await find.fill(typed);
      await courses.getByRole('list', { name: 'Matching courses' }).getByRole('button', { name: course, exact: true }).click();
      await expect(find).toHaveValue('');
    }
    await expect(courses.getByRole('list', { name: /^Highlighted courses/ }).getByRole('listitem')).toHaveText([
      'Tally with GST',
      'Spoken English',
    ]);

    await page.getByLabel('Testimonials: Show on the home page').check();
    const testimonials = section('Testimonials');
    await testimonials.getByRole('button', { name: 'Add a testimonial' }).click();
    await testimonials.getByLabel(/^Name/).fill('Asha Patil');
    await testimonials.getByLabel(/^Words/).fill('I found a job in a month.');
    // Testimonials go up above why us (which is off).
    await page.getByRole('button', { name: 'Move Testimonials up' }).click();
    await expect(page.locator('form h2')).toHaveText(['Hero', 'About', 'Highlighted courses', 'Testimonials', 'Why us', 'Contact']);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Body published')).toBeVisible();

    const bands = '#hero, #about, #courses, #why-us, #testimonials, #contact';
    const shown = (visitor: Page) => visitor.locator(bands).evaluateAll((sections) => sections.map((band) => band.id));
    await visit(page, '/site');
    expect(await shown(page)).toEqual(['hero', 'about', 'courses', 'testimonials']);
    await expect(page.getByRole('heading', { level: 2, name: heroTitle })).toBeVisible();
    await expect(page.locator('#about strong')).toHaveText('1998');
    await expect(page.locator('#courses li')).toHaveText(['Tally with GST', 'Spoken English']);
    await expect(page.locator('#testimonials')).toContainText('I found a job in a month.');

    // The about section switched off is gone once published.
    await page.goto('/admin/settings/body');
    await hydrated(page);
    await page.getByLabel('About: Show on the home page').uncheck();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Body published')).toBeVisible();
    // Another address than before: the browser may keep the home page a minute.
    await visit(page, '/site?after=about');
    expect(await shown(page)).toEqual(['hero', 'courses', 'testimonials']);
  });

  test('the theme warns of poor contrast as it is typed, and refuses a colour that is not one', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings/theme' });
    await hydrated(page);
    expect(await seriousViolations(page, 'theme settings')).toEqual([]);
    await page.getByLabel('Primary', { exact: true }).fill('#ffff00');
    await expect(page.getByText(/Button text on the primary colour: 1\.07 to 1 — hard to read/)).toBeVisible();
    await page.getByLabel('Accent', { exact: true }).fill('blue');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Enter a colour as # and six hexadecimal digits, like #1d4ed8')).toBeVisible();
  });

  test('an album’s images are uploaded with captions, one made the cover, reordered by the keyboard, published and seen in order', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await publish(request, await apiHeaders(request), 'gallery', { albums: [] });
    const title = unique('Annual day');
    const captions = ['The campus at dawn', 'The new lab', 'Prize giving'] as const;
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings/gallery' });
    await hydrated(page);

    await page.getByRole('button', { name: 'Add an album' }).click();
    await page.getByLabel(/^Album title/).fill(title);
    const images = page.getByRole('listitem', { name: /^Image \d+ of album 1$/ });
    for (const [index, caption] of captions.entries()) {
      await page.getByRole('button', { name: 'Add an image to album 1' }).click();
      const row = images.nth(index);
      await row.getByLabel(/^Image/).setInputFiles({
        name: `photo-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: paintedPng(160, 90, (x) => [40 + 80 * index, 60 + (x % 100), 140, 255]),
      });
      await expect(row.getByRole('img', { name: 'Image as uploaded' })).toBeVisible();
      await row.getByLabel('Caption').fill(caption);
    }
    await images.nth(2).getByLabel('Album cover').check();
    // The first image moved down by its handle: the cover stays with its image.
    await moveByHandle(page, page.getByRole('button', { name: 'Reorder Image 1 of album 1' }), 'ArrowDown');
    const order = [captions[1], captions[0], captions[2]];
    for (const [index, caption] of order.entries()) await expect(images.nth(index).getByLabel('Caption')).toHaveValue(caption);
    await expect(images.nth(2).getByLabel('Album cover')).toBeChecked();
    expect(await seriousViolations(page, 'gallery settings')).toEqual([]);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Gallery published')).toBeVisible();

    await visit(page, '/site/gallery');
    const album = page.getByRole('link', { name: new RegExp(`${title}\\s*3 photos`) });
    const cover = await album.locator('img').getAttribute('src');
    await album.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('figcaption')).toHaveText(order);
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'Prize giving' })).toHaveAttribute('src', cover!);
  });

  test('the footer’s column of links, address and copyright are edited without JavaScript, published and seen on the site; a bad map link is refused', async ({
    page,
    browser,
    request,
  }) => {
    const headers = await apiHeaders(request);
    await publish(request, headers, 'footer', { columns: [], address: '', mapLink: '', copyright: '' });
    const shown = await request.get('/api/v1/site-content/footer', { headers });
    const published = ((await shown.json()) as { data: { publishedNumber: number } }).data.publishedNumber;
    const column = unique('Admissions');
    const copyright = unique('© 2026 Shree Institute');

    // Each list button posts the form and the page comes back with the list changed, what was typed kept.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await loginAs(plain, demo.admin.email, demo.admin.password);
      await plain.goto('/admin/settings/footer');
      await plain.getByRole('button', { name: 'Add a column' }).click();
      await plain.getByLabel(/^Column title/).fill(column);
      for (const [label, href] of [
        ['Fees', '/site/notices'],
        ['Apply online', 'https://apply.example/shree'],
      ] as const) {
        await plain.getByRole('button', { name: 'Add a link to column 1' }).click();
        await plain
          .getByLabel(/^Label/)
          .last()
          .fill(label);
        await plain.getByLabel(/^Link/).last().fill(href);
      }
      await plain.getByRole('button', { name: 'Move Column 1 link 2 up' }).focus();
      await plain.keyboard.press('Enter');
      await expect(plain.getByLabel(/^Label/).first()).toHaveValue('Apply online');
      await expect(plain.getByLabel(/^Column title/)).toHaveValue(column);
      await plain.getByLabel('Address').fill('12 MG Road\nPune 411001');
      await plain.getByLabel('Map link').fill('javascript:alert(1)');
      await plain.getByLabel('Copyright line').fill(copyright);
      await plain.getByRole('button', { name: 'Publish' }).click();
      // Refused under its field, nothing published.
      await expect(plain.getByLabel('Map link')).toHaveAccessibleDescription('Enter a link starting with http:// or https://');
      const site = ((await (await request.get('/api/v1/public/site/footer')).json()) as { data: SiteContent['footer'] }).data;
      expect(site.columns).toEqual([]);
      await plain.getByLabel('Map link').fill('https://maps.example/shree');
      await plain.getByRole('button', { name: 'Publish' }).click();
      await expect(plain.getByText(`Published · v${published + 1}`)).toBeVisible();
      await expect(plain.getByLabel(/^Column title/)).toHaveValue(column);
    } finally {
      await context.close();
    }

    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/settings/footer' });
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Reorder Column 1 link 2' })).toBeVisible();
    expect(await seriousViolations(page, 'footer settings')).toEqual([]);

    await visit(page, '/site');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('region', { name: column }).getByRole('link');
    await expect(links).toHaveText(['Apply online', 'Fees']);
    await expect(links.first()).toHaveAttribute('href', 'https://apply.example/shree');
    await expect(footer.locator('address')).toHaveText('12 MG Road\nPune 411001');
    await expect(footer.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', 'https://maps.example/shree');
    await expect(footer.getByText(copyright)).toBeVisible();
  });

  test('each page opens to its own permission only', async ({ page, request }) => {
    const account = await addAdminWith(request, 'Gallery Keeper', ['SETTINGS_GALLERY']);
    await loginAs(page, account.email, account.password, { to: '/admin/settings' });
    const pages = page.getByRole('list', { name: 'Settings pages' });
    await expect(pages.getByRole('link')).toHaveText(['Gallery', 'Downloads']);
    await page.goto('/admin/settings/header');
    await expect(page).toHaveURL(/\/admin\/access-denied$/);
  });
});
