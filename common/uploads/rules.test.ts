import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkUpload, MB, resolveContentType, uploadRuleFor, uploadRuleHint } from './rules';

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
    ['certificateBackground', 'image/jpeg', 2 * MB, null],
    ['certificateBackground', 'image/png', 2 * MB + 1, 'File size must be less than 2MB'],
    ['certificateBackground', 'image/svg+xml', 1000, 'File type not supported. Accepted: PNG, JPG'],
    ['idcardBackground', 'image/png', 1 * MB, null],
    ['idcardBackground', 'image/png', 1 * MB + 1, 'File size must be less than 1MB'],
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

describe('hints and accept attributes', () => {
  it.each([
    ['studentPhoto', 'Max 1MB (JPG, PNG, SVG, GIF)', '.jpg,.jpeg,.jfif,.png,.svg,.gif'],
    ['branchDocument2', 'Max 1MB (JPG, PNG, SVG, GIF)', '.jpg,.jpeg,.jfif,.png,.svg,.gif'],
    ['courseImage', 'Max 2MB (JPG, PNG, SVG, GIF)', '.jpg,.jpeg,.jfif,.png,.svg,.gif'],
    ['examPaper', 'Max 5MB (PDF, DOC, DOCX)', '.pdf,.doc,.docx'],
    ['examSubjectsTable_1_subjectPaper', 'Max 5MB (PDF, DOC, DOCX)', '.pdf,.doc,.docx'],
    ['other', 'Max 5MB (JPG, PNG, GIF, SVG, WEBP, PDF, DOC, DOCX)', '.jpg,.jpeg,.jfif,.png,.gif,.svg,.webp,.pdf,.doc,.docx'],
  ])('%s: %s, %s', (field, hint, accept) => {
    expect(uploadRuleHint(uploadRuleFor(field))).toBe(hint);
    expect(acceptAttribute(uploadRuleFor(field))).toBe(accept);
  });

  it('accepts through the attribute exactly the types the rule accepts', () => {
    for (const field of ['studentPhoto', 'examPaper', undefined]) {
      const rule = uploadRuleFor(field);
      for (const extension of acceptAttribute(rule).split(',')) {
        const contentType = resolveContentType('', `file${extension}`);
        expect(checkUpload(rule, { fileName: `file${extension}`, contentType, size: 10 }), `${field} ${extension}`).toBeNull();
      }
    }
  });
});
