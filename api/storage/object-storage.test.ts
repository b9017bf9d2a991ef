import { describe, expect, it } from 'vitest';
import { contentDisposition, isSafeKey, safeFileName } from './object-storage';

describe('safe file names', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['My Photo (1).JPG', 'My-Photo-1.jpg'],
    ['Aadhaar कार्ड.pdf', 'Aadhaar.pdf'],
    ['résumé.docx', 'resume.docx'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\asha\\sign.png', 'sign.png'],
    ['.htaccess', 'htaccess'],
    ['...', 'file'],
    ['', 'file'],
    ['a\0b.png', 'a-b.png'],
    [`${'x'.repeat(300)}.pdf`, `${'x'.repeat(96)}.pdf`],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});

describe('content disposition', () => {
  it.each([
    ['photo.png', `attachment; filename="photo.png"; filename*=UTF-8''photo.png`],
    ['a"b\\c.pdf', `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`],
    ['x\r\nSet-Cookie: a=b.png', `attachment; filename="x__Set-Cookie: a=b.png"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db.png`],
    ['कार्ड.pdf', `attachment; filename="_____.pdf"; filename*=UTF-8''%E0%A4%95%E0%A4%BE%E0%A4%B0%E0%A5%8D%E0%A4%A1.pdf`],
    ['half \uD83D.png', `attachment; filename="half _.png"; filename*=UTF-8''half%20%EF%BF%BD.png`],
    ["it's (1).png", `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`],
  ])('%j', (name, header) => {
    expect(contentDisposition('attachment', name)).toBe(header);
  });

  it('cuts long names without splitting a character', () => {
    const header = contentDisposition('attachment', '😀'.repeat(300));
    expect(header).toContain(`filename*=UTF-8''${'%F0%9F%98%80'.repeat(200)}`);
  });
});

describe('safe keys', () => {
  it.each([
    ['student/2026/01/0b8e5a52-3a63-4c2a-9f55-1c1d1c7e2f10-photo.png', true],
    ['a', true],
    ['a/b_c-d.e', true],
    ['../a', false],
    ['a/../b', false],
    ['./a', false],
    ['/a', false],
    ['a/', false],
    ['a//b', false],
    ['a\\b', false],
    ['a\0b', false],
    ['a b', false],
    ['a%2Fb', false],
    ['a/.b', false],
    ['ä', false],
    ['', false],
  ])('%j → %s', (key, safe) => {
    expect(isSafeKey(key)).toBe(safe);
  });
});
