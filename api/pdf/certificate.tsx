import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import bwipjs from 'bwip-js/node';
import {
  fillPlaceholders,
  sideSize,
  type FieldType,
  type FormatField,
  type FormatLayout,
  type Side,
} from '../../common/certificate-layout';
import { FONT_FAMILY, SERIF_FONT_FAMILY } from './fonts';
import type { PdfImage } from './parts';
import { qrImage, renderPdf } from './render';
import { printableBytes } from './stored-image';

/** A layout's millimetres in PDF points. */
export const points = (millimetres: number) => (millimetres * 72) / 25.4;

/** What one certificate or ID card is made from: its format's layout, the student's and the document's values, and image bytes. */
export interface CertificateInput {
  layout: FormatLayout;
  /** The text fields' values by their type (studentName, documentNumber…), also what `{{placeholders}}` are filled from. */
  values: Partial<Record<FieldType, string>>;
  background: Record<Side, Buffer | null>;
  photo: Buffer | null;
  signature: Buffer | null;
  /** The public page that verifies the document, which its QR code opens. */
  verificationUrl: string;
}

/** A certificate or card ready to draw: its images checked, its QR code and barcode made. */
export interface PreparedCertificate {
  layout: FormatLayout;
  values: Partial<Record<FieldType, string>>;
  background: Record<Side, PdfImage | null>;
  photo: PdfImage | null;
  signature: PdfImage | null;
  /** PNG data URL. */
  qr: string | null;
  barcode: PdfImage | null;
}

/** Whether a format prints a back: a background or a field on it. */
export const hasBack = (layout: FormatLayout) => layout.background.back !== null || layout.fields.some((field) => field.side === 'back');

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

/** Reads a certificate's images as a PDF can draw them (a damaged one is left out) and makes its codes when its layout has them. */
export async function prepareCertificate(input: CertificateInput): Promise<PreparedCertificate> {
  const has = (type: FieldType) => input.layout.fields.some((field) => field.type === type);
  const [qr, barcode] = await Promise.all([
    has('qr') ? qrImage(input.verificationUrl) : null,
    has('barcode') ? barcodeImage(input.values.documentNumber ?? '') : null,
  ]);
  return {
    layout: input.layout,
    values: input.values,
    background: { front: printableBytes(input.background.front), back: printableBytes(input.background.back) },
    photo: printableBytes(input.photo),
    signature: printableBytes(input.signature),
    qr,
    barcode,
  };
}

/** What a field's text reads: a text field's words with their placeholders filled, else its value. */
const fieldText = (field: FormatField, values: PreparedCertificate['values']) =>
  field.type === 'text' ? fillPlaceholders(field.text, values) : (values[field.type] ?? '');

function Field({ field, certificate }: { field: FormatField; certificate: PreparedCertificate }) {
  const box = {
    position: 'absolute' as const,
    left: points(field.x),
    top: points(field.y),
    width: points(field.width),
    height: points(field.height),
  };
  // A 1D barcode stretched to its box keeps the ratio of its bars; the other images keep their shape.
  const image =
    field.type === 'qr'
      ? certificate.qr
      : field.type === 'barcode' || field.type === 'photo' || field.type === 'signature'
        ? certificate[field.type]
        : undefined;
  if (image !== undefined) {
    if (!image) return null;
    return <Image style={{ ...box, objectFit: field.type === 'barcode' ? 'fill' : 'contain' }} src={image} />;
  }
  const text = fieldText(field, certificate.values);
  if (!text) return null;
  // The text starts at its box's top and wraps within its width; a long name runs on below rather than being cut.
  return (
    <View style={box}>
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

/** One side of a certificate or card at its size in points: its background stretched to it, its fields where the layout puts them. */
export function FormatSide({ certificate, side }: { certificate: PreparedCertificate; side: Side }) {
  const { width, height } = sideSize(certificate.layout);
  const size = { width: points(width), height: points(height) };
  const background = certificate.background[side];
  return (
    <View style={{ ...size, position: 'relative', overflow: 'hidden' }}>
      {background ? <Image style={{ position: 'absolute', left: 0, top: 0, ...size, objectFit: 'fill' }} src={background} /> : null}
      {certificate.layout.fields
        .filter((field) => field.side === side)
        .map((field) => (
          <Field key={field.id} field={field} certificate={certificate} />
        ))}
    </View>
  );
}

const documentTitle = (certificates: readonly PreparedCertificate[]) => {
  const kind = certificates[0]?.layout.kind === 'idcard' ? 'ID card' : 'Certificate';
  const name = certificates.length === 1 ? certificates[0]!.values.studentName : undefined;
  return name ? `${kind} — ${name}` : `${kind}s`;
};

/** Certificates or cards one after another, a page per side, each page the format's own size. */
export function CertificatesDocument({ certificates }: { certificates: readonly PreparedCertificate[] }) {
  return (
    <Document title={documentTitle(certificates)} creator="Institute administration">
      {certificates.flatMap((certificate, index) => {
        const { width, height } = sideSize(certificate.layout);
        return sidesOf(certificate.layout).map((side) => (
          <Page key={`${index}-${side}`} size={[points(width), points(height)]}>
            <FormatSide certificate={certificate} side={side} />
          </Page>
        ));
      })}
    </Document>
  );
}

/** Certificates or cards as one PDF. */
export async function certificatesPdf(inputs: readonly CertificateInput[]): Promise<Uint8Array> {
  return renderPdf(<CertificatesDocument certificates={await Promise.all(inputs.map(prepareCertificate))} />);
}
