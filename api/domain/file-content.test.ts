import { describe, expect, it } from 'vitest';
import { contentMatchesType } from './file-content';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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
