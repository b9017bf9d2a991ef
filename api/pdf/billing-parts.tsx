import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { BillingSettings } from '../../common/contracts/invoices';
import { formatRupees } from '../../common/money';
import { base, IssuerHeader, Signature, VerificationBlock } from './parts';
import type { Verification } from './parts';

/** The pieces an invoice, its credit note and a receipt share: the institute's registration, the marks of a void document, the sign-off. */

export type InstituteProfile = BillingSettings & { name: string };

/** The QR code of a bill's public page, with its verification code when it has one. */
export type BillVerification = Omit<Verification, 'code'> & { code: string | null };

const alarm = '#b91c1c';

const styles = StyleSheet.create({
  facts: { flexGrow: 1, flexBasis: 0 },
  fact: { flexDirection: 'row', paddingVertical: 1.5 },
  factLabel: { ...base.label, width: 82, paddingTop: 1 },
  factValue: { flexGrow: 1, flexShrink: 1, flexBasis: 0, fontWeight: 700 },
  banner: { marginTop: 8, borderWidth: 1.5, borderColor: alarm, paddingVertical: 5, paddingHorizontal: 8, color: alarm },
  bannerTitle: { fontSize: 13, fontWeight: 700, letterSpacing: 3, marginBottom: 2 },
  watermark: {
    position: 'absolute',
    top: 330,
    left: 0,
    right: 0,
    textAlign: 'center',
    fontSize: 84,
    fontWeight: 700,
    color: alarm,
    opacity: 0.07,
    transform: 'rotate(-35deg)',
  },
  close: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: 14 },
  signOff: { width: 230, alignItems: 'center' },
  signFor: { fontSize: 8.5, fontWeight: 700, textAlign: 'center' },
});

/** 1800 basis points → "18%", 250 → "2.5%". */
export const percent = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** Paise as a table's figures show them, under a heading that names the rupee once: "1,23,456.78". */
export const figures = (paise: number) => formatRupees(paise).replace('₹', '');

/** The name the institute signs and is registered under. */
const signingName = (institute: InstituteProfile) => institute.legalName || institute.name;

/** The institute's name over its legal name, address, state and, when registered, GSTIN; then the document's title. */
export function BillingHeader({ institute, title, subtitle }: { institute: InstituteProfile; title: string; subtitle?: string }) {
  const registration = [`State: ${institute.state} (code ${institute.stateCode})`];
  if (institute.registered && institute.gstin) registration.push(`GSTIN: ${institute.gstin}`);
  return (
    <IssuerHeader
      issuer={{ name: institute.name, address: institute.address || null, logo: null }}
      title={title.toUpperCase()}
      subtitle={subtitle}
      lines={[...(signingName(institute) === institute.name ? [] : [signingName(institute)]), registration.join('   ·   ')]}
    />
  );
}

/** Labels beside their values, one under another; a row without a value is left out. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, string | null]> }) {
  return (
    <View style={styles.facts}>
      {rows
        .filter((row): row is readonly [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <View key={label} style={styles.fact}>
            <Text style={styles.factLabel}>{label}</Text>
            <Text style={styles.factValue}>{value}</Text>
          </View>
        ))}
    </View>
  );
}

/** A document that no longer counts: the word, and why, where the eye falls first. */
export function VoidBanner({ word, lines }: { word: string; lines: readonly string[] }) {
  return (
    <View style={styles.banner} wrap={false}>
      <Text style={styles.bannerTitle}>{word}</Text>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </View>
  );
}

/** The same word faintly across every page, so a copy of any one page shows it too. */
export function Watermark({ word }: { word: string }) {
  return (
    <Text style={styles.watermark} fixed>
      {word}
    </Text>
  );
}

/** The QR code of the public page at the left, the institute's signatory at the right. */
export function SignOff({ institute, verification }: { institute: InstituteProfile; verification: BillVerification | null }) {
  return (
    <View wrap={false}>
      <View style={styles.close}>
        {verification ? <VerificationBlock verification={verification} /> : <View />}
        <View style={styles.signOff}>
          <Text style={styles.signFor}>For {signingName(institute)}</Text>
          <Signature role="Authorised Signatory" />
        </View>
      </View>
    </View>
  );
}

export const generatedNote = 'This is a computer-generated document.';
