import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { paymentModeLabels, type InvoiceView, type PaymentView } from '../../common/contracts/invoices';
import { formatDayFirst } from '../../common/india-time';
import { formatRupees } from '../../common/money';
import { BillingHeader, Facts, generatedNote, SignOff, VoidBanner, Watermark } from './billing-parts';
import type { BillVerification, InstituteProfile } from './billing-parts';
import { accent, base, muted, rule, tint } from './parts';

interface ReceiptData {
  invoice: InvoiceView;
  payment: PaymentView;
  /** The payment's amount in words, Indian style. */
  amountInWords: string;
  institute: InstituteProfile;
  verification: BillVerification | null;
}

const styles = StyleSheet.create({
  page: { ...base.page, paddingTop: 30, paddingBottom: 30, paddingHorizontal: 42 },
  facts: { flexDirection: 'row', marginTop: 10, borderWidth: 1, borderColor: rule, padding: 8 },
  gap: { width: 16 },
  amount: { flexDirection: 'row', marginTop: 10, borderWidth: 1, borderColor: accent, alignItems: 'stretch' },
  figure: { width: 170, backgroundColor: accent, color: '#ffffff', padding: 8, justifyContent: 'center' },
  figureValue: { fontSize: 15, fontWeight: 700, marginTop: 2 },
  words: { flexGrow: 1, flexShrink: 1, flexBasis: 0, padding: 8, justifyContent: 'center' },
  wordsText: { fontWeight: 700, marginTop: 2 },
  account: { flexDirection: 'row', marginTop: 8, backgroundColor: tint },
  sum: { flexGrow: 1, flexBasis: 0, paddingVertical: 5, paddingHorizontal: 8 },
  sumValue: { fontWeight: 700, marginTop: 1 },
  notes: { marginTop: 8 },
  generated: { marginTop: 10, fontSize: 7, color: muted, textAlign: 'center' },
});

/** How it was paid, with what identifies it: the UPI reference, the cheque's number, bank and date. */
function modeDetails(payment: PaymentView): Array<[string, string | null]> {
  if (payment.mode === 'cheque') {
    return [
      ['Cheque No.', payment.chequeNumber],
      ['Bank', payment.chequeBank],
      ['Cheque date', payment.chequeDate ? formatDayFirst(payment.chequeDate) : null],
    ];
  }
  const label = { cash: 'Reference', upi: 'UPI reference', card: 'Approval code', bank: 'UTR / reference' }[payment.mode];
  return [[label, payment.reference]];
}

/** Order of receipts on one invoice: by the day received, then by when recorded. */
const receivedBefore = (a: PaymentView, b: PaymentView) => a.date < b.date || (a.date === b.date && a.recordedAt < b.recordedAt);

/** What the invoice still asked for once this payment was in: its total less the payments that stand up to it. */
function balanceAfter(invoice: InvoiceView, payment: PaymentView) {
  const standing = invoice.payments.filter((other) => !other.reversed && other._id !== payment._id && receivedBefore(other, payment));
  const before = standing.reduce((sum, other) => sum + other.amount, 0);
  return invoice.totals.total - before - (payment.reversed ? 0 : payment.amount);
}

function ReceiptPage({ data }: { data: ReceiptData }) {
  const { invoice, payment, institute } = data;
  const party = invoice.party;
  const sums: Array<[string, string]> = [
    ['Invoice total', formatRupees(invoice.totals.total)],
    ['This receipt', payment.reversed ? `${formatRupees(payment.amount)}, reversed` : formatRupees(payment.amount)],
    ['Balance due after it', formatRupees(balanceAfter(invoice, payment))],
  ];
  return (
    <Page size="A4" style={styles.page}>
      {payment.reversed ? <Watermark word="REVERSED" /> : null}
      <BillingHeader institute={institute} title="Payment Receipt" />
      {payment.reversed ? <VoidBanner word="REVERSED" lines={[`Reason: ${payment.reversedReason ?? '—'}`]} /> : null}
      <View style={styles.facts}>
        <Facts
          rows={[
            ['Receipt No.', payment.receiptNumber],
            ['Date', formatDayFirst(payment.date)],
            ['Received from', payment.partyName],
            [invoice.kind === 'student' ? 'Registration No.' : 'Branch code', party.code],
            ['Branch', payment.branchName],
          ]}
        />
        <View style={styles.gap} />
        <Facts
          rows={[
            ['Against invoice', payment.invoiceNumber],
            ['Invoice date', formatDayFirst(invoice.date)],
            ['Mode', paymentModeLabels[payment.mode]],
            ...modeDetails(payment),
          ]}
        />
      </View>
      <View style={styles.amount} wrap={false}>
        <View style={styles.figure}>
          <Text style={{ fontSize: 8 }}>Amount received</Text>
          <Text style={styles.figureValue}>{formatRupees(payment.amount)}</Text>
        </View>
        <View style={styles.words}>
          <Text style={base.label}>In words</Text>
          <Text style={styles.wordsText}>{data.amountInWords}</Text>
        </View>
      </View>
      <View style={styles.account}>
        {sums.map(([label, value]) => (
          <View key={label} style={styles.sum}>
            <Text style={base.label}>{label}</Text>
            <Text style={styles.sumValue}>{value}</Text>
          </View>
        ))}
      </View>
      {payment.notes ? (
        <View style={styles.notes}>
          <Text style={base.label}>Notes</Text>
          <Text>{payment.notes}</Text>
        </View>
      ) : null}
      <SignOff institute={institute} verification={data.verification} />
      <Text style={styles.generated}>{generatedNote}</Text>
    </Page>
  );
}

export function ReceiptDocument({ data }: { data: ReceiptData }) {
  return (
    <Document title={`Receipt ${data.payment.receiptNumber}`} creator="Institute administration">
      <ReceiptPage data={data} />
    </Document>
  );
}
