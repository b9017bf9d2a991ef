import { Document, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { InvoiceView } from '../../common/contracts/invoices';
import { formatDayFirst } from '../../common/india-time';
import { BillingHeader, SignOff, VoidBanner, Watermark } from './billing-parts';
import type { BillVerification, InstituteProfile } from './billing-parts';
import { BillPage, LinesTable, Parties, Summary } from './invoice-parts';
import { base } from './parts';

interface InvoiceData {
  invoice: InvoiceView;
  institute: InstituteProfile;
  verification: BillVerification | null;
}

const styles = StyleSheet.create({
  notes: { marginTop: 8 },
});

/** The credit note that cancelled an invoice, with the code that verifies it, so the cancelled paper points to the one that stands. */
const creditNoteLine = (number: string, code: string | null) =>
  code ? `Reversed by credit note No. ${number}, verification code ${code}` : `Reversed by credit note No. ${number}`;

export function InvoicePage({ data }: { data: InvoiceData }) {
  const { invoice, institute } = data;
  const cancelled = invoice.status === 'cancelled';
  const number = invoice.number ?? 'Draft';
  return (
    <BillPage name={`${invoice.title} ${number}`}>
      {cancelled ? <Watermark word="CANCELLED" /> : invoice.number === null ? <Watermark word="DRAFT" /> : null}
      <BillingHeader institute={institute} title={invoice.title} subtitle="Original for Recipient" />
      {cancelled ? (
        <VoidBanner
          word="CANCELLED"
          lines={[
            `Reason: ${invoice.cancelledReason ?? '—'}`,
            ...(invoice.creditNoteNumber ? [creditNoteLine(invoice.creditNoteNumber, invoice.creditNoteCode)] : []),
          ]}
        />
      ) : null}
      <Parties
        invoice={invoice}
        institute={institute}
        label="Billed to"
        facts={[
          ['Invoice No.', number],
          ['Invoice date', formatDayFirst(invoice.date)],
          ['Due date', formatDayFirst(invoice.dueDate)],
        ]}
      />
      <LinesTable invoice={invoice} />
      <Summary
        invoice={invoice}
        closing={[
          ['Total', invoice.totals.total, 'grand'],
          ['Paid', invoice.paid],
          ['Balance due', invoice.due, 'due'],
        ]}
      />
      {invoice.notes ? (
        <View style={styles.notes} wrap={false}>
          <Text style={base.label}>Notes</Text>
          <Text>{invoice.notes}</Text>
        </View>
      ) : null}
      <SignOff institute={institute} verification={data.verification} />
    </BillPage>
  );
}

export function InvoiceDocument({ data }: { data: InvoiceData }) {
  return (
    <Document title={`${data.invoice.title} ${data.invoice.number ?? '(draft)'}`} creator="Institute administration">
      <InvoicePage data={data} />
    </Document>
  );
}
