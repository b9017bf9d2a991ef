import { describe, expect, it, vi } from 'vitest';
import {
  cardBack,
  cardFront,
  certificateBackground,
  certificateLayout,
  idCardLayout,
  sampleValues,
  samplePhoto,
  sampleSignature,
} from '../../tests/support/certificate-samples';
import { damagedPng } from '../../tests/support/images';
import { keptPdf } from '../../tests/support/kept-pdfs';
import { pdfImageCounts, pdfPages, pdfPageSizes, pdfTextCentres, unspaced } from '../../tests/support/pdf-text';
import { certificatesPdf, type CertificateFormat, type CertificateStudent } from './certificate';
import { verificationOf } from './exam-documents';
import { idCardSheetPdf } from './idcard-sheet';
import { printableBytes } from './stored-image';

// Counted, to see a format's images checked once for all its certificates or cards.
vi.mock('./stored-image', async (original) => {
  const actual = await original<typeof import('./stored-image')>();
  return { ...actual, printableBytes: vi.fn(actual.printableBytes) };
});

const ORIGIN = 'https://navchetana.example';

const certificateFormat: CertificateFormat = {
  layout: certificateLayout,
  background: { front: certificateBackground(), back: null },
  signature: sampleSignature(),
};

const cardFormat: CertificateFormat = {
  layout: idCardLayout,
  background: { front: cardFront(), back: cardBack() },
  signature: sampleSignature(),
};

const certificateVerification = await verificationOf(ORIGIN, '7KQ2M9XH4T');
const cardVerification = await verificationOf(ORIGIN, 'P3V8W2RN6D');

const certificate = (values = sampleValues): CertificateStudent => ({
  values,
  photo: samplePhoto(),
  verification: certificateVerification,
});

const card = (values = sampleValues): CertificateStudent => ({ values, photo: samplePhoto(), verification: cardVerification });

const A4_LANDSCAPE = [841.89, 595.28];
const CR80 = [153.07, 242.65];

describe('a certificate', () => {
  it('is one A4 landscape page with its words, the values and placeholders filled in, and its images', async () => {
    const bytes = await keptPdf('certificate', certificatesPdf(certificateFormat, [certificate()]));
    expect(await pdfPageSizes(bytes)).toEqual([A4_LANDSCAPE]);
    const [page] = await pdfPages(bytes);
    for (const words of [
      'Certificate of Completion',
      'This is to certify that',
      'Aditya Vinayak Kulkarni',
      'registration number PN/2025/0147, has successfully completed the course Diploma in Computer Applications of 12 months with grade A+ on 31/03/2026.',
      'Certificate No. CERT/HO/2026-27/000123',
      'Issued on 15 Apr 2026',
      'Director',
    ]) {
      expect(page).toContain(unspaced(words));
    }
    expect(page).not.toContain('{{');
    // The background, the photo, the QR code, the barcode and the signature.
    expect(await pdfImageCounts(bytes)).toEqual([5]);
  });

  it('sets a Hindi name from the Devanagari font, and a placeholder without a value reads as nothing', async () => {
    const { grade: _grade, ...values } = sampleValues;
    const bytes = await keptPdf(
      'certificate-devanagari',
      certificatesPdf(certificateFormat, [certificate({ ...values, studentName: 'अदिति कुलकर्णी' })]),
    );
    const [page] = await pdfPages(bytes);
    // Read back, Devanagari comes in the order its glyphs are drawn (a vowel sign before its consonant): the same letters.
    const name = page!.slice(page!.indexOf('certifythat') + 'certifythat'.length, page!.indexOf('registration'));
    const letters = (text: string) => [...text].sort().join('');
    expect(letters(name)).toBe(letters(unspaced('अदिति कुलकर्णी')));
    expect(page).toContain(unspaced('of 12 months with grade on 31/03/2026.'));
  });

  it('leaves out a damaged photo and a missing signature rather than failing', async () => {
    const bytes = await keptPdf(
      'certificate-damaged-photo',
      certificatesPdf({ ...certificateFormat, signature: null }, [{ ...certificate(), photo: damagedPng(samplePhoto()) }]),
    );
    expect(await pdfImageCounts(bytes)).toEqual([3]);
    expect((await pdfPages(bytes))[0]).toContain(unspaced('Aditya Vinayak Kulkarni'));
  });

  it('is a page per certificate when many are made at once', async () => {
    const bytes = await certificatesPdf(certificateFormat, [
      certificate(),
      certificate({ ...sampleValues, studentName: 'Sneha Rajendra Patil' }),
    ]);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain(unspaced('Sneha Rajendra Patil'));
  });
});

describe('an ID card', () => {
  it('is a CR80 page for its front and one for its back, each with its fields and images', async () => {
    const bytes = await keptPdf('idcard', certificatesPdf(cardFormat, [card()]));
    expect(await pdfPageSizes(bytes)).toEqual([CR80, CR80]);
    const [front, back] = await pdfPages(bytes);
    for (const words of ['Aditya Vinayak Kulkarni', 'Diploma in Computer Applications', 'Roll No. 2025-0147', 'Valid until 31/03/2027']) {
      expect(front).toContain(unspaced(words));
    }
    expect(front).toContain(unspaced('CERT/HO/2026-27/000123'));
    for (const words of ['Navchetana Computer Institute, Karve Road, Pune', 'Blood group: B+', 'Emergency contact: +91 98220 41735']) {
      expect(back).toContain(unspaced(words));
    }
    expect(back).not.toContain('Aditya');
    // Front: background, photo, barcode; back: background, QR code, signature.
    expect(await pdfImageCounts(bytes)).toEqual([3, 3]);
  });
});

describe('print sheets of ID cards', () => {
  const cards = Array.from({ length: 12 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return card({ ...sampleValues, studentName: `Student ${number}`, emergencyContact: `+91 90000 000${number}` });
  });

  it('put ten cards to an A4 page, each sheet’s fronts followed by its backs', async () => {
    vi.mocked(printableBytes).mockClear();
    const bytes = await keptPdf('idcard-sheet', idCardSheetPdf(cardFormat, cards));
    // The format's front, back and signature once; each card's photo.
    expect(printableBytes).toHaveBeenCalledTimes(3 + cards.length);
    expect(await pdfPageSizes(bytes)).toEqual([A4_LANDSCAPE, A4_LANDSCAPE, A4_LANDSCAPE, A4_LANDSCAPE]);
    const pages = await pdfPages(bytes);
    const names = (page: string) => [...page.matchAll(/Student(\d\d)/g)].map((match) => Number(match[1]));
    const contacts = (page: string) => [...page.matchAll(/\+9190000000(\d\d)/g)].map((match) => Number(match[1]));
    expect(names(pages[0]!).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(contacts(pages[0]!)).toEqual([]);
    expect(contacts(pages[1]!).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(names(pages[1]!)).toEqual([]);
    expect(names(pages[2]!).sort((a, b) => a - b)).toEqual([11, 12]);
    expect(contacts(pages[3]!).sort((a, b) => a - b)).toEqual([11, 12]);
    expect(await pdfImageCounts(bytes)).toEqual([30, 30, 6, 6]);
  });

  it('mirror the backs left to right, so each lies behind its front when printed double-sided', async () => {
    const bytes = await idCardSheetPdf(cardFormat, cards.slice(0, 5));
    const [fronts, backs] = await pdfTextCentres(bytes);
    const centre = (centres: typeof fronts, text: string) => centres!.find((item) => item.text.includes(text))!.centre;
    const front = [1, 2, 3, 4, 5].map((number) => centre(fronts, `Student 0${number}`));
    const back = [1, 2, 3, 4, 5].map((number) => centre(backs, `90000 0000${number}`));
    expect(front).toEqual([...front].sort((a, b) => a - b));
    // A card's back is where its front would be, turned over about the page's vertical middle.
    front.forEach((x, index) => expect(x + back[index]!).toBeCloseTo(A4_LANDSCAPE[0]!, 0));
  });

  it('are fronts only for a format without a back', async () => {
    const oneSided = { ...idCardLayout, background: { front: 'samples/card-front.png', back: null } };
    oneSided.fields = idCardLayout.fields.filter((field) => field.side === 'front');
    const bytes = await idCardSheetPdf({ ...cardFormat, layout: oneSided }, cards);
    expect((await pdfPages(bytes)).length).toBe(2);
  });
});
