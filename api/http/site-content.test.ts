import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, asSystem, createAccountsApi, eventCount, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { notImageUploads, storeFile } from '../../tests/api/stored-files';
import sharp from 'sharp';
import { damagedPng, paintedPng, tinyPng } from '../../tests/support/images';
import { testClock } from '../../tests/support/test-database';
import {
  defaultSiteContent,
  publicSiteFilePath,
  siteContentMessages,
  siteUpload,
  type PublicSiteContent,
  type SiteContent,
  type SiteSectionSummary,
  type SiteSectionView,
  siteFileKey,
} from '../../common/contracts/site-content';
import { publicSiteImagePath } from '../../common/contracts/site-images';
import { uploadMessages } from '../../common/uploads/rules';
import { webCopyKey } from '../images/web-copies';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { createRecord } from '../domain/records';

const clock = testClock('2026-12-06T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as Record<'header' | 'second' | 'gallery' | 'notices' | 'body' | 'theme' | 'everything' | 'viewer', string>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  const token = async (permissions: string[], name?: string) =>
    tokenFor(db, auth, await addUser(db, { role: 'admin', permissions, name }), clock.now());
  tokens.header = await token(['SETTINGS_HEADER'], 'Asha Editor');
  tokens.second = await token(['SETTINGS_HEADER'], 'Ravi Editor');
  tokens.gallery = await token(['SETTINGS_GALLERY']);
  tokens.notices = await token(['SETTINGS_NOTICE_BOARD']);
  tokens.body = await token(['SETTINGS_BODY']);
  tokens.theme = await token(['SETTINGS_THEME']);
  tokens.everything = await token([
    'SETTINGS_HEADER',
    'SETTINGS_FOOTER',
    'SETTINGS_BODY',
    'SETTINGS_THEME',
    'SETTINGS_GALLERY',
    'SETTINGS_CERTIFICATIONS',
    'SETTINGS_NOTICE_BOARD',
  ]);
  tokens.viewer = await token(['SETTINGS_VIEW', 'STUDENT_VIEW_ALL']);
});
afterAll(() => accounts?.cleanup());

/** `null` calls with no token at all. */
const call = (method: string, path: string, body?: unknown, token: string | null = tokens.header, headers: Record<string, string> = {}) =>
  accounts.call(method, path, { token: token ?? undefined, body, headers });
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

async function view<S extends keyof SiteContent>(section: S, token = tokens.everything): Promise<SiteSectionView<S>> {
  const response = await call('GET', `/site-content/${section}`, undefined, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function save<S extends keyof SiteContent>(section: S, content: unknown, token = tokens.everything) {
  const { version } = await view(section);
  return call('PUT', `/site-content/${section}`, { content }, token, ifMatch(version));
}

async function publish(section: keyof SiteContent, token = tokens.everything) {
  const { version } = await view(section);
  const response = await call('POST', `/site-content/${section}/publish`, undefined, token, ifMatch(version));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as SiteSectionView;
}

const publicSite = async () => (await call('GET', '/public/site', undefined, null)).body.data as PublicSiteContent;
const header = (more: Partial<SiteContent['header']> = {}) => ({ ...defaultSiteContent.header, ...more });

const siteImage = (token = tokens.everything, fileName = 'logo.png') =>
  storeFile(accounts, token, {
    fileName,
    fileType: 'image/png',
    bytes: tinyPng,
    formType: siteUpload.formType,
    fieldName: siteUpload.image,
  });
const siteFile = (token = tokens.everything, fileName = 'prospectus.pdf') =>
  storeFile(accounts, token, {
    fileName,
    fileType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    formType: siteUpload.formType,
    fieldName: siteUpload.file,
  });

describe('who edits what', () => {
  it('opens the overview to any page’s editor, saying which pages each may edit', async () => {
    const response = await call('GET', '/site-content', undefined, tokens.gallery);
    expect(response.status).toBe(200);
    const sections = response.body.data.sections as SiteSectionSummary[];
    expect(sections.map((s) => s.section)).toEqual([
      'header',
      'footer',
      'body',
      'theme',
      'gallery',
      'certifications',
      'notice-board',
      'downloads',
      'banners',
    ]);
    expect(sections.filter((s) => s.editable).map((s) => s.section)).toEqual(['gallery', 'downloads']);
    expect(sections.find((s) => s.section === 'header')).toMatchObject({ state: 'unpublished', version: 0, publishedNumber: null });
    expect((await call('GET', '/site-content', undefined, tokens.viewer)).status).toBe(403);
    expect((await call('GET', '/site-content', undefined, null)).status).toBe(401);
  });

  it('lets each page be read and changed by its own permission only: downloads by the gallery’s, banners by the notice board’s', async () => {
    expect((await call('GET', '/site-content/header', undefined, tokens.header)).status).toBe(200);
    expect((await call('GET', '/site-content/gallery', undefined, tokens.header)).status).toBe(403);
    expect((await call('GET', '/site-content/downloads', undefined, tokens.gallery)).status).toBe(200);
    expect((await call('GET', '/site-content/banners', undefined, tokens.notices)).status).toBe(200);
    expect((await call('GET', '/site-content/banners', undefined, tokens.gallery)).status).toBe(403);

    const before = await eventCount(accounts.db);
    const refused = await call('PUT', '/site-content/gallery', { content: { albums: [] } }, tokens.header);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to edit the gallery');
    expect((await call('POST', '/site-content/theme/publish', undefined, tokens.header)).status).toBe(403);
    expect((await call('POST', '/site-content/header/restore', { number: 1 }, tokens.gallery)).status).toBe(403);
    expect((await call('POST', '/site-content/header/discard', undefined, tokens.body)).status).toBe(403);
    expect(await eventCount(accounts.db)).toBe(before);
    expect((await call('GET', '/site-content/nowhere', undefined, tokens.header)).status).toBe(400);
  });
});

describe('drafts and publishing', () => {
  it('keeps a draft from visitors until it is published, then shows it at once, and keeps every version with who and when', async () => {
    const saved = await save('header', header({ instituteName: 'Shree Computer Institute', tagline: 'Skills for life' }), tokens.header);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(siteContentMessages.saved);
    expect(saved.headers.get('ETag')).toBe(`"${saved.body.data.version}"`);
    expect(saved.body.data).toMatchObject({ state: 'unpublished', draftSavedBy: 'Asha Editor', published: null });
    expect((await publicSite()).header.instituteName).toBe(defaultSiteContent.header.instituteName);

    const first = await publish('header', tokens.header);
    expect(first).toMatchObject({ state: 'published', publishedNumber: 1, publishedBy: 'Asha Editor' });
    expect((await publicSite()).header).toMatchObject({ instituteName: 'Shree Computer Institute', tagline: 'Skills for life' });

    await save('header', header({ instituteName: 'Shree Computer Academy' }), tokens.second);
    expect((await view('header')).state).toBe('changed');
    expect((await publicSite()).header.instituteName).toBe('Shree Computer Institute');
    const second = await publish('header', tokens.second);
    expect(second.history).toEqual([
      { number: 2, publishedAt: clock.now().toISOString(), publishedBy: 'Ravi Editor', restoredFrom: null },
      { number: 1, publishedAt: clock.now().toISOString(), publishedBy: 'Asha Editor', restoredFrom: null },
    ]);

    const nothing = await call('POST', '/site-content/header/publish', undefined, tokens.header, ifMatch(second.version));
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(siteContentMessages.nothingToPublish);
    const unchanged = await save('header', second.draft, tokens.header);
    expect(unchanged.body).toMatchObject({ message: siteContentMessages.unchanged, data: { version: second.version } });
  });

  it('restores an earlier version as the draft, and publishing it names where it came from', async () => {
    const { version } = await view('header');
    const restored = await call('POST', '/site-content/header/restore', { number: 1 }, tokens.header, ifMatch(version));
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(siteContentMessages.restored(1));
    expect(restored.body.data).toMatchObject({ state: 'changed', draft: { instituteName: 'Shree Computer Institute' } });
    expect((await publicSite()).header.instituteName).toBe('Shree Computer Academy');
    const third = await publish('header', tokens.header);
    expect(third.history[0]).toMatchObject({ number: 3, restoredFrom: 1 });
    expect((await publicSite()).header.instituteName).toBe('Shree Computer Institute');

    const missing = await call('POST', '/site-content/header/restore', { number: 9 }, tokens.header, ifMatch(third.version));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(siteContentMessages.noVersion(9));
  });

  it('discards draft changes back to what is published', async () => {
    await save('header', header({ instituteName: 'A name nobody wants' }), tokens.header);
    const { version } = await view('header');
    const discarded = await call('POST', '/site-content/header/discard', undefined, tokens.header, ifMatch(version));
    expect(discarded.body).toMatchObject({
      message: siteContentMessages.discarded,
      data: { state: 'published', draft: { instituteName: 'Shree Computer Institute' } },
    });
    const again = await call('POST', '/site-content/header/discard', undefined, tokens.header, ifMatch(discarded.body.data.version));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(siteContentMessages.nothingToDiscard);
  });

  it('lets one of two editors publishing at once win, and tells the other, losing nothing', async () => {
    await save('footer', { ...defaultSiteContent.footer, copyright: '© Shree Computer Institute' });
    const { version } = await view('footer');
    const [one, two] = await Promise.all([
      call('POST', '/site-content/footer/publish', undefined, tokens.everything, ifMatch(version)),
      call('POST', '/site-content/footer/publish', undefined, tokens.everything, ifMatch(version)),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 412]);
    expect([one, two].find((r) => r.status === 412)!.body.message).toBe(siteContentMessages.stale);
    expect((await view('footer')).history).toHaveLength(1);

    const late = await call('PUT', '/site-content/footer', { content: defaultSiteContent.footer }, tokens.everything, ifMatch(version));
    expect(late.status).toBe(412);
    expect((await view('footer')).draft.copyright).toBe('© Shree Computer Institute');
  });
});

describe('the public API', () => {
  it('needs no token, tolerates a stale one, tags its answers and answers 304 while they stand', async () => {
    const first = await call('GET', '/public/site', undefined, null);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=60');
    const again = await call('GET', '/public/site', undefined, null, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes).toHaveLength(0);
    expect((await call('GET', '/public/site', undefined, 'not.a.token')).status).toBe(200);

    const section = await call('GET', '/public/site/header', undefined, null);
    expect(section.body.data.instituteName).toBe('Shree Computer Institute');
    expect(
      (await call('GET', '/public/site/header', undefined, null, { 'If-None-Match': `W/${section.headers.get('ETag')}` })).status,
    ).toBe(304);

    await save('header', header({ instituteName: 'Shree Computer Institute', tagline: 'New tagline' }), tokens.header);
    expect((await call('GET', '/public/site', undefined, null, { 'If-None-Match': etag })).status).toBe(304);
    await publish('header', tokens.header);
    const changed = await call('GET', '/public/site', undefined, null, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.data.header.tagline).toBe('New tagline');
  });

  it('never leaks a draft: a section never published answers the first day’s content', async () => {
    await save('certifications', { items: [{ id: 'aicte', name: 'Draft affiliation', number: '', link: '', logo: '' }] });
    expect((await publicSite()).certifications.items).toEqual([]);
    expect(JSON.stringify(await publicSite())).not.toContain('Draft affiliation');
  });

  it('previews the drafts as visitors would read them, for editors only', async () => {
    const preview = await call('GET', '/site-content/preview', undefined, tokens.gallery);
    expect(preview.status).toBe(200);
    expect((preview.body.data as PublicSiteContent).certifications.items).toMatchObject([
      { id: 'aicte', name: 'Draft affiliation', logo: null },
    ]);
    expect((await call('GET', '/site-content/preview', undefined, tokens.viewer)).status).toBe(403);
    expect((await call('GET', '/site-content/preview', undefined, null)).status).toBe(401);
  });
});

describe('what is kept of a text', () => {
  it('takes every script and tag out before it is saved, so none comes back from any answer', async () => {
    const hostile = '<script>alert("x")</script>';
    await save(
      'header',
      header({ instituteName: `Shree ${hostile}Institute`, tagline: '<img src=x onerror=alert(1)>Skills' }),
      tokens.header,
    );
    await save('notice-board', {
      notices: [
        {
          id: 'fees',
          title: `Fees ${hostile}`,
          markdown: `**Pay** by Friday ${hostile}\n\n[x](javascript:alert(1))`,
          date: '2026-12-01',
          expires: '',
        },
      ],
    });
    await publish('header', tokens.header);
    await publish('notice-board');
    const answers = [
      JSON.stringify((await view('header')).draft),
      JSON.stringify((await view('notice-board')).draft),
      JSON.stringify(await publicSite()),
    ];
    for (const answer of answers) expect(answer).not.toMatch(/<script|onerror|javascript:|<img/i);
    const site = await publicSite();
    expect(site.header).toMatchObject({ instituteName: 'Shree Institute', tagline: 'Skills' });
    expect(site['notice-board'].notices[0]).toMatchObject({
      title: 'Fees',
      html: expect.stringContaining('<strong>Pay</strong> by Friday'),
    });
  });
});

describe('bad input changes nothing', () => {
  it('refuses a colour that is not a colour, and warns of poor contrast without refusing it', async () => {
    const before = await eventCount(accounts.db);
    const refused = await save('theme', { ...defaultSiteContent.theme, primary: 'blue' }, tokens.theme);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'content.primary': [siteContentMessages.colour] });
    expect(await eventCount(accounts.db)).toBe(before);

    const faint = await save('theme', { ...defaultSiteContent.theme, primary: '#ffff00', background: '#ffffff' }, tokens.theme);
    expect(faint.status).toBe(200);
    expect(faint.body.data.warnings).toEqual([
      { label: 'Text on the background', ratio: 17.74, passes: true },
      { label: 'Button text on the primary colour', ratio: 1.07, passes: false },
      { label: 'Links in the accent colour on the background', ratio: 5.02, passes: true },
    ]);
  });

  it('refuses a link that is not http(s), a banner that ends before it starts and a notice expiry in the past', async () => {
    const image = await siteImage();
    const before = await eventCount(accounts.db);
    const link = await save('header', header({ menu: [{ id: 'a', label: 'Evil', href: 'javascript:alert(1)' }] }), tokens.header);
    expect(link.status).toBe(400);
    expect(link.body.errors).toEqual({ 'content.menu.0.href': [siteContentMessages.link] });
    const banner = await save('banners', { slides: [{ id: 'b', image, title: 'Admissions', from: '2026-12-10', until: '2026-12-01' }] });
    expect(banner.body.errors).toEqual({ 'content.slides.0.until': [siteContentMessages.bannerEnds] });
    const expired = await save('notice-board', {
      notices: [{ id: 'old', title: 'Holiday', date: '2026-11-01', expires: '2026-12-05' }],
    });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ 'content.notices.0.expires': [siteContentMessages.expiryPast] });
    expect(await eventCount(accounts.db)).toBe(before);
  });

  it('refuses an image that was not uploaded for the site, is not an image or is too large', async () => {
    const { photo, paper, neverUploaded } = await notImageUploads(accounts, tokens.everything, siteUpload.formType);
    const before = await eventCount(accounts.db);
    const refused = await save('header', header({ logo: photo }), tokens.header);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(siteContentMessages.imagesRefused);
    const bad = await save('banners', {
      slides: [
        { id: 'a', image: paper, title: '' },
        { id: 'b', image: neverUploaded, title: '' },
      ],
    });
    expect(Object.keys(bad.body.errors)).toEqual(['content.slides.0.image', 'content.slides.1.image']);
    const tooLarge = await accounts.call('POST', '/s3-upload/presigned-url', {
      token: tokens.everything,
      body: {
        fileName: 'big.png',
        fileType: 'image/png',
        fileSize: 3 * 1024 * 1024,
        formType: siteUpload.formType,
        fieldName: siteUpload.image,
      },
    });
    expect(tooLarge.body.message).toBe('File size must be less than 2MB');
    expect(await eventCount(accounts.db)).toBe(before);
  });

  it('refuses a highlighted course that does not exist, and shows the ones that do by their names', async () => {
    const { id } = await asSystem(accounts.db, (ctx) =>
      createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: 'Tally Prime' } }),
    );
    const sections = defaultSiteContent.body.sections.map((s) => (s.kind === 'courses' ? { ...s, courseIds: [id, 'gone'] } : s));
    const refused = await save('body', { sections }, tokens.body);
    expect(refused.body.errors).toEqual({ 'content.sections.2.courseIds.1': ['This course no longer exists'] });
    const kept = sections.map((s) =>
      s.kind === 'courses' ? { ...s, courseIds: [id] } : s.kind === 'contact' ? { ...s, enabled: false } : s,
    );
    expect((await save('body', { sections: kept }, tokens.body)).status).toBe(200);
    await publish('body', tokens.body);
    const site = await publicSite();
    expect(site.body.sections.map((s) => s.kind)).toEqual(['hero', 'about', 'courses']);
    expect(site.body.sections[2]).toMatchObject({ kind: 'courses', courses: [{ id, title: 'Tally Prime' }] });
  });

  it('lets the body’s editor find the courses to highlight, and no other records', async () => {
    const { id } = await asSystem(accounts.db, (ctx) =>
      createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: 'Spoken English' } }),
    );
    const found = await call('GET', '/dynamic-data?formType=course&search=spoken', undefined, tokens.body);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.records.map((course: { _id: string }) => course._id)).toEqual([id]);
    const choices = await call('GET', '/dynamic-data/choices?formType=course', undefined, tokens.body);
    expect(choices.body.data).toContainEqual({ _id: id, title: 'Spoken English' });
    expect((await call('GET', '/dynamic-data?formType=student', undefined, tokens.body)).status).toBe(403);
    expect((await call('GET', '/dynamic-data?formType=course', undefined, tokens.header)).status).toBe(403);
  });
});

describe('files on the public site', () => {
  it('opens a published file to anyone, not a draft’s, and leaves out banners out of schedule and notices past their expiry', async () => {
    const shown = await siteImage(tokens.notices, 'admissions.png');
    const later = await siteImage(tokens.notices, 'diwali.png');
    const draftOnly = await siteImage(tokens.notices, 'secret.png');
    await save('banners', {
      slides: [
        { id: 'now', image: shown, title: 'Admissions open', link: '/site', from: '2026-12-01', until: '2026-12-31' },
        { id: 'later', image: later, title: 'Diwali offer', from: '2027-10-01' },
      ],
    });
    await publish('banners');
    await save('banners', { slides: [{ id: 'x', image: draftOnly, title: 'Not yet' }] });
    const attachment = await siteFile(tokens.notices, 'Holiday list.pdf');
    await save('notice-board', {
      notices: [
        { id: 'today', title: 'Last day', date: '2026-12-01', expires: '2026-12-06', attachment },
        { id: 'pinned', title: 'Pinned', date: '2026-11-01', pinned: true },
      ],
    });
    await publish('notice-board');

    const site = await publicSite();
    expect(site.banners.slides).toEqual([{ id: 'now', image: publicSiteFilePath(shown), title: 'Admissions open', link: '/site' }]);
    expect(site['notice-board'].notices.map((n) => n.id)).toEqual(['pinned', 'today']);
    expect(site['notice-board'].notices[1]!.attachment).toEqual({ url: publicSiteFilePath(attachment), name: 'Holiday list.pdf' });

    const opened = await accounts.api.request(publicSiteFilePath(shown));
    expect(opened.status).toBe(302);
    const image = await accounts.api.request(opened.headers.get('Location')!);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(tinyPng);
    expect((await accounts.api.request(publicSiteFilePath(draftOnly))).status).toBe(404);
    expect((await accounts.api.request(publicSiteFilePath(attachment))).status).toBe(302);
  });
});

describe('images on the public site', () => {
  /** A photo-like JPEG of a size: a gradient, quick to make and to read. */
  const photo = (width: number, height: number) =>
    sharp(paintedPng(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, 90, 255]))
      .jpeg({ quality: 85 })
      .toBuffer();
  const storeImage = async (bytes: Buffer, fileName: string) =>
    storeFile(accounts, tokens.notices, {
      fileName,
      fileType: 'image/jpeg',
      bytes,
      formType: siteUpload.formType,
      fieldName: siteUpload.image,
    });
  /** Sends a file as a site image through the upload flow and answers the confirmation. */
  async function confirmImage(bytes: Buffer, fileName: string, fileType: string) {
    const file = { fileName, fileType, fileSize: bytes.length, formType: siteUpload.formType, fieldName: siteUpload.image };
    const address = await call('POST', '/s3-upload/presigned-url', file, tokens.notices);
    const { presignedUrl, headers, key } = address.body.data as { presignedUrl: string; headers: Record<string, string>; key: string };
    expect((await accounts.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(bytes), headers })).status).toBe(200);
    const body = { key, originalFileName: fileName, fileSize: bytes.length, formType: siteUpload.formType, fieldName: siteUpload.image };
    return { key, confirmed: await call('POST', '/s3-upload/confirm-upload', body, tokens.notices) };
  }
  const open = (address: string, headers: Record<string, string> = {}) => accounts.api.request(address, { headers });
  const copyAddresses = (key: string) => [160, 480, 960, 1600, 1200, 100].map((width) => publicSiteImagePath(key, width));

  it('serves a published image’s WebP copies, no wider than asked nor than the image, and gives the page its size', async () => {
    const key = await storeImage(await photo(1200, 800), 'campus.jpg');
    await save('banners', { slides: [{ id: 'campus', image: key, title: 'Our campus' }] });
    await publish('banners');

    const { banners } = await publicSite();
    expect(banners.slides).toEqual([{ id: 'campus', image: publicSiteFilePath(key), title: 'Our campus', link: '' }]);
    expect(banners.imageSizes).toEqual({
      [publicSiteFilePath(key)]: {
        width: 1200,
        height: 800,
        copies: [160, 480, 960, 1200].map((width) => ({ width, url: publicSiteImagePath(key, width) })),
      },
    });
    for (const { width, url } of banners.imageSizes[publicSiteFilePath(key)]!.copies) {
      const copy = await open(url);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('Content-Type')).toBe('image/webp');
      expect(copy.headers.get('Cache-Control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
      const metadata = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: Math.round((width * 800) / 1200) });
      expect((await open(url, { 'If-None-Match': copy.headers.get('ETag')! })).status).toBe(304);
    }
    // Nothing wider than the image, nor at a width no copy was made at.
    expect((await open(publicSiteImagePath(key, 1600))).status).toBe(404);
    expect((await open(publicSiteImagePath(key, 100))).status).toBe(404);
    expect((await open(publicSiteImagePath(key, 480).replace('.webp', '.png'))).status).toBe(404);
  });

  it('keeps the copies of an image no published section shows from visitors, and the preview lists none', async () => {
    const draftOnly = await storeImage(await photo(700, 500), 'draft.jpg');
    const neverUsed = await storeImage(await photo(300, 200), 'unused.jpg');
    const published = (await publicSite()).banners.slides[0]!.image;
    await save('banners', { slides: [{ id: 'draft', image: draftOnly, title: 'Not yet' }] });

    for (const address of [...copyAddresses(draftOnly), ...copyAddresses(neverUsed)]) expect((await open(address)).status).toBe(404);
    expect((await publicSite()).banners.slides[0]!.image).toBe(published);
    const preview = (await call('GET', '/site-content/preview', undefined, tokens.notices)).body.data as PublicSiteContent;
    expect(preview.banners.imageSizes).toEqual({ [publicSiteFilePath(draftOnly)]: { width: 700, height: 500, copies: [] } });

    await publish('banners');
    expect((await open(publicSiteImagePath(draftOnly, 700))).status).toBe(200);
    // The image taken off the site: its copies close with it.
    expect((await open(publicSiteImagePath(siteFileKey(published)!, 480))).status).toBe(404);
  });

  it('refuses a damaged image, one cut short, and a file that is no image, with the upload’s message and nothing kept', async () => {
    const whole = await photo(400, 300);
    const refusals = [
      [damagedPng(paintedPng(40, 30, () => [10, 20, 30, 255])), 'damaged.png', 'image/png', uploadMessages.unreadableImage],
      [whole.subarray(0, Math.floor(whole.length / 2)), 'half.jpg', 'image/jpeg', uploadMessages.unreadableImage],
      [Buffer.from('Dear parents, the school reopens on Monday.'), 'notice.jpg', 'image/jpeg', uploadMessages.contentMismatch],
    ] as const;
    for (const [bytes, fileName, fileType, message] of refusals) {
      const { key, confirmed } = await confirmImage(Buffer.from(bytes), fileName, fileType);
      expect(confirmed.status, fileName).toBe(400);
      expect(confirmed.body).toEqual({ success: false, message, data: null });
      expect(await accounts.storage.head(key)).toBeNull();
      for (const width of [160, 480, 960, 1600, 400, 40]) expect(await accounts.storage.head(webCopyKey(key, width))).toBeNull();
    }
  });
});

describe('the read tables', () => {
  it('are what a rebuild makes of the log', async () => {
    const before = await projectionSnapshot(accounts.db);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
