import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import bwipjs from 'bwip-js/node';
import {
  fillPlaceholders,
  imageFieldTypes,
  MM_PER_POINT,
  sideSize,
  type FieldType,
  type FormatField,
  type FormatLayout,
  type Side,
} from '../../common/certificate-layout';
import { FONT_FAMILY, SERIF_FONT_FAMILY } from './fonts';
import type { PdfImage, Verification } from './parts';
import { renderPdf } from './render';
import { printableBytes } from './stored-image';

/** A layout's millimetres in PDF points. */
export const points = (millimetres: number) => millimetres / MM_PER_POINT;

/** What every certificate or card of a format shares: its layout and the format's own images. */
export interface CertificateFormat {
  layout: FormatLayout;
  background: Record<Side, Buffer | null>;
  signature: Buffer | null;
}

/** What one student's certificate or card adds to its format. */
export interface CertificateStudent {
  /** The text fields' values by their type (studentName, documentNumber…), also what `{{placeholders}}` are filled from. */
  values: Partial<Record<FieldType, string>>;
  photo: Buffer | null;
  /** The code that verifies the document, its public page and that page's QR code. */
  verification: Verification;
}

/** A format ready to draw, its images checked once for all its certificates or cards. */
export interface PreparedFormat {
  layout: FormatLayout;
  background: Record<Side, PdfImage | null>;
  signature: PdfImage | null;
}

/** A student's certificate or card ready to draw: the photo checked, the codes made. */
export interface PreparedStudent {
  values: Partial<Record<FieldType, string>>;
  photo: PdfImage | null;
  /** PNG data URL. */
  qr: string;
  barcode: PdfImage | null;
}

/** Whether a format prints a back: a background or a field on it. */
const hasBack = (layout: FormatLayout) => layout.background.back !== null || layout.fields.some((field) => field.side === 'back');

/** The sides a format prints, front first. */
export const sidesOf = (layout: FormatLayout): Side[] => (hasBack(layout) ? ['front', 'back'] : ['front']);

/**
 * A Code 128 barcode of a document number. Its bars are many pixels wide, so stretched to its box
 * they stay sharp at print resolution. A number Code 128 cannot encode leaves the barcode out
 * rather than failing the document.
 */
async function barcodeImage(text: string): Promise<PdfImage | null> {
  if (!text) return null;
  const data = await bwipjs.toBuffer({ bcid: 'code128', text, scale: 4, height: 12, paddingwidth: 6 }).catch(() => null);
  return data ? { data, format: 'png' } : null;
}

/**
 * Reads a format's images and each student's photo as a PDF can draw them (a damaged one is left
 * out), and makes each student's barcode when the layout has one. The format's images are the
 * same on every certificate or card, so they are checked once.
 */
export async function prepareCertificates(
  format: CertificateFormat,
  students: readonly CertificateStudent[],
): Promise<{ format: PreparedFormat; students: PreparedStudent[] }> {
  const barcoded = format.layout.fields.some((field) => field.type === 'barcode');
  return {
    format: {
      layout: format.layout,
      background: { front: printableBytes(format.background.front), back: printableBytes(format.background.back) },
      signature: printableBytes(format.signature),
    },
    students: await Promise.all(
      students.map(async (student) => ({
        // The code is the document's own, printed in words beside its QR code wherever the layout asks for it.
        values: { verificationCode: student.verification.code, ...student.values },
        photo: printableBytes(student.photo),
        qr: student.verification.qr,
        barcode: barcoded ? await barcodeImage(student.values.documentNumber ?? '') : null,
      })),
    ),
  };
}

/** What a field's text reads: a text field's words with their placeholders filled, else its value. */
const fieldText = (field: FormatField, values: PreparedStudent['values']) =>
  field.type === 'text' ? fillPlaceholders(field.text, values) : (values[field.type] ?? '');

function Field({ field, images, values }: { field: FormatField; images: FieldImages; values: PreparedStudent['values'] }) {
  const box = {
    position: 'absolute' as const,
    left: points(field.x),
    top: points(field.y),
    width: points(field.width),
    height: points(field.height),
  };
  // A 1D barcode stretched to its box keeps the ratio of its bars; the other images keep their shape.
  const image = imageFieldTypes.includes(field.type) ? (images[field.type] ?? null) : undefined;
  if (image !== undefined) {
    if (!image) return null;
    return <Image style={{ ...box, objectFit: field.type === 'barcode' ? 'fill' : 'contain' }} src={image} />;
  }
  const text = fieldText(field, values);
  if (!text) return null;
  // The text starts at its box's top and wraps within its width; a long name, or a size taller than
  // the box, runs on below rather than being cut: a box of fixed height keeps only the lines that fit.
  const { height, ...textBox } = box;
  return (
    <View style={{ ...textBox, minHeight: height }}>
      <Text
        style={{
          fontFamily: field.fontFamily === 'Noto Serif' ? SERIF_FONT_FAMILY : FONT_FAMILY,
          fontSize: field.fontSize,
          fontWeight: field.fontWeight === 'bold' ? 700 : 400,
          color: field.colour,
          textAlign: field.align,
          lineHeight: 1.2,
        }}
      >
        {text}
      </Text>
    </View>
  );
}

/** What each image field draws: a data URL, an image, or none when it is missing or damaged. */
type FieldImages = Partial<Record<FieldType, PdfImage | string | null>>;

/** One side of a certificate or card at its size in points: its background stretched to it, its fields where the layout puts them. */
export function FormatSide({ format, student, side }: { format: PreparedFormat; student: PreparedStudent; side: Side }) {
  const { width, height } = sideSize(format.layout);
  const size = { width: points(width), height: points(height) };
  const background = format.background[side];
  const images: FieldImages = { photo: student.photo, signature: format.signature, qr: student.qr, barcode: student.barcode };
  return (
    <View style={{ ...size, position: 'relative', overflow: 'hidden' }}>
      {background ? <Image style={{ position: 'absolute', left: 0, top: 0, ...size, objectFit: 'fill' }} src={background} /> : null}
      {format.layout.fields
        .filter((field) => field.side === side)
        .map((field) => (
          <Field key={field.id} field={field} images={images} values={student.values} />
        ))}
    </View>
  );
}

const documentTitle = (layout: FormatLayout, students: readonly PreparedStudent[]) => {
  const kind = layout.kind === 'idcard' ? 'ID card' : 'Certificate';
  const name = students.length === 1 ? students[0]!.values.studentName : undefined;
  return name ? `${kind} — ${name}` : `${kind}s`;
};

/** Certificates or cards one after another, a page per side, each page the format's own size. */
function CertificatesDocument({ format, students }: { format: PreparedFormat; students: readonly PreparedStudent[] }) {
  const { width, height } = sideSize(format.layout);
  const sides = sidesOf(format.layout);
  return (
    <Document title={documentTitle(format.layout, students)} creator="Institute administration">
      {students.flatMap((student, index) =>
        sides.map((side) => (
          <Page key={`${index}-${side}`} size={[points(width), points(height)]}>
            <FormatSide format={format} student={student} side={side} />
          </Page>
        )),
      )}
    </Document>
  );
}

/** The certificates or cards of one format, one a student, as one PDF. */
export async function certificatesPdf(format: CertificateFormat, students: readonly CertificateStudent[]): Promise<Uint8Array> {
  return renderPdf(<CertificatesDocument {...await prepareCertificates(format, students)} />);
}
