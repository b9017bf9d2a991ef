import { describe, expect, it } from 'vitest';
import { fileNameOfKey } from './keys';

describe('file names of stored keys', () => {
  it.each([
    ['student/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e-photo.png', 'photo.png'],
    ['student/2026/01/0F8FAD5B-D9CB-469F-A165-70867728950E_scan-1.pdf', 'scan-1.pdf'],
    ['examResult/2026/03/paper.pdf', 'paper.pdf'],
    ['0f8fad5b-d9cb-469f-a165-70867728950e-a.png', 'a.png'],
    ['student/2026/01/not-a-uuid-photo.png', 'not-a-uuid-photo.png'],
  ])('%s → %s', (key, name) => {
    expect(fileNameOfKey(key)).toBe(name);
  });
});
