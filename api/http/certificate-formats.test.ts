import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addUser, createAccountsApi, eventCount, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { notImageUploads, storeFile } from '../../tests/api/stored-files';
import { tinyPng } from '../../tests/support/images';
import { testClock } from '../../tests/support/test-database';
import {
  blankFormat,
  certificateFormatMessages,
  formatBackgroundRule,
  formatSignatureRule,
  formatImageUpload,
  type CertificateFormatContent,
  type CertificateFormatRevision,
  type CertificateFormatView,
} from '../../common/contracts/certificate-formats';
import { layoutMessages, type FormatField, type FormatKind, type FormatLayout } from '../../common/certificate-layout';
import { MB, uploadMessages } from '../../common/uploads/rules';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { recordFileMessages } from '../domain/record-files';

const clock = testClock('2026-07-01T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as Record<
  'designer' | 'colleague' | 'certificates' | 'cards' | 'cardManager' | 'issuer' | 'issuedReader' | 'branchDesigner' | 'marker',
  string
>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  const north = await addBranch(db, 'North Campus', 'NC');
  const token = async (permissions: string[], more: { name?: string; role?: string; branchId?: string } = {}) =>
    tokenFor(db, auth, await addUser(db, { role: 'admin', permissions, ...more }), clock.now());
  tokens.designer = await token(['CERTIFICATE_TEMPLATE_MANAGE'], { name: 'Meera Designer' });
  tokens.colleague = await token(['CERTIFICATE_TEMPLATE_MANAGE'], { name: 'Arjun Colleague' });
  tokens.certificates = await token(['CERTIFICATE_FORMATS']);
  tokens.cards = await token(['IDCARD_FORMATS']);
  tokens.cardManager = await token(['IDCARD_TEMPLATE_MANAGE']);
  tokens.issuer = await token(['CERTIFICATE_GENERATE'], { role: 'branch_admin', branchId: north });
  tokens.issuedReader = await token(['CERTIFICATE_GENERATED']);
  tokens.branchDesigner = await token(['CERTIFICATE_TEMPLATE_MANAGE', 'IDCARD_TEMPLATE_MANAGE'], { role: 'branch_admin', branchId: north });
  tokens.marker = await token(['EXAM_MARKS_ENTRY']);
});
afterAll(() => accounts?.cleanup());

const call = (method: string, path: string, body?: unknown, token = tokens.designer, headers: Record<string, string> = {}) =>
  accounts.call(method, path, { token, body, headers });

const field = (more: Partial<FormatField> & Pick<FormatField, 'id' | 'type'>): FormatField => ({
  side: 'front',
  x: 20,
  y: 20,
  width: 100,
  height: 12,
  fontFamily: 'Noto Serif',
  fontSize: 18,
  fontWeight: 'normal',
  colour: '#111827',
  align: 'center',
  text: '',
  ...more,
});

function format(name: string, kind: FormatKind = 'certificate', layout: Partial<FormatLayout> = {}): CertificateFormatContent {
  const blank = blankFormat(kind);
  return {
    name,
    layout: {
      ...blank.layout,
      fields: [
        field({ id: 'name', type: 'studentName' }),
        field({ id: 'line', type: 'text', y: 40, height: 10, text: 'has completed {{course}} with grade {{grade}}' }),
      ].map((one) => (kind === 'idcard' ? { ...one, x: 2, width: 40, fontSize: 8 } : one)),
      ...layout,
    },
  };
}

async function create(content: CertificateFormatContent, token = tokens.designer) {
  const answer = await call('POST', '/certificate-formats', content, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as CertificateFormatView;
}

const names = (answer: { body: { data: { formats: CertificateFormatView[] } } }) => answer.body.data.formats.map((one) => one.content.name);

describe('certificate formats', () => {
  it('are created as a first revision, and each save with If-Match kept as a revision of its own', async () => {
    const content = format('Course completion');
    const made = await create(content);
    expect(made).toMatchObject({ kind: 'certificate', archived: false, revision: 1, version: 1, content });

    const changed = format('Course completion', 'certificate', { orientation: 'portrait' });
    const saved = await call('PUT', `/certificate-formats/${made._id}`, changed, tokens.colleague, { 'If-Match': '"1"' });
    expect([saved.status, saved.body.message, saved.headers.get('ETag')], JSON.stringify(saved.body)).toEqual([
      200,
      certificateFormatMessages.saved,
      '"2"',
    ]);
    expect(saved.body.data).toMatchObject({ revision: 2, version: 2, content: changed });

    const stale = await call('PUT', `/certificate-formats/${made._id}`, content, tokens.designer, { 'If-Match': '"1"' });
    expect([stale.status, stale.body.message]).toEqual([412, certificateFormatMessages.stale]);

    const shown = await call('GET', `/certificate-formats/${made._id}`);
    expect([shown.status, shown.headers.get('ETag'), shown.body.data.content]).toEqual([200, '"2"', changed]);
    expect(
      (shown.body.data.revisions as CertificateFormatRevision[]).map((one) => [one.revision, one.savedBy, one.content.layout.orientation]),
    ).toEqual([
      [2, 'Arjun Colleague', 'portrait'],
      [1, 'Meera Designer', 'landscape'],
    ]);
    expect((await call('GET', '/certificate-formats/no-such-format')).status).toBe(404);
  });

  it('lists formats by name, of one kind or both, found by part of the name', async () => {
    await create(format('Merit award'));
    await create(format('Student card', 'idcard'), tokens.cardManager);
    // Whoever issues reads both kinds; a designer of certificates, certificates alone.
    expect(names(await call('GET', '/certificate-formats?limit=100', undefined, tokens.issuer))).toEqual(
      expect.arrayContaining(['Merit award', 'Student card']),
    );
    expect(names(await call('GET', '/certificate-formats?limit=100'))).not.toContain('Student card');
    expect(names(await call('GET', '/certificate-formats?kind=idcard', undefined, tokens.cards))).toEqual(['Student card']);
    const found = await call('GET', '/certificate-formats?kind=certificate&search=MERIT');
    expect([names(found), found.body.data.total]).toEqual([['Merit award'], 1]);
  });

  it('refuses a field off the page, an unknown placeholder, a back-side field on a certificate and a card’s size for a certificate, changing nothing', async () => {
    const before = await eventCount(accounts.db);
    const refusal = async (content: unknown) => {
      const answer = await call('POST', '/certificate-formats', content);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.errors as Record<string, string[]>;
    };
    const off = format('Off the page', 'certificate', { fields: [field({ id: 'name', type: 'studentName', x: 250, width: 60 })] });
    expect(await refusal(off)).toEqual({ 'layout.fields.0': [layoutMessages.offPage('Student name')] });
    const unknown = format('Unknown placeholder', 'certificate', {
      fields: [field({ id: 'line', type: 'text', text: 'Awarded to {{studentName}} for {{prize}}' })],
    });
    expect(await refusal(unknown)).toEqual({ 'layout.fields.0.text': [layoutMessages.unknownPlaceholder('prize')] });
    const back = format('Two sides', 'certificate', { fields: [field({ id: 'name', type: 'studentName', side: 'back' })] });
    expect(await refusal(back)).toEqual({ 'layout.fields.0.side': [layoutMessages.backOnCertificate] });
    expect(await refusal(format('Card sized', 'certificate', { pageSize: 'CR80', fields: [] }))).toEqual({
      'layout.pageSize': [layoutMessages.sizeForKind],
    });
    expect(await refusal(format('A4 card', 'idcard', { pageSize: 'A4' }))).toEqual({ 'layout.pageSize': [layoutMessages.sizeForKind] });
    expect(await refusal(format(' '))).toEqual({ name: [certificateFormatMessages.required] });
    expect(await eventCount(accounts.db)).toBe(before);
  });

  it('refuses a name its kind holds in any case, allows it for the other kind, and refuses a change of kind', async () => {
    const made = await create(format('Participation'));
    const before = await eventCount(accounts.db);
    const taken = await call('POST', '/certificate-formats', format(' PARTICIPATION '));
    expect([taken.status, taken.body.message]).toEqual([409, certificateFormatMessages.nameTaken('certificate')]);
    const other = await create(format('Merit two'));
    const renamed = await call('PUT', `/certificate-formats/${other._id}`, format('participation'));
    expect([renamed.status, renamed.body.message]).toEqual([409, certificateFormatMessages.nameTaken('certificate')]);
    expect(await eventCount(accounts.db)).toBe(before + 1);
    await create(format('Participation', 'idcard'), tokens.cardManager);

    const card = await call('PUT', `/certificate-formats/${made._id}`, format('Participation', 'idcard'));
    expect([card.status, card.body.message, card.body.errors]).toEqual([
      400,
      certificateFormatMessages.kindKept,
      { 'layout.kind': [certificateFormatMessages.kindKept] },
    ]);
    expect((await call('GET', `/certificate-formats/${made._id}`)).body.data).toMatchObject({ kind: 'certificate', revision: 1 });
  });

  it('answers a retried create with the same Idempotency-Key once, making one format', async () => {
    const headers = { 'Idempotency-Key': 'format-once' };
    const first = await call('POST', '/certificate-formats', format('Retried'), tokens.designer, headers);
    const again = await call('POST', '/certificate-formats', format('Retried'), tokens.designer, headers);
    expect([first.status, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(names(await call('GET', '/certificate-formats?search=Retried'))).toEqual(['Retried']);
  });

  it('are archived out of the list, kept, listed again when asked, refused a save, and brought back', async () => {
    const made = await create(format('Old style'));
    const archived = await call('POST', `/certificate-formats/${made._id}/archive`);
    expect([archived.status, archived.body.message, archived.body.data.archived]).toEqual([
      200,
      certificateFormatMessages.archived('Old style'),
      true,
    ]);
    expect(names(await call('GET', '/certificate-formats?search=Old'))).toEqual([]);
    expect(names(await call('GET', '/certificate-formats?search=Old&archived=true'))).toEqual(['Old style']);
    const saved = await call('PUT', `/certificate-formats/${made._id}`, format('Old style'));
    expect([saved.status, saved.body.message]).toEqual([409, certificateFormatMessages.archivedFormat]);
    const taken = await call('POST', '/certificate-formats', format('Old style'));
    expect(taken.status).toBe(409);

    const back = await call('POST', `/certificate-formats/${made._id}/unarchive`);
    expect([back.status, back.body.message, back.body.data.archived]).toEqual([
      200,
      certificateFormatMessages.unarchived('Old style'),
      false,
    ]);
    expect(names(await call('GET', '/certificate-formats?search=Old'))).toEqual(['Old style']);
    expect((await call('POST', '/certificate-formats/no-such-format/archive')).status).toBe(404);
  });
});

describe('who works with formats', () => {
  it('lets each kind’s managers change that kind alone', async () => {
    const certificate = await create(format('Certificate of one kind'), tokens.colleague);
    const card = await create(format('Card of one kind', 'idcard'), tokens.cardManager);
    for (const token of [tokens.cards, tokens.cardManager]) {
      const refused = await call('POST', '/certificate-formats', format('Not theirs'), token);
      expect([refused.status, refused.body.message]).toEqual([403, certificateFormatMessages.mayNotChange('certificate')]);
      expect((await call('POST', `/certificate-formats/${certificate._id}/archive`, undefined, token)).status).toBe(403);
      expect((await call('GET', `/certificate-formats/${certificate._id}`, undefined, token)).status).toBe(403);
      expect((await call('GET', '/certificate-formats?kind=certificate', undefined, token)).status).toBe(403);
      const listed = await call('GET', '/certificate-formats?limit=100', undefined, token);
      expect(new Set((listed.body.data.formats as CertificateFormatView[]).map((one) => one.kind))).toEqual(new Set(['idcard']));
    }
    for (const token of [tokens.designer, tokens.certificates]) {
      const refused = await call('PUT', `/certificate-formats/${card._id}`, format('Card of one kind', 'idcard'), token);
      expect([refused.status, refused.body.message]).toEqual([403, certificateFormatMessages.mayNotChange('idcard')]);
    }
    expect((await call('PUT', `/certificate-formats/${card._id}`, format('Card renamed', 'idcard'), tokens.cardManager)).status).toBe(200);
    expect((await call('GET', '/certificate-formats', undefined, tokens.marker)).status).toBe(403);
  });

  it('lets the catalogue’s “Open … formats” permissions read their kind and change nothing', async () => {
    const certificate = await create(format('Opened certificate'));
    const card = await create(format('Opened card', 'idcard'), tokens.cardManager);
    const before = await eventCount(accounts.db);
    for (const [token, own] of [
      [tokens.certificates, certificate],
      [tokens.cards, card],
    ] as const) {
      const shown = await call('GET', `/certificate-formats/${own._id}`, undefined, token);
      expect([shown.status, shown.body.data.content.name]).toEqual([200, own.content.name]);
      expect(names(await call('GET', `/certificate-formats?kind=${own.kind}&search=Opened`, undefined, token))).toEqual([own.content.name]);
      const refused = [
        await call('POST', '/certificate-formats', format('Not made', own.kind), token),
        await call('PUT', `/certificate-formats/${own._id}`, { ...own.content, name: 'Renamed' }, token),
        await call('POST', `/certificate-formats/${own._id}/archive`, undefined, token),
        await call('POST', `/certificate-formats/${own._id}/unarchive`, undefined, token),
      ];
      expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
        Array(4).fill([403, certificateFormatMessages.mayNotChange(own.kind)]),
      );
    }
    const worded = await call('POST', '/certificate-formats', format('Not made', 'idcard'), tokens.cards);
    expect(worded.body.message).toBe('You may not change ID card formats');
    expect(await eventCount(accounts.db)).toBe(before);
  });

  it('lets whoever opens issued certificates read formats of both kinds, and change none', async () => {
    const certificate = await create(format('Issued from'));
    const card = await create(format('Issued card', 'idcard'), tokens.cardManager);
    for (const made of [certificate, card]) {
      expect((await call('GET', `/certificate-formats/${made._id}`, undefined, tokens.issuedReader)).status).toBe(200);
    }
    expect(names(await call('GET', '/certificate-formats?search=Issued', undefined, tokens.issuedReader))).toEqual([
      'Issued card',
      'Issued from',
    ]);
    const refused = await call('POST', '/certificate-formats', format('Not issued'), tokens.issuedReader);
    expect([refused.status, refused.body.message]).toEqual([403, certificateFormatMessages.mayNotChange('certificate')]);
  });

  it('lets a branch’s staff read formats to issue from, and change none', async () => {
    const made = await create(format('Institute wide'));
    const card = await create(format('Institute card', 'idcard'), tokens.cardManager);
    const before = await eventCount(accounts.db);
    for (const token of [tokens.issuer, tokens.branchDesigner]) {
      expect((await call('GET', `/certificate-formats/${made._id}`, undefined, token)).status).toBe(200);
      expect((await call('GET', `/certificate-formats/${card._id}`, undefined, token)).status).toBe(200);
      expect(names(await call('GET', '/certificate-formats?search=Institute', undefined, token))).toEqual([
        'Institute card',
        'Institute wide',
      ]);
    }
    const created = await call('POST', '/certificate-formats', format('Branch made'), tokens.branchDesigner);
    expect([created.status, created.body.message]).toEqual([403, certificateFormatMessages.instituteOnly]);
    const saved = await call('PUT', `/certificate-formats/${made._id}`, format('Branch renamed'), tokens.branchDesigner);
    expect([saved.status, saved.body.message]).toEqual([403, certificateFormatMessages.instituteOnly]);
    expect((await call('POST', `/certificate-formats/${card._id}/archive`, undefined, tokens.branchDesigner)).status).toBe(403);
    expect((await call('POST', '/certificate-formats', format('Issuer made'), tokens.issuer)).status).toBe(403);
    expect(await eventCount(accounts.db)).toBe(before);
  });
});

/** An image uploaded as the designer uploads a background. */
const background = (bytes: Buffer = tinyPng, kind: FormatKind = 'certificate', token = tokens.designer) =>
  storeFile(accounts, token, {
    fileName: 'background.png',
    fileType: 'image/png',
    bytes,
    formType: formatImageUpload.formType,
    fieldName: formatImageUpload.backgrounds[kind],
  });

/** An image uploaded as the designer uploads the signature. */
const signature = (bytes: Buffer = tinyPng) =>
  storeFile(accounts, tokens.designer, {
    fileName: 'signature.png',
    fileType: 'image/png',
    bytes,
    formType: formatImageUpload.formType,
    fieldName: formatImageUpload.signature,
  });

describe('a format’s signature', () => {
  it('is the key of an image uploaded for formats, held to the signature’s own limit, and changes nothing when refused', async () => {
    const key = await signature();
    const made = await create(format('Signed', 'certificate', { signature: key }));
    expect(made.content.layout.signature).toBe(key);

    // A background's 2 MB is far more than a signature may be.
    const large = await background(Buffer.concat([tinyPng, Buffer.alloc(MB)]));
    const before = await eventCount(accounts.db);
    const refused = await call('PUT', `/certificate-formats/${made._id}`, format('Signed', 'certificate', { signature: large }));
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([
      400,
      certificateFormatMessages.imagesRefused,
      { 'layout.signature': [uploadMessages.tooLarge(formatSignatureRule())] },
    ]);
    expect(await eventCount(accounts.db)).toBe(before);
  });
});

describe('a format’s backgrounds', () => {
  it('are keys of images uploaded for formats, kept to each kind’s rule', async () => {
    const front = await background();
    const content = format('With a background', 'certificate', { background: { front, back: null } });
    const made = await create(content);
    expect(made.content.layout.background).toEqual({ front, back: null });
    // Whoever manages formats keeps the background a format holds, though another uploaded it.
    const kept = await call('PUT', `/certificate-formats/${made._id}`, content, tokens.colleague);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    // A card's background is held to the card's smaller limit.
    const large = await background(Buffer.concat([tinyPng, Buffer.alloc(Math.round(1.5 * MB))]));
    await create(format('Large background', 'certificate', { background: { front: large, back: null } }));
    const card = await call(
      'POST',
      '/certificate-formats',
      format('Large card', 'idcard', { background: { front: null, back: large } }),
      tokens.cardManager,
    );
    expect([card.status, card.body.message, card.body.errors]).toEqual([
      400,
      certificateFormatMessages.imagesRefused,
      { 'layout.background.back': [uploadMessages.tooLarge(formatBackgroundRule('idcard'))] },
    ]);
  });

  it('refuses a key that is not an image uploaded for formats, and a back on a certificate, changing nothing', async () => {
    const made = await create(format('Refusing backgrounds'));
    const { photo, paper, neverUploaded } = await notImageUploads(accounts, tokens.designer, formatImageUpload.formType);
    const back = await background();
    const before = [await eventCount(accounts.db), (await call('GET', `/certificate-formats/${made._id}`)).body.data];
    const cases: Array<[string, string]> = [
      [photo, recordFileMessages.notUploaded],
      [neverUploaded, recordFileMessages.notUploaded],
      [paper, uploadMessages.unsupported(formatBackgroundRule('certificate'))],
    ];
    for (const [front, message] of cases) {
      const saved = await call(
        'PUT',
        `/certificate-formats/${made._id}`,
        format('Refusing backgrounds', 'certificate', { background: { front, back: null } }),
      );
      expect([saved.status, saved.body.message, saved.body.errors]).toEqual([
        400,
        certificateFormatMessages.imagesRefused,
        { 'layout.background.front': [message] },
      ]);
    }
    const twoSided = await call(
      'PUT',
      `/certificate-formats/${made._id}`,
      format('Refusing backgrounds', 'certificate', { background: { front: null, back } }),
    );
    expect([twoSided.status, twoSided.body.errors]).toEqual([
      400,
      { 'layout.background.back': [layoutMessages.backBackgroundOnCertificate] },
    ]);
    expect([await eventCount(accounts.db), (await call('GET', `/certificate-formats/${made._id}`)).body.data]).toEqual(before);
  });
});

describe('the read tables', () => {
  it('are what a rebuild from the log makes of them', async () => {
    const before = await projectionSnapshot(accounts.db);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
