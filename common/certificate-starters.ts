import { sideSize, type FormatField, type FormatKind, type FormatLayout } from './certificate-layout';

type Placed = Omit<FormatField, 'id' | 'fontFamily' | 'fontWeight' | 'colour' | 'align' | 'text' | 'side'> &
  Partial<Pick<FormatField, 'fontFamily' | 'fontWeight' | 'colour' | 'align' | 'text' | 'side'>>;

const ACCENT = '#1e3a8a';

/** Fields in order, numbered as the designer numbers the fields it adds. */
function numbered(fields: Placed[]): FormatField[] {
  return fields.map((field, index) => ({
    id: `f${index + 1}`,
    side: 'front',
    fontFamily: 'Noto Sans',
    fontWeight: 'normal',
    colour: '#111827',
    align: 'center',
    text: '',
    ...field,
  }));
}

/**
 * A certificate's wording on any page: the title, the holder, the course and the day, with the
 * number, the code, the QR code and a place to sign along the foot. Positions follow the page, so
 * A4 and Letter, upright or turned, read alike.
 */
function certificateFields(width: number, height: number): Placed[] {
  const line = (y: number, fontSize: number, rest: Partial<Placed> = {}): Placed => ({
    type: 'text',
    x: width * 0.1,
    y: height * y,
    width: width * 0.8,
    height: fontSize * 0.55,
    fontSize,
    ...rest,
  });
  const foot = height * 0.78;
  return [
    line(0.14, 30, { text: 'Certificate of Completion', fontFamily: 'Noto Serif', fontWeight: 'bold', colour: ACCENT }),
    line(0.29, 14, { text: 'This is to certify that' }),
    line(0.36, 26, { type: 'studentName', fontFamily: 'Noto Serif', fontWeight: 'bold' }),
    line(0.47, 14, { text: 'has successfully completed the course' }),
    line(0.53, 18, { type: 'course', fontWeight: 'bold' }),
    line(0.61, 12, { text: 'at {{branch}}, on {{completionDate}}' }),
    {
      type: 'text',
      x: width * 0.07,
      y: foot,
      width: width * 0.3,
      height: 6,
      fontSize: 10,
      align: 'left',
      text: 'Certificate No. {{documentNumber}}',
    },
    {
      type: 'text',
      x: width * 0.07,
      y: foot + 7,
      width: width * 0.3,
      height: 6,
      fontSize: 10,
      align: 'left',
      text: 'Issued on {{issueDate}}',
    },
    {
      type: 'text',
      x: width * 0.07,
      y: foot + 14,
      width: width * 0.3,
      height: 5,
      fontSize: 8,
      align: 'left',
      text: 'Verify: {{verificationCode}}',
    },
    { type: 'qr', x: width / 2 - 12.5, y: foot - 2, width: 25, height: 25, fontSize: 12 },
    { type: 'text', x: width * 0.63, y: foot + 6, width: width * 0.3, height: 6, fontSize: 10, text: '______________________' },
    { type: 'text', x: width * 0.63, y: foot + 13, width: width * 0.3, height: 6, fontSize: 10, text: 'Authorised signatory' },
    // Last, so the fields before it keep the names formats made before it have.
    { type: 'signature', x: width * 0.68, y: foot - 5, width: width * 0.2, height: 14, fontSize: 12 },
  ];
}

/** An ID card's front (who, for what, until when) and back (what to do when found, how to reach them). */
function idcardFields(width: number, height: number): Placed[] {
  const upright = height > width;
  const centred = (y: number, fontSize: number, rest: Partial<Placed> = {}): Placed => ({
    type: 'text',
    x: upright ? 2 : width * 0.32,
    y,
    width: upright ? width - 4 : width * 0.66,
    height: fontSize * 0.55,
    fontSize,
    align: upright ? 'center' : 'left',
    ...rest,
  });
  const details = upright ? 37 : 13;
  const back = (y: number, fontSize: number, rest: Partial<Placed> = {}): Placed => ({
    type: 'text',
    side: 'back',
    x: 3,
    y,
    width: width - 6,
    height: fontSize * 0.55,
    fontSize,
    ...rest,
  });
  return [
    {
      type: 'text',
      x: 2,
      y: 3,
      width: width - 4,
      height: 5,
      fontSize: 9,
      fontWeight: 'bold',
      colour: ACCENT,
      text: 'STUDENT IDENTITY CARD',
    },
    upright
      ? { type: 'photo', x: width / 2 - 10, y: 10, width: 20, height: 24, fontSize: 12 }
      : { type: 'photo', x: 5, y: 10, width: 18, height: 22, fontSize: 12 },
    centred(details, 10, { type: 'studentName', fontWeight: 'bold' }),
    centred(details + 6, 7, { type: 'course' }),
    centred(details + 11, 7, { text: 'Reg. No. {{registrationNo}}' }),
    centred(details + 16, 7, { type: 'branch' }),
    centred(details + 21, 7, { text: 'Valid until {{validUntil}}' }),
    upright
      ? { type: 'qr', x: width / 2 - 8, y: height - 20, width: 16, height: 16, fontSize: 12 }
      : { type: 'qr', x: 7.5, y: height - 16, width: 13, height: 13, fontSize: 12 },
    back(5, 7, { text: 'If found, please return to' }),
    back(10, 8, { type: 'branch', fontWeight: 'bold' }),
    back(20, 7, { text: 'Blood group: {{bloodGroup}}' }),
    back(25, 7, { text: 'Emergency contact: {{emergencyContact}}' }),
    back(height - 20, 6, { type: 'documentNumber' }),
    { type: 'barcode', side: 'back', x: width / 2 - 20, y: height - 15, width: 40, height: 10, fontSize: 12 },
  ];
}

/**
 * What a new format starts from: a complete, printable layout of its kind on its page, so an
 * institute changes wording and places rather than building a page from nothing.
 */
export function starterLayout(
  kind: FormatKind,
  pageSize: FormatLayout['pageSize'],
  orientation: FormatLayout['orientation'],
): FormatLayout {
  const { width, height } = sideSize({ pageSize, orientation });
  const fields = kind === 'certificate' ? certificateFields(width, height) : idcardFields(width, height);
  return { kind, pageSize, orientation, background: { front: null, back: null }, fields: numbered(fields) };
}
