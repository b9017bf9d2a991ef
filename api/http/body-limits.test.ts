import { describe, expect, it } from 'vitest';
import { admitBody, createBodyBudget, FORM_WITH_FILES_BYTES, TEXT_BODY_BYTES } from './body-limits';

const MB = 1024 * 1024;

describe('admitBody', () => {
  it('holds a body other than multipart to the text limit, and a multipart one to its endpoint’s', () => {
    const budget = createBodyBudget(1024 * MB);
    const admit = (contentType: string, bytes: number) =>
      admitBody(
        { contentType, contentLength: String(bytes), chunked: false },
        { maxBytes: FORM_WITH_FILES_BYTES, decodedAsText: false },
        budget,
      ).kind;
    expect(admit('application/json', TEXT_BODY_BYTES)).toBe('admitted');
    expect(admit('application/json', TEXT_BODY_BYTES + 1)).toBe('too-large');
    expect(admit('application/x-www-form-urlencoded', TEXT_BODY_BYTES + 1)).toBe('too-large');
    expect(admit('multipart/form-data; boundary=x', 20 * MB)).toBe('admitted');
    expect(admit('multipart/form-data; boundary=x', FORM_WITH_FILES_BYTES + 1)).toBe('too-large');
    expect(admit('application/octet-stream', 20 * MB)).toBe('admitted');
    const parsed = admitBody(
      { contentType: 'application/octet-stream', contentLength: String(TEXT_BODY_BYTES + 1), chunked: false },
      { maxBytes: FORM_WITH_FILES_BYTES, decodedAsText: true },
      budget,
    );
    expect(parsed.kind).toBe('too-large');
  });

  it('refuses what does not fit the budget of bodies in flight until earlier ones are answered', () => {
    const budget = createBodyBudget(64 * MB);
    const admit = () =>
      admitBody(
        { contentType: 'multipart/form-data', contentLength: String(20 * MB), chunked: false },
        { maxBytes: FORM_WITH_FILES_BYTES, decodedAsText: false },
        budget,
      );
    const admitted = Array.from({ length: 10 }, admit);
    expect(admitted.map((a) => a.kind)).toEqual([...Array(3).fill('admitted'), ...Array(7).fill('busy')]);
    for (const a of admitted) if (a.kind === 'admitted') a.release();
    expect(budget.reserved).toBe(0);
    expect(admit().kind).toBe('admitted');
  });

  it('reserves the whole limit for a body of unknown length', () => {
    const budget = createBodyBudget(TEXT_BODY_BYTES);
    const chunked = () =>
      admitBody({ contentType: 'application/json', contentLength: undefined, chunked: true }, { decodedAsText: true }, budget);
    expect(chunked().kind).toBe('admitted');
    expect(chunked().kind).toBe('busy');
  });
});
