import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  contentMatchesType,
  MB,
  resolveContentType,
  uploadRuleFor,
} from './upload-rules';

const images = 'File type not supported. Accepted: JPG, PNG, SVG, GIF';
const papers = 'File type not supported. Accepted: PDF, DOC, DOCX';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('upload limits (SPEC.md sections 5 and 9)', () => {
  it.each([
    // field, type, size, message (null: accepted)
    [undefined, 'image/png', 5 * MB, null],
    [undefined, 'image/png', 5 * MB + 1, 'File size must be less than 5MB'],
    [undefined, 'application/pdf', 1000, null],
    [undefined, 'application/msword', 1000, null],
    [undefined, DOCX, 1000, null],
    [undefined, 'image/webp', 1000, null],
    [undefined, 'text/html', 1000, 'File type not supported. Accepted: JPG, PNG, GIF, SVG, WEBP, PDF, DOC, DOCX'],
    [undefined, 'image/png', 0, 'No file provided'],
    ['studentPhoto', 'image/jpeg', 1 * MB, null],
    ['studentPhoto', 'image/jpeg', 1 * MB + 1, 'File size must be less than 1MB'],
    ['studentPhoto', 'application/pdf', 1000, images],
    ['studentPhoto', 'image/webp', 1000, images],
    ['documents', 'image/gif', 1000, null],
    ['documents', 'image/gif', 2 * MB, 'File size must be less than 1MB'],
    ['signature', 'image/svg+xml', 1000, null],
    ['branchDocument1', 'image/png', 1 * MB + 1, 'File size must be less than 1MB'],
    ['branchDocument2', DOCX, 1000, images],
    ['courseImage', 'image/png', 2 * MB, null],
    ['courseImage', 'image/png', 2 * MB + 1, 'File size must be less than 2MB'],
    ['examPaper', 'application/pdf', 5 * MB, null],
    ['examPaper', 'application/pdf', 5 * MB + 1, 'File size must be less than 5MB'],
    ['examPaper', 'image/png', 1000, papers],
    ['examSubjectsTable_0_subjectPaper', 'image/jpeg', 1000, papers],
    ['examSubjectsTable_2_examPaper', 'application/msword', 1000, null],
    ['someCustomFile', 'application/pdf', 1000, null],
  ])('%s: %s of %i bytes → %s', (field, contentType, size, message) => {
    expect(checkUpload(uploadRuleFor(field), { fileName: 'file.bin', contentType, size })).toBe(message);
  });

  it('takes field names and types that Object.prototype also has for the plain names they are', () => {
    for (const field of ['constructor', 'valueOf', 'toString', '__proto__', 'hasOwnProperty', 'x_constructor']) {
      expect(uploadRuleFor(field), field).toBe(uploadRuleFor());
      expect(checkUpload(uploadRuleFor(field), { fileName: 'photo.png', contentType: 'image/png', size: 10 }), field).toBeNull();
    }
    expect(resolveContentType('constructor', 'photo.png')).toBe('constructor');
    expect(resolveContentType('__proto__', 'photo.png')).toBe('__proto__');
  });

  it('refuses a missing file name as no file', () => {
    expect(checkUpload(uploadRuleFor(), { fileName: '  ', contentType: 'image/png', size: 10 })).toBe('No file provided');
  });
});

describe('content types', () => {
  it.each([
    ['image/png', 'a.png', 'image/png'],
    ['IMAGE/JPG', 'a.jpg', 'image/jpeg'],
    ['image/jpeg; charset=binary', 'a.jpg', 'image/jpeg'],
    ['', 'Report.DOCX', DOCX],
    ['application/octet-stream', 'paper.pdf', 'application/pdf'],
    ['', 'notes.txt', 'application/octet-stream'],
    ['text/plain', 'photo.png', 'text/plain'],
  ])('%j for %s is stored as %s', (given, name, stored) => {
    expect(resolveContentType(given, name)).toBe(stored);
  });
});

describe('real content', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6e0d30000000049454e44ae426082',
    'hex',
  );
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer<<>>\n%%EOF\n');
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
  const doc = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
  const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
  const text = Buffer.from('just some text, not an image at all');

  it.each([
    ['image/png', png, true],
    ['image/jpeg', jpeg, true],
    ['application/pdf', pdf, true],
    ['image/gif', gif, true],
    ['application/msword', doc, true],
    ['image/svg+xml', svg, true],
    ['image/svg+xml', Buffer.from('<svg viewBox="0 0 1 1"/>'), true],
    ['image/png', text, false],
    ['image/png', jpeg, false],
    ['application/pdf', png, false],
    ['image/svg+xml', text, false],
    ['image/svg+xml', png, false],
    [DOCX, pdf, false],
    ['text/plain', text, false],
  ])('%s with %#: %s', async (contentType, bytes, matches) => {
    expect(await contentMatchesType(contentType, bytes)).toBe(matches);
  });
});
