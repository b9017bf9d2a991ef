import { Image, StyleSheet, Text, View, type Styles } from '@react-pdf/renderer';
import { FONT_FAMILY } from './fonts';

/** The pieces every document shares: the issuer's header, the student's details and photo, the verification block, signatures. */

export type PdfStyle = Styles[string];

export const ink = '#1f2937';
export const muted = '#4b5563';
export const accent = '#1e3a5f';
export const rule = '#cbd5e1';
export const tint = '#eef2f7';

export const base = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 9.5, color: ink, lineHeight: 1.35 },
  label: { color: muted, fontSize: 8 },
  value: { fontWeight: 700 },
});

/** An image as a document draws it: a photo, a logo, a signature. */
export interface PdfImage {
  data: Buffer;
  format: 'jpg' | 'png';
}

/** Who issues the document: the institute, else the centre, with its address and the template's logo. */
export interface Issuer {
  name: string;
  address: string | null;
  logo: PdfImage | null;
}

export interface Verification {
  code: string;
  url: string;
  /** The QR code of `url`, as a PNG data URL. */
  qr: string;
}

const styles = StyleSheet.create({
  header: { alignItems: 'center', justifyContent: 'center', paddingBottom: 6, borderBottomWidth: 2, borderBottomColor: accent },
  // The logo stands at the left; the name keeps the page's middle, clear of it on both sides.
  logo: { position: 'absolute', left: 0, top: 0, objectFit: 'contain', objectPositionX: 0 },
  name: { fontSize: 17, lineHeight: 1.3, fontWeight: 700, color: accent, textAlign: 'center' },
  address: { fontSize: 8.5, color: muted, textAlign: 'center', marginTop: 2 },
  title: { marginTop: 8, fontSize: 12, fontWeight: 700, letterSpacing: 2, textAlign: 'center' },
  subtitle: { fontSize: 10, textAlign: 'center', marginTop: 2 },
  details: { flexDirection: 'row', flexWrap: 'wrap', flexGrow: 1, flexShrink: 1 },
  detail: { width: '50%', paddingVertical: 3, paddingRight: 8 },
  photo: { borderWidth: 1, borderColor: rule, alignItems: 'center', justifyContent: 'center' },
  photoImage: { objectFit: 'cover' },
  photoHint: { fontSize: 7, color: muted, textAlign: 'center', padding: 4 },
  verify: { flexDirection: 'row', alignItems: 'center' },
  qr: { width: 62, height: 62 },
  verifyText: { marginLeft: 6, fontSize: 7.5, color: muted, maxWidth: 170 },
  code: { fontSize: 9, fontWeight: 700, color: ink, letterSpacing: 0.5 },
});

/**
 * The issuer's logo, name and address over the document's title; `lines` under the address are its
 * registration (legal name, state, GSTIN); `compact` for a card, of which a page holds two.
 */
export function IssuerHeader({
  issuer,
  title,
  subtitle,
  lines = [],
  compact,
}: {
  issuer: Issuer;
  title: string;
  subtitle?: string;
  lines?: readonly string[];
  compact?: boolean;
}) {
  const logo = compact ? { width: 52, height: 34 } : { width: 72, height: 48 };
  return (
    <View>
      <View style={issuer.logo ? [styles.header, { minHeight: logo.height + 6, paddingHorizontal: logo.width + 8 }] : styles.header}>
        {issuer.logo ? <Image style={[styles.logo, logo]} src={{ data: issuer.logo.data, format: issuer.logo.format }} /> : null}
        <Text style={compact ? [styles.name, { fontSize: 13 }] : styles.name}>{issuer.name}</Text>
        {issuer.address ? <Text style={styles.address}>{issuer.address}</Text> : null}
        {lines.map((line) => (
          <Text key={line} style={styles.address}>
            {line}
          </Text>
        ))}
      </View>
      <Text style={compact ? [styles.title, { marginTop: 4, fontSize: 10.5 }] : styles.title}>{title}</Text>
      {subtitle ? <Text style={compact ? [styles.subtitle, { fontSize: 9 }] : styles.subtitle}>{subtitle}</Text> : null}
    </View>
  );
}

/** Label and value pairs in two columns; an empty value shows as a dash, so a missing detail is seen as missing. */
export function Details({ rows }: { rows: ReadonlyArray<[string, string | null]> }) {
  return (
    <View style={styles.details}>
      {rows.map(([label, value]) => (
        <View key={label} style={styles.detail}>
          <Text style={base.label}>{label}</Text>
          <Text style={base.value}>{value || '—'}</Text>
        </View>
      ))}
    </View>
  );
}

export function PhotoBox({ photo, width = 80 }: { photo: PdfImage | null; width?: number }) {
  const size = { width, height: width * 1.25 };
  return (
    <View style={[styles.photo, size]}>
      {photo ? (
        <Image
          style={[styles.photoImage, { width: size.width - 2, height: size.height - 2 }]}
          src={{ data: photo.data, format: photo.format }}
        />
      ) : (
        <Text style={styles.photoHint}>Affix a recent passport-size photograph</Text>
      )}
    </View>
  );
}

/** The QR code and the address it opens; the code too when the document has one to type in. */
export function VerificationBlock({ verification }: { verification: Omit<Verification, 'code'> & { code: string | null } }) {
  return (
    <View style={styles.verify}>
      <Image style={styles.qr} src={verification.qr} />
      <View style={styles.verifyText}>
        {verification.code ? (
          <>
            <Text>Verification code</Text>
            <Text style={styles.code}>{verification.code}</Text>
          </>
        ) : null}
        <Text>Scan to verify, or open {verification.url}</Text>
      </View>
    </View>
  );
}

/** A line to sign on, with who signs under it, and their signature over it when the template has its image. */
export function Signature({ role, image = null }: { role: string; image?: PdfImage | null }) {
  return (
    <View style={{ width: 130, alignItems: 'center' }}>
      {image ? (
        <Image style={{ width: '100%', height: 28, objectFit: 'contain' }} src={{ data: image.data, format: image.format }} />
      ) : (
        <View style={{ height: 28 }} />
      )}
      <View style={{ borderTopWidth: 0.75, borderTopColor: ink, width: '100%' }} />
      <Text style={{ fontSize: 8, color: muted, marginTop: 3 }}>{role}</Text>
    </View>
  );
}
