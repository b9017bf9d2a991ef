import type { z } from 'zod';
import { formatField, type FieldType, type FormatField, type FormatLayout } from '../../common/certificate-layout';
import { paintedPng, type Rgba } from './images';

/**
 * A certificate and a two-sided ID card as an institute would design them, with a student's
 * values and images drawn here, for tests and previews of the layouts' PDFs.
 */

const navy: Rgba = [30, 58, 95, 255];
const gold: Rgba = [176, 137, 64, 255];
const cream: Rgba = [251, 247, 236, 255];
const white: Rgba = [255, 255, 255, 255];
const clear: Rgba = [0, 0, 0, 0];

/** A cream A4 landscape page in a navy frame lined with gold, at two pixels a millimetre. */
export const certificateBackground = () =>
  paintedPng(594, 420, (x, y) => {
    const inset = Math.min(x, y, 593 - x, 419 - y) / 2;
    if (inset >= 7 && inset < 9) return navy;
    if (inset >= 10.5 && inset < 11) return gold;
    return cream;
  });

/** A card's front: a navy band across the top for the institute's name, a gold edge at the foot; four pixels a millimetre. */
export const cardFront = () => paintedPng(216, 342, (_, y) => (y < 60 ? navy : y < 62 ? gold : y >= 336 ? gold : white));

/** A card's back: white with a navy foot. */
export const cardBack = () => paintedPng(216, 342, (_, y) => (y >= 330 ? navy : white));

/** A passport photo's likeness: head and shoulders on a pale blue ground. */
export const samplePhoto = () =>
  paintedPng(120, 150, (x, y) => {
    const head = (x - 60) ** 2 + (y - 58) ** 2 < 26 ** 2;
    const shoulders = y > 98 && (x - 60) ** 2 / 52 ** 2 + (y - 150) ** 2 / 52 ** 2 < 1;
    return head || shoulders ? [71, 85, 105, 255] : [219, 234, 254, 255];
  });

/** A pen stroke on a transparent ground. */
export const sampleSignature = () =>
  paintedPng(240, 80, (x, y) => {
    const pen = 40 + 18 * Math.sin(x / 11) * Math.cos(x / 37) - (x - 120) / 12;
    return x > 12 && x < 228 && Math.abs(y - pen) < 2.2 ? [23, 37, 84, 255] : clear;
  });

/** A field placed and typed, the rest the layout's defaults. */
const field = (values: z.input<typeof formatField>): FormatField => formatField.parse(values);

const serif = { fontFamily: 'Noto Serif', align: 'center', colour: '#374151' } as const;

/** A certificate of completion, A4 landscape: its words in serif, the QR code bottom left, the signature bottom right. */
export const certificateLayout: FormatLayout = {
  kind: 'certificate',
  pageSize: 'A4',
  orientation: 'landscape',
  background: { front: 'samples/certificate.png', back: null },
  fields: [
    field({
      id: 'institute',
      type: 'text',
      x: 20,
      y: 30,
      width: 257,
      height: 8,
      text: 'Navchetana Computer Institute, Pune',
      fontSize: 14,
      fontWeight: 'bold',
      colour: '#8a6a2c',
      align: 'center',
    }),
    field({
      id: 'title',
      type: 'text',
      x: 20,
      y: 42,
      width: 257,
      height: 16,
      text: 'Certificate of Completion',
      ...serif,
      fontSize: 34,
      fontWeight: 'bold',
      colour: '#1e3a5f',
    }),
    field({ id: 'certify', type: 'text', x: 20, y: 74, width: 257, height: 7, text: 'This is to certify that', ...serif, fontSize: 13 }),
    field({
      id: 'name',
      type: 'studentName',
      x: 20,
      y: 84,
      width: 257,
      height: 16,
      ...serif,
      fontSize: 30,
      fontWeight: 'bold',
      colour: '#111827',
    }),
    field({
      id: 'sentence',
      type: 'text',
      x: 45,
      y: 106,
      width: 207,
      height: 24,
      text: 'registration number {{registrationNo}}, has successfully completed the course {{course}} of {{duration}} with grade {{grade}} on {{completionDate}}.',
      ...serif,
      fontSize: 14,
    }),
    field({ id: 'photo', type: 'photo', x: 249, y: 22, width: 24, height: 30 }),
    field({ id: 'qr', type: 'qr', x: 22, y: 158, width: 30, height: 30 }),
    field({
      id: 'number',
      type: 'text',
      x: 56,
      y: 161,
      width: 100,
      height: 6,
      text: 'Certificate No. {{documentNumber}}',
      fontSize: 10,
      fontWeight: 'bold',
      colour: '#1f2937',
    }),
    field({ id: 'barcode', type: 'barcode', x: 56, y: 168, width: 62, height: 10 }),
    field({
      id: 'date',
      type: 'text',
      x: 56,
      y: 180,
      width: 100,
      height: 6,
      text: 'Issued on {{issueDate}}',
      fontSize: 10,
      colour: '#1f2937',
    }),
    field({ id: 'signature', type: 'signature', x: 215, y: 160, width: 60, height: 20 }),
    field({
      id: 'signatory',
      type: 'text',
      x: 205,
      y: 181,
      width: 80,
      height: 6,
      text: 'Director',
      fontSize: 10,
      fontWeight: 'bold',
      colour: '#1f2937',
      align: 'center',
    }),
  ],
};

const small = { align: 'center', colour: '#1f2937' } as const;

/** A CR80 card, portrait, both sides: photo, name and barcode on the front, contacts and QR code on the back. */
export const idCardLayout: FormatLayout = {
  kind: 'idcard',
  pageSize: 'CR80',
  orientation: 'portrait',
  background: { front: 'samples/card-front.png', back: 'samples/card-back.png' },
  fields: [
    field({
      id: 'institute',
      type: 'text',
      x: 3,
      y: 5.5,
      width: 48,
      height: 5,
      text: 'Navchetana Computer Institute',
      fontSize: 8,
      fontWeight: 'bold',
      colour: '#ffffff',
      align: 'center',
    }),
    field({ id: 'photo', type: 'photo', x: 17, y: 18.5, width: 20, height: 25 }),
    field({ id: 'name', type: 'studentName', x: 3, y: 45, width: 48, height: 6, fontSize: 9, fontWeight: 'bold', ...small }),
    field({ id: 'course', type: 'course', x: 3, y: 51, width: 48, height: 6, fontSize: 6.5, ...small }),
    field({ id: 'roll', type: 'text', x: 3, y: 58.5, width: 48, height: 4, text: 'Roll No. {{rollNo}}', fontSize: 6.5, ...small }),
    field({
      id: 'registration',
      type: 'text',
      x: 3,
      y: 62.5,
      width: 48,
      height: 4,
      text: 'Reg. No. {{registrationNo}}',
      fontSize: 6.5,
      ...small,
    }),
    field({ id: 'valid', type: 'text', x: 3, y: 66.5, width: 48, height: 4, text: 'Valid until {{validUntil}}', fontSize: 6.5, ...small }),
    field({ id: 'barcode', type: 'barcode', x: 8, y: 72, width: 38, height: 7 }),
    field({ id: 'number', type: 'documentNumber', x: 3, y: 79.5, width: 48, height: 3.5, fontSize: 5.5, ...small }),
    field({
      id: 'return',
      side: 'back',
      type: 'text',
      x: 4,
      y: 5,
      width: 46,
      height: 4,
      text: 'If found, please return to',
      fontSize: 6.5,
      ...small,
    }),
    field({
      id: 'branch',
      side: 'back',
      type: 'text',
      x: 4,
      y: 9.5,
      width: 46,
      height: 9,
      text: 'Navchetana Computer Institute, {{branch}}',
      fontSize: 7,
      fontWeight: 'bold',
      ...small,
    }),
    field({
      id: 'blood',
      side: 'back',
      type: 'text',
      x: 5,
      y: 22,
      width: 44,
      height: 4,
      text: 'Blood group: {{bloodGroup}}',
      fontSize: 7,
      ...small,
    }),
    field({
      id: 'contact',
      side: 'back',
      type: 'text',
      x: 5,
      y: 26.5,
      width: 44,
      height: 8,
      text: 'Emergency contact: {{emergencyContact}}',
      fontSize: 7,
      ...small,
    }),
    field({ id: 'qr', side: 'back', type: 'qr', x: 14, y: 37, width: 26, height: 26 }),
    field({
      id: 'scan',
      side: 'back',
      type: 'text',
      x: 4,
      y: 63.5,
      width: 46,
      height: 4,
      text: 'Scan to verify this card',
      fontSize: 6,
      ...small,
    }),
    field({ id: 'signature', side: 'back', type: 'signature', x: 15, y: 69, width: 24, height: 7 }),
    field({ id: 'signatory', side: 'back', type: 'text', x: 4, y: 76.5, width: 46, height: 3.5, text: 'Principal', fontSize: 6, ...small }),
  ],
};

/** One student's values, the document's number and date among them. */
export const sampleValues: Partial<Record<FieldType, string>> = {
  studentName: 'Aditya Vinayak Kulkarni',
  fatherName: 'Vinayak Kulkarni',
  course: 'Diploma in Computer Applications',
  duration: '12 months',
  grade: 'A+',
  completionDate: '31/03/2026',
  registrationNo: 'PN/2025/0147',
  rollNo: '2025-0147',
  branch: 'Karve Road, Pune',
  validUntil: '31/03/2027',
  bloodGroup: 'B+',
  emergencyContact: '+91 98220 41735',
  documentNumber: 'CERT/HO/2026-27/000123',
  issueDate: '15 Apr 2026',
};
