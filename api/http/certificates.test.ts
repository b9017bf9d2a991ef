import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBranch,
  addUser,
  asSystem,
  createAccountsApi,
  eventCount,
  syncCatalogue,
  tokenFor,
  type AccountsApi,
} from '../../tests/api/accounts';
import { runQueuedJobs } from '../../tests/api/jobs';
import { pdfPages, pdfPageSizes, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import { blankFormat, type CertificateFormatContent, type CertificateFormatView } from '../../common/contracts/certificate-formats';
import {
  CERTIFICATE_SELECTION_MAX,
  certificateMessages,
  type BulkJobView,
  type EligibleStudent,
  type IssuedDocumentView,
} from '../../common/contracts/certificates';
import { documentMessages, VERIFICATION_CODE_PATTERN } from '../../common/contracts/documents';
import type { FormatField, FormatKind } from '../../common/certificate-layout';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { maskedCode } from '../domain/invoices/verification';
import { createRecord } from '../domain/records';
import { csvLines } from '../../tests/support/csv-lines';

const clock = testClock('2026-07-01T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as Record<'admin' | 'reader' | 'northIssuer' | 'nobody' | 'designer', string>;
const ids = {} as Record<'north' | 'south' | 'python' | 'tally' | 'asha' | 'ravi' | 'priya' | 'meena' | 'kiran', string>;
const formats = {} as Record<'certificate' | 'card' | 'archived', CertificateFormatView>;
let lookups = 0;

const call = (method: string, path: string, body?: unknown, token = tokens.admin, headers: Record<string, string> = {}) =>
  accounts.call(method, path, { token, body, headers });
const verify = (code: string) => accounts.call('GET', `/public/verify/${code}`, { clientAddress: `203.0.113.${++lookups}` });

async function addRecord(formType: string, branchId: string | null, fields: Record<string, unknown>) {
  const { id } = await asSystem(accounts.db, (ctx) => createRecord(ctx, { formType, branchId, fields }));
  return id;
}
const addStudent = (name: string, branchId: string, courseId: string, completedCourse: boolean) =>
  addRecord('student', branchId, { studentName: name, centerName: branchId, selectedCourse: courseId, completedCourse, isActive: true });

const field = (more: Partial<FormatField> & Pick<FormatField, 'id' | 'type'>): FormatField => ({
  side: 'front',
  x: 4,
  y: 5,
  width: 46,
  height: 8,
  fontFamily: 'Noto Serif',
  fontSize: 8,
  fontWeight: 'normal',
  colour: '#111827',
  align: 'left',
  text: '',
  ...more,
});

function content(name: string, kind: FormatKind, line = 'has completed {{course}}'): CertificateFormatContent {
  return {
    name,
    layout: {
      ...blankFormat(kind).layout,
      fields: [
        field({ id: 'name', type: 'studentName' }),
        field({ id: 'number', type: 'documentNumber', y: 15 }),
        field({ id: 'line', type: 'text', y: 25, text: line }),
        field({ id: 'qr', type: 'qr', x: 5, y: 35, width: 15, height: 15 }),
        field({ id: 'code', type: 'verificationCode', y: 52 }),
      ],
    },
  };
}

async function createFormat(body: CertificateFormatContent) {
  const answer = await call('POST', '/certificate-formats', body, tokens.designer);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as CertificateFormatView;
}

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  ids.north = await addBranch(db, 'North Campus', 'NC');
  ids.south = await addBranch(db, 'South Campus', 'SC');
  ids.python = await addRecord('course', null, { courseName: 'Python Programming', duration: 6 });
  ids.tally = await addRecord('course', null, { courseName: 'Tally Accounting' });
  ids.asha = await addStudent('Asha Rao', ids.north, ids.python, true);
  ids.ravi = await addStudent('Ravi Kumar', ids.north, ids.python, false);
  ids.meena = await addStudent('Meena Shah', ids.north, ids.python, true);
  ids.kiran = await addStudent('Kiran Patil', ids.north, ids.python, true);
  ids.priya = await addStudent('Priya Nair', ids.south, ids.python, true);
  const token = async (permissions: string[], branchId: string | null = null) =>
    tokenFor(db, auth, await addUser(db, { role: branchId ? 'branch_admin' : 'admin', permissions, branchId }), clock.now());
  tokens.admin = await token(['CERTIFICATE_GENERATE']);
  tokens.reader = await token(['CERTIFICATE_GENERATED']);
  tokens.northIssuer = await token(['CERTIFICATE_GENERATE'], ids.north);
  tokens.nobody = await token(['COURSE_LIST']);
  tokens.designer = await token(['CERTIFICATE_TEMPLATE_MANAGE', 'IDCARD_TEMPLATE_MANAGE']);
  formats.certificate = await createFormat(content('Course completion', 'certificate'));
  formats.card = await createFormat(content('Student card', 'idcard', '{{course}}'));
  formats.archived = await createFormat(content('Old completion', 'certificate'));
  const archived = await call('POST', `/certificate-formats/${formats.archived._id}/archive`, undefined, tokens.designer);
  expect(archived.status).toBe(200);
});
afterAll(() => accounts?.cleanup());

const issueBody = (studentId: string, kind: FormatKind = 'certificate', more: Record<string, string> = {}) => ({
  kind,
  formatId: kind === 'certificate' ? formats.certificate._id : formats.card._id,
  studentId,
  courseId: ids.python,
  ...more,
});

async function issue(studentId: string, kind: FormatKind = 'certificate', token = tokens.admin) {
  const answer = await call('POST', '/certificates', issueBody(studentId, kind), token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as IssuedDocumentView;
}

const pdfOf = async (path: string, body?: unknown, token = tokens.reader) => {
  const answer = await call(body ? 'POST' : 'GET', path, body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('Content-Type')).toBe('application/pdf');
  return answer.bytes;
};

/** A4 in points, landscape and portrait. */
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const A4_PORTRAIT: [number, number] = [595.28, 841.89];

describe('issuing', () => {
  it('numbers each kind in its own series for the financial year, with a random code and the format revision it was made from', async () => {
    const certificate = await issue(ids.asha);
    expect(certificate).toMatchObject({
      kind: 'certificate',
      number: 'CERT/2026-27/00001',
      studentId: ids.asha,
      studentName: 'Asha Rao',
      courseId: ids.python,
      courseName: 'Python Programming',
      branchId: ids.north,
      branchName: 'North Campus',
      formatId: formats.certificate._id,
      formatName: 'Course completion',
      formatRevision: 1,
      status: 'issued',
      revokedReason: null,
      supersededBy: null,
      supersedes: null,
      version: 1,
    });
    expect(certificate.verificationCode).toMatch(VERIFICATION_CODE_PATTERN);
    const card = await issue(ids.asha, 'idcard');
    expect([card.number, card.verificationCode === certificate.verificationCode]).toEqual(['ID/2026-27/00001', false]);
    expect((await issue(ids.meena)).number).toBe('CERT/2026-27/00002');
  });

  it('answers the document a student already holds rather than a second one', async () => {
    const before = await eventCount(accounts.db);
    const again = await call('POST', '/certificates', issueBody(ids.asha));
    expect([again.status, again.body.message, again.body.data.number]).toEqual([
      200,
      certificateMessages.alreadyHeld('certificate'),
      'CERT/2026-27/00001',
    ]);
    expect(await eventCount(accounts.db)).toBe(before);
  });

  it('refuses what may not be issued with a clear message, changing nothing and leaving no gap in the series', async () => {
    const before = await eventCount(accounts.db);
    const refused = async (body: unknown, status: number, message: string, token = tokens.admin) => {
      const answer = await call('POST', '/certificates', body, token);
      expect([answer.status, answer.body.message], JSON.stringify(answer.body)).toEqual([status, message]);
      return answer.body.errors;
    };
    await refused(issueBody(ids.ravi), 409, certificateMessages.notCompleted);
    expect(
      await refused(
        issueBody(ids.kiran, 'certificate', { formatId: formats.card._id }),
        400,
        certificateMessages.otherKindFormat('certificate'),
      ),
    ).toEqual({
      formatId: [certificateMessages.otherKindFormat('certificate')],
    });
    await refused(
      issueBody(ids.kiran, 'idcard', { formatId: formats.certificate._id }),
      400,
      certificateMessages.otherKindFormat('idcard'),
    );
    await refused(issueBody(ids.kiran, 'certificate', { formatId: formats.archived._id }), 400, certificateMessages.archivedFormat);
    await refused(issueBody(ids.kiran, 'certificate', { courseId: ids.tally }), 400, certificateMessages.notInCourse);
    await refused(issueBody('no-such-student'), 404, certificateMessages.studentMissing);
    await refused(issueBody(ids.kiran, 'certificate', { formatId: 'no-such-format' }), 404, certificateMessages.formatMissing);
    await refused(issueBody(ids.priya), 403, certificateMessages.otherBranchStudent, tokens.northIssuer);
    expect((await call('POST', '/certificates', issueBody(ids.kiran), tokens.reader)).status).toBe(403);
    expect(await eventCount(accounts.db)).toBe(before);
    // An ID card asks no completion; the refusals above took no number.
    expect((await issue(ids.ravi, 'idcard')).number).toBe('ID/2026-27/00002');
    // Two issuers at once: one document, which both are answered.
    const both = await Promise.all([
      call('POST', '/certificates', issueBody(ids.kiran), tokens.northIssuer),
      call('POST', '/certificates', issueBody(ids.kiran), tokens.admin),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(both.map((answer) => answer.body.data.number)).toEqual(['CERT/2026-27/00003', 'CERT/2026-27/00003']);
  });
});

describe('revocation and reissue', () => {
  it('revokes once with a reason and If-Match, and the public verification says so and why', async () => {
    const document = await issue(ids.priya);
    const stale = await call('POST', `/certificates/${document._id}/revoke`, { reason: 'Misspelt name' }, tokens.admin, {
      'If-Match': '"9"',
    });
    expect([stale.status, stale.body.message]).toEqual([412, certificateMessages.stale]);
    expect((await call('POST', `/certificates/${document._id}/revoke`, { reason: ' ' })).body.errors).toEqual({
      reason: [certificateMessages.reasonRequired],
    });
    expect((await call('POST', `/certificates/${document._id}/revoke`, { reason: 'Misspelt' }, tokens.northIssuer)).status).toBe(404);

    const revoked = await call('POST', `/certificates/${document._id}/revoke`, { reason: 'Misspelt name' }, tokens.admin, {
      'If-Match': '"1"',
    });
    expect([revoked.status, revoked.body.message, revoked.headers.get('ETag')]).toEqual([
      200,
      certificateMessages.revoked('certificate'),
      '"2"',
    ]);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revokedReason: 'Misspelt name', version: 2 });

    const before = await eventCount(accounts.db);
    const twice = await call('POST', `/certificates/${document._id}/revoke`, { reason: 'Again' });
    expect([twice.status, twice.body.message]).toEqual([409, certificateMessages.alreadyRevoked]);
    const reissue = await call('POST', `/certificates/${document._id}/reissue`, {});
    expect([reissue.status, reissue.body.message]).toEqual([409, certificateMessages.revokedNoReissue]);
    expect(await eventCount(accounts.db)).toBe(before);

    const seen = await verify(document.verificationCode);
    expect(seen.status).toBe(200);
    // The public learns these fields and nothing else: no number, format, ids or branch of its own.
    expect(seen.body.data).toEqual({
      code: document.verificationCode,
      kind: 'certificate',
      state: 'revoked',
      issuedAt: document.issuedAt,
      issuedBy: 'South Campus',
      holder: { name: 'Priya Nair', registrationNo: maskedCode(document.registrationNo!) },
      course: 'Python Programming',
      revokedReason: 'Misspelt name',
    });
    // Revoked, a new one may be issued in its place.
    expect((await issue(ids.priya)).status).toBe('issued');
  });

  it('reissues with a new number: the old one verifies as superseded and points at it', async () => {
    const [old] = (await call('GET', `/certificates?studentId=${ids.meena}&kind=certificate`)).body.data.documents as IssuedDocumentView[];
    const stale = await call('POST', `/certificates/${old!._id}/reissue`, {}, tokens.admin, { 'If-Match': '"5"' });
    expect(stale.status).toBe(412);
    const answer = await call('POST', `/certificates/${old!._id}/reissue`, {}, tokens.admin, { 'If-Match': `"${old!.version}"` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const fresh = answer.body.data as IssuedDocumentView;
    expect(answer.body.message).toBe(certificateMessages.reissued('certificate', fresh.number));
    expect(fresh).toMatchObject({ status: 'issued', supersedes: { _id: old!._id, number: old!.number } });
    expect(fresh.number).not.toBe(old!.number);
    const before = (await call('GET', `/certificates/${old!._id}`)).body.data as IssuedDocumentView;
    expect(before).toMatchObject({ status: 'superseded', supersededBy: { _id: fresh._id, number: fresh.number } });
    expect((await verify(old!.verificationCode)).body.data.state).toBe('superseded');
    expect((await verify(fresh.verificationCode)).body.data).toMatchObject({ state: 'valid', revokedReason: null });
    const again = await call('POST', `/certificates/${old!._id}/reissue`, {});
    expect([again.status, again.body.message]).toEqual([409, certificateMessages.supersededNoChange(fresh.number)]);
  });
});

describe('reading', () => {
  it('keeps branch staff to their branch and lets only the certificate permissions read', async () => {
    const all = (await call('GET', '/certificates?limit=100', undefined, tokens.reader)).body.data.documents as IssuedDocumentView[];
    expect(new Set(all.map((one) => one.branchName))).toEqual(new Set(['North Campus', 'South Campus']));
    const north = (await call('GET', '/certificates?limit=100', undefined, tokens.northIssuer)).body.data.documents as IssuedDocumentView[];
    expect(north.length).toBeGreaterThan(0);
    expect(north.every((one) => one.branchId === ids.north)).toBe(true);
    const southern = all.find((one) => one.branchId === ids.south)!;
    expect((await call('GET', `/certificates/${southern._id}`, undefined, tokens.northIssuer)).status).toBe(404);
    expect((await call('GET', `/certificates/${southern._id}/pdf`, undefined, tokens.northIssuer)).status).toBe(404);
    expect((await call('GET', '/certificates', undefined, tokens.nobody)).status).toBe(403);
    expect((await call('POST', `/certificates/${southern._id}/revoke`, { reason: 'x' }, tokens.reader)).status).toBe(403);
  });

  it('searches by name, registration or number, filters and sorts', async () => {
    const list = async (query: string) =>
      ((await call('GET', `/certificates?${query}`, undefined, tokens.reader)).body.data.documents as IssuedDocumentView[]).map(
        (one) => one.number,
      );
    expect(await list('search=asha&sortBy=number&order=asc')).toEqual(['CERT/2026-27/00001', 'ID/2026-27/00001']);
    expect(await list('search=ID/2026-27/00002')).toEqual(['ID/2026-27/00002']);
    expect(await list('status=revoked')).toHaveLength(1);
    expect(await list('kind=idcard&sortBy=number&order=asc')).toEqual(['ID/2026-27/00001', 'ID/2026-27/00002']);
    expect(await list(`branchId=${ids.south}&status=issued`)).toHaveLength(1);
    expect(await list(`formatId=${formats.card._id}`)).toHaveLength(2);
  });

  it('counts each kind this month and in all, and shows the latest', async () => {
    const overview = (await call('GET', '/certificates/overview', undefined, tokens.reader)).body.data;
    const listed = (await call('GET', '/certificates?kind=certificate', undefined, tokens.reader)).body.data.total;
    expect(overview.certificate).toEqual({ thisMonth: listed, total: listed });
    expect(overview.idcard).toEqual({ thisMonth: 2, total: 2 });
    expect(overview.recent.length).toBe(Math.min(10, listed + 2));
    const now = clock.now();
    clock.advance(31 * 24 * 3600_000);
    const { db, auth } = accounts;
    const northReader = await tokenFor(
      db,
      auth,
      await addUser(db, { role: 'branch_admin', permissions: ['CERTIFICATE_GENERATED'], branchId: ids.north }),
      clock.now(),
    );
    const later = (await call('GET', '/certificates/overview', undefined, northReader)).body.data;
    clock.set(now);
    expect(later.idcard).toEqual({ thisMonth: 0, total: 2 });
    expect(later.recent.length).toBeGreaterThan(0);
    expect(later.recent.every((one: IssuedDocumentView) => one.branchId === ids.north)).toBe(true);
  });

  it('exports what the filters match, in the list’s order and the screen’s words, as CSV or Excel', async () => {
    const revoked = await call('GET', '/certificates/export?status=revoked', undefined, tokens.reader);
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('Content-Type')).toContain('text/csv');
    expect(revoked.headers.get('Content-Disposition')).toBe('attachment; filename="generated-certificates-2026-07-01.csv"');
    const [priyas] = (await call('GET', '/certificates?status=revoked', undefined, tokens.reader)).body.data
      .documents as IssuedDocumentView[];
    expect(csvLines(revoked.body)).toEqual([
      'Number,Student,Registration no.,Kind,Course,Branch,Format,Status,Superseded by,Issued,Issued by,Revoked on,Reason',
      `CERT/2026-27/00004,Priya Nair,${priyas!.registrationNo},Certificate,Python Programming,South Campus,Course completion,Revoked,,2026-07-01,${priyas!.issuedBy},2026-07-01,Misspelt name`,
    ]);
    const meenas = await call('GET', '/certificates/export?search=meena&sortBy=number&order=asc', undefined, tokens.reader);
    expect(csvLines(meenas.body).map((line) => line.split(',').slice(7, 9).join(','))).toEqual([
      'Status,Superseded by',
      'Superseded,CERT/2026-27/00006',
      'Issued,',
    ]);

    const cards = await call('GET', '/certificates/export?kind=idcard&sortBy=number&order=asc&format=xlsx', undefined, tokens.reader);
    expect(cards.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(cards.headers.get('Content-Disposition')).toBe('attachment; filename="generated-certificates-2026-07-01.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(cards.bytes).buffer);
    const sheet = workbook.getWorksheet('Generated certificates')!;
    expect(sheet.rowCount).toBe(3);
    expect([1, 2, 4, 7, 10].map((column) => sheet.getRow(2).getCell(column).value)).toEqual([
      'ID/2026-27/00001',
      'Asha Rao',
      'ID card',
      'Student card',
      new Date('2026-07-01T00:00:00Z'),
    ]);
    expect(sheet.getRow(3).getCell(1).value).toBe('ID/2026-27/00002');
  });

  it('exports to a branch’s staff their branch’s documents whatever they ask, and to nobody else anything', async () => {
    const lines = async (query: string, token: string) =>
      ((await call('GET', `/certificates/export?${query}`, undefined, token)).body as string).trimEnd().split('\r\n').slice(1);
    const north = (await call('GET', '/certificates?limit=100', undefined, tokens.northIssuer)).body.data.total as number;
    const own = await lines('', tokens.northIssuer);
    expect(own).toHaveLength(north);
    expect(own.every((line) => line.split(',')[5] === 'North Campus')).toBe(true);
    expect(await lines(`branchId=${ids.south}`, tokens.northIssuer)).toEqual([]);
    expect(await lines(`branchId=${ids.south}`, tokens.reader)).toHaveLength(2);
    expect((await call('GET', '/certificates/export', undefined, tokens.nobody)).status).toBe(403);
    expect((await accounts.call('GET', '/certificates/export')).status).toBe(401);
  });

  it('offers the students of a course with whether they completed it and what they hold', async () => {
    const answer = await call(
      'GET',
      `/certificates/students?kind=certificate&courseId=${ids.python}&limit=100`,
      undefined,
      tokens.northIssuer,
    );
    const students = answer.body.data.students as EligibleStudent[];
    expect(students.map((one) => [one.name, one.completedCourse, one.held !== null, one.eligible])).toEqual([
      ['Asha Rao', true, true, false],
      ['Kiran Patil', true, true, false],
      ['Meena Shah', true, true, false],
      ['Ravi Kumar', false, false, false],
    ]);
    const cards = await call('GET', `/certificates/students?kind=idcard&eligible=true&search=kiran`, undefined, tokens.admin);
    expect((cards.body.data.students as EligibleStudent[]).map((one) => one.name)).toEqual(['Kiran Patil']);
    // One student by id, as a form that picked them reads them again.
    const picked = await call('GET', `/certificates/students?kind=idcard&studentId=${ids.kiran}`, undefined, tokens.admin);
    expect((picked.body.data.students as EligibleStudent[]).map((one) => [one._id, one.name])).toEqual([[ids.kiran, 'Kiran Patil']]);
  });
});

describe('PDFs', () => {
  it('prints a document from the revision it was issued with: name, number and code, at A4 landscape', async () => {
    const [asha] = (await call('GET', `/certificates?studentId=${ids.asha}&kind=certificate`)).body.data.documents as IssuedDocumentView[];
    const changed = content('Course completion', 'certificate', 'A LATER WORDING of {{course}}');
    const saved = await call('PUT', `/certificate-formats/${formats.certificate._id}`, changed, tokens.designer);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const bytes = await pdfOf(`/certificates/${asha!._id}/pdf`);
    const [text] = await pdfPages(bytes);
    expect(text).toContain(unspaced('Asha Rao'));
    expect(text).toContain(unspaced(asha!.number));
    expect(text).toContain(asha!.verificationCode);
    expect(text).toContain(unspaced('has completed Python Programming'));
    expect(text).not.toContain('ALATERWORDING');
    expect(await pdfPageSizes(bytes)).toEqual([A4_LANDSCAPE]);
    // A new document takes the format's latest revision.
    const card = await issue(ids.kiran, 'idcard');
    expect(card.formatRevision).toBe(1);
    const kiranCertificate = (await call('GET', `/certificates?studentId=${ids.kiran}&kind=certificate`)).body.data.documents[0];
    const reissued = await call('POST', `/certificates/${kiranCertificate._id}/reissue`, {});
    expect(reissued.body.data.formatRevision).toBe(2);
    const [reissuedText] = await pdfPages(await pdfOf(`/certificates/${reissued.body.data._id}/pdf`));
    expect(reissuedText).toContain('ALATERWORDINGofPythonProgramming');
    expect(reissuedText).toContain(unspaced(reissued.body.data.number));
  });

  it('prints a selection as one PDF in the order asked, and ID cards ten to an A4 sheet', async () => {
    const documents = (await call('GET', '/certificates?limit=100&sortBy=number&order=asc', undefined, tokens.reader)).body.data
      .documents as IssuedDocumentView[];
    const certificates = documents.filter((one) => one.kind === 'certificate').slice(0, 2);
    const cards = documents.filter((one) => one.kind === 'idcard');
    const selection = await pdfOf('/certificates/pdf', { ids: [...certificates, ...cards].map((one) => one._id) });
    const pages = await pdfPages(selection);
    expect(pages).toHaveLength(certificates.length + cards.length);
    [...certificates, ...cards].forEach((one, index) => expect(pages[index]).toContain(unspaced(one.verificationCode)));
    const sizes = await pdfPageSizes(selection);
    expect(sizes.slice(0, 2)).toEqual([A4_LANDSCAPE, A4_LANDSCAPE]);

    const sheet = await pdfOf('/certificates/idcard-sheet', { ids: cards.map((one) => one._id) });
    // One A4 sheet, turned as the cards fit ten to it best.
    expect((await pdfPageSizes(sheet)).map((size) => [...size].sort((a, b) => a - b))).toEqual([A4_PORTRAIT]);
    const [sheetText] = await pdfPages(sheet);
    for (const card of cards) expect(sheetText).toContain(unspaced(card.studentName));

    const mixed = await call('POST', '/certificates/idcard-sheet', { ids: [certificates[0]!._id] }, tokens.reader);
    expect([mixed.status, mixed.body.message]).toEqual([400, certificateMessages.notIdCards]);
    const tooMany = await call('POST', '/certificates/pdf', {
      ids: Array.from({ length: CERTIFICATE_SELECTION_MAX + 1 }, (_, i) => `id${i}`),
    });
    expect(tooMany.body.errors).toEqual({ ids: [certificateMessages.tooManySelected] });
    const otherBranch = documents.find((one) => one.branchId === ids.south)!;
    expect((await call('POST', '/certificates/pdf', { ids: [otherBranch._id] }, tokens.northIssuer)).status).toBe(404);
  });
});

describe('bulk issue', () => {
  it('issues to every eligible student of the course, skips holders, keeps branch staff to their branch, and issues nothing when run again', async () => {
    const lee = await addStudent('Lee Fernandes', ids.north, ids.python, true);
    const sam = await addStudent('Sam Dsouza', ids.north, ids.python, true);
    const south = await addStudent('Sara Khan', ids.south, ids.python, true);
    const body = { kind: 'certificate', formatId: formats.certificate._id, courseId: ids.python };

    const refused = await call('POST', '/certificates/bulk', { ...body, branchId: ids.south }, tokens.northIssuer);
    expect([refused.status, refused.body.message]).toEqual([403, certificateMessages.otherBranch]);
    const archived = await call('POST', '/certificates/bulk', { ...body, formatId: formats.archived._id });
    expect([archived.status, archived.body.message]).toEqual([400, certificateMessages.archivedFormat]);

    const started = await call('POST', '/certificates/bulk', body, tokens.northIssuer);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = started.body.data as BulkJobView;
    expect(job).toMatchObject({ state: 'queued', progress: { done: 0, total: 2 }, issued: 0 });
    const same = await call('POST', '/certificates/bulk', body, tokens.northIssuer);
    expect([same.status, same.body.data._id]).toEqual([200, job._id]);
    expect(await runQueuedJobs(accounts, clock)).toBe(1);

    const done = (await call('GET', `/certificates/jobs/${job._id}`, undefined, tokens.northIssuer)).body.data as BulkJobView;
    expect(done).toMatchObject({ state: 'done', progress: { done: 2, total: 2 }, issued: 2 });
    expect((await call('GET', `/certificates/jobs/${job._id}`, undefined, tokens.reader)).status).toBe(403);
    const held = async (studentId: string) =>
      (await call('GET', `/certificates?studentId=${studentId}&status=issued&kind=certificate`)).body.data.total;
    expect([await held(lee), await held(sam), await held(south)]).toEqual([1, 1, 0]);

    const whole = await call('POST', '/certificates/bulk', body);
    expect(whole.body.data.progress.total).toBe(1);
    expect(await runQueuedJobs(accounts, clock)).toBe(1);
    expect(await held(south)).toBe(1);

    const before = await eventCount(accounts.db);
    const again = await call('POST', '/certificates/bulk', body);
    expect(again.status).toBe(201);
    expect(await runQueuedJobs(accounts, clock)).toBe(1);
    const rerun = (await call('GET', `/certificates/jobs/${again.body.data._id}`)).body.data as BulkJobView;
    expect(rerun).toMatchObject({ state: 'done', issued: 0 });
    expect(await eventCount(accounts.db)).toBe(before);
  });
});

describe('the public verification', () => {
  it('answers an unknown code as none, telling nothing of the codes issued', async () => {
    const answer = await verify('ABCDE-FGHJK-MNPQR-STVWX');
    expect([answer.status, answer.body.message]).toEqual([404, documentMessages.unknownCode]);
  });
});

it('keeps the issued documents equal to what a rebuild makes of the log, counters included', async () => {
  const before = await projectionSnapshot(accounts.db);
  expect(before.issued_certificates?.length).toBeGreaterThan(5);
  expect(before.certificate_counters?.length).toBe(2);
  await rebuildProjections(accounts.db);
  expect(await projectionSnapshot(accounts.db)).toEqual(before);
});
