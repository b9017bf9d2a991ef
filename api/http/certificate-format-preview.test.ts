import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { storeFile } from '../../tests/api/stored-files';
import { tinyPng } from '../../tests/support/images';
import { pdfImageCounts, pdfPages, pdfPageSizes, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import {
  blankFormat,
  certificateFormatMessages,
  formatImageUpload,
  type CertificateFormatContent,
  type CertificateFormatView,
} from '../../common/contracts/certificate-formats';
import type { FormatField, FormatKind } from '../../common/certificate-layout';
import { createRecord } from '../domain/records';
import { PREVIEW_NUMBER } from '../domain/certificate-formats/sample';

const clock = testClock('2026-07-01T09:00:00.000Z');
let accounts: AccountsApi;
let north = '';
let south = '';
let northStudent = '';
let southStudent = '';
const tokens = {} as Record<'designer' | 'cardManager' | 'certificates' | 'northIssuer' | 'designerOnly' | 'marker', string>;

async function record(formType: string, branchId: string | null, fields: Record<string, unknown>) {
  const { id } = await asSystem(accounts.db, (ctx) => createRecord(ctx, { formType, branchId, fields }));
  return id;
}

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  north = await addBranch(db, 'North Campus', 'NC');
  south = await addBranch(db, 'South Campus', 'SC');
  const token = async (permissions: string[], more: { role?: string; branchId?: string } = {}) =>
    tokenFor(db, auth, await addUser(db, { role: 'admin', permissions, ...more }), clock.now());
  // Students are read with a student permission of their own, as their lists are.
  tokens.designer = await token(['CERTIFICATE_TEMPLATE_MANAGE', 'STUDENT_VIEW_ALL']);
  tokens.cardManager = await token(['IDCARD_TEMPLATE_MANAGE', 'STUDENT_VIEW_ALL']);
  tokens.certificates = await token(['CERTIFICATE_FORMATS', 'STUDENT_VIEW_ALL']);
  tokens.northIssuer = await token(['CERTIFICATE_GENERATE', 'STUDENT_VIEW_BRANCH'], { role: 'branch_admin', branchId: north });
  tokens.designerOnly = await token(['CERTIFICATE_TEMPLATE_MANAGE']);
  tokens.marker = await token(['EXAM_MARKS_ENTRY']);
  const course = await record('course', null, {
    courseName: 'Diploma in Computer Applications',
    courseCode: 'DCA',
    duration: 12,
    isActive: true,
  });
  const student = (branchId: string, name: string) =>
    record('student', branchId, {
      centerName: branchId,
      studentName: name,
      fatherName: 'Vinayak Kulkarni',
      selectedCourse: course,
      isRegistered: true,
      isActive: true,
    });
  northStudent = await student(north, 'Aditya Kulkarni');
  southStudent = await student(south, 'Sneha Patil');
});
afterAll(() => accounts?.cleanup());

const call = (path: string, token = tokens.designer) => accounts.call('GET', path, { token });

const field = (more: Partial<FormatField> & Pick<FormatField, 'id' | 'type'>): FormatField => ({
  side: 'front',
  x: 10,
  y: 20,
  width: 200,
  height: 14,
  fontFamily: 'Noto Serif',
  fontSize: 18,
  fontWeight: 'normal',
  colour: '#111827',
  align: 'left',
  text: '',
  ...more,
});

async function create(name: string, kind: FormatKind, fields: FormatField[], token: string) {
  const content: CertificateFormatContent = { name, layout: { ...blankFormat(kind).layout, fields } };
  const answer = await accounts.call('POST', '/certificate-formats', { token, body: content });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as CertificateFormatView;
}

const A4_LANDSCAPE = [841.89, 595.28];
const CR80 = [153.07, 242.65];

describe('a format previewed for a student', () => {
  it('is a certificate of the latest revision, or of the one named, filled in with the student’s details', async () => {
    // The line longer than its box and the number taller than its own run on below rather than being cut.
    const made = await create(
      'Completion',
      'certificate',
      [
        field({ id: 'name', type: 'studentName' }),
        field({ id: 'line', type: 'text', y: 40, height: 10, text: 'son of {{fatherName}}, {{course}} ({{duration}}) at {{branch}}' }),
        field({ id: 'number', type: 'documentNumber', y: 80, height: 4 }),
      ],
      tokens.designer,
    );
    const changed = { name: 'Completion', layout: { ...made.content.layout, fields: [field({ id: 'name', type: 'studentName', x: 50 })] } };
    const saved = await accounts.call('PUT', `/certificate-formats/${made._id}`, {
      token: tokens.designer,
      body: changed,
      headers: { 'If-Match': '"1"' },
    });
    expect(saved.status).toBe(200);

    const latest = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`);
    expect([latest.status, latest.headers.get('Content-Type')]).toEqual([200, 'application/pdf']);
    expect(await pdfPageSizes(latest.bytes)).toEqual([A4_LANDSCAPE]);
    const [page] = await pdfPages(latest.bytes);
    expect(page).toContain(unspaced('Aditya Kulkarni'));
    expect(page).not.toContain(unspaced('Vinayak'));

    const first = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}&revision=1`);
    const [firstPage] = await pdfPages(first.bytes);
    for (const words of [
      'Aditya Kulkarni',
      'son of Vinayak Kulkarni, Diploma in Computer Applications (12 months) at North Campus',
      PREVIEW_NUMBER,
    ]) {
      expect(firstPage).toContain(unspaced(words));
    }

    const none = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}&revision=3`);
    expect([none.status, none.body.message]).toEqual([404, certificateFormatMessages.revisionMissing]);
  });

  it('draws the format’s signature wherever a signature field stands, and nothing there while it has none', async () => {
    const made = await create(
      'Signed completion',
      'certificate',
      [
        field({ id: 'name', type: 'studentName', x: 20, width: 120 }),
        field({ id: 'sign', type: 'signature', x: 200, y: 160, width: 50, height: 20 }),
      ],
      tokens.designer,
    );
    const unsigned = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`);
    expect((await pdfImageCounts(unsigned.bytes))[0]).toBe(0);

    const signature = await storeFile(accounts, tokens.designer, {
      fileName: 'signature.png',
      fileType: 'image/png',
      bytes: tinyPng,
      formType: formatImageUpload.formType,
      fieldName: formatImageUpload.signature,
    });
    const signed = { name: made.content.name, layout: { ...made.content.layout, signature } };
    expect((await accounts.call('PUT', `/certificate-formats/${made._id}`, { token: tokens.designer, body: signed })).status).toBe(200);
    const answer = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`);
    expect((await pdfImageCounts(answer.bytes))[0]).toBe(1);
  });

  it('is an ID card’s sides at CR80, its background drawn, and the designer’s sample is the same student’s values', async () => {
    const background = await storeFile(accounts, tokens.cardManager, {
      fileName: 'card.png',
      fileType: 'image/png',
      bytes: tinyPng,
      formType: formatImageUpload.formType,
      fieldName: formatImageUpload.backgrounds.idcard,
    });
    const made = await create(
      'Student card',
      'idcard',
      [
        field({ id: 'name', type: 'studentName', x: 2, width: 40, fontSize: 8 }),
        field({ id: 'roll', type: 'registrationNo', side: 'back', x: 2, width: 40, fontSize: 8 }),
      ],
      tokens.cardManager,
    );
    const withBackground = { name: made.content.name, layout: { ...made.content.layout, background: { front: background, back: null } } };
    expect(
      (await accounts.call('PUT', `/certificate-formats/${made._id}`, { token: tokens.cardManager, body: withBackground })).status,
    ).toBe(200);

    const answer = await call(`/certificate-formats/${made._id}/preview?studentId=${southStudent}`, tokens.cardManager);
    expect(answer.status).toBe(200);
    expect(await pdfPageSizes(answer.bytes)).toEqual([CR80, CR80]);
    expect((await pdfImageCounts(answer.bytes))[0]).toBe(1);
    const sample = await call(`/certificate-formats/${made._id}/sample?studentId=${southStudent}`, tokens.cardManager);
    expect(sample.status).toBe(200);
    expect(sample.body.data).toMatchObject({
      studentId: southStudent,
      values: {
        studentName: 'Sneha Patil',
        fatherName: 'Vinayak Kulkarni',
        course: 'Diploma in Computer Applications',
        branch: 'South Campus',
      },
    });
    const [front, back] = await pdfPages(answer.bytes);
    expect(front).toContain(unspaced('Sneha Patil'));
    expect(back).toContain(unspaced(sample.body.data.values.registrationNo as string));
  });

  it('shows a branch’s staff their own students only, and nobody a student they may not read or a format of a kind they do not open', async () => {
    const made = await create('Merit', 'certificate', [field({ id: 'name', type: 'studentName' })], tokens.designer);
    const own = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`, tokens.northIssuer);
    expect(own.status).toBe(200);
    for (const path of [
      `/certificate-formats/${made._id}/preview?studentId=${southStudent}`,
      `/certificate-formats/${made._id}/sample?studentId=${southStudent}`,
    ]) {
      const other = await call(path, tokens.northIssuer);
      expect([other.status, other.body.message]).toEqual([404, certificateFormatMessages.studentMissing]);
    }
    const notStudent = await call(`/certificate-formats/${made._id}/preview?studentId=${north}`);
    expect([notStudent.status, notStudent.body.message]).toEqual([404, certificateFormatMessages.studentMissing]);

    expect((await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`, tokens.certificates)).status).toBe(200);
    const otherKind = await call(`/certificate-formats/${made._id}/preview?studentId=${northStudent}`, tokens.cardManager);
    expect([otherKind.status, otherKind.body.message]).toEqual([403, certificateFormatMessages.mayNotRead('certificate')]);
    expect((await call(`/certificate-formats/${made._id}/sample?studentId=${northStudent}`, tokens.marker)).status).toBe(403);
    for (const path of [
      `/certificate-formats/${made._id}/preview?studentId=${northStudent}`,
      `/certificate-formats/${made._id}/sample?studentId=${northStudent}`,
    ]) {
      expect((await call(path, tokens.designerOnly)).status).toBe(403);
    }
    expect((await call(`/certificate-formats/no-such-format/preview?studentId=${northStudent}`)).status).toBe(404);
  });
});
