import { Document, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { InvoiceView } from '../../common/contracts/invoices';
import { formatDayFirst } from '../../common/india-time';
import type { CreditNote } from '../domain/invoices/credit-note';
import { BillingHeader, SignOff } from './billing-parts';
import type { BillVerification, InstituteProfile } from './billing-parts';
import { BillPage, LinesTable, Parties, Summary } from './invoice-parts';
import { accent, base, tint } from './parts';

interface CreditNoteData {
  /** The cancelled invoice: the credit note reverses it in full, its lines, taxes and total. */
  invoice: InvoiceView;
  note: CreditNote;
  institute: InstituteProfile;
  verification: BillVerification | null;
}

const styles = StyleSheet.create({
  reference: {
    marginTop: 8,
    borderLeftWidth: 3,
    borderLeftColor: accent,
    backgroundColor: tint,
    paddingVertical: 5,
    paddingHorizontal: 8,
  },
  against: { fontSize: 10.5, fontWeight: 700 },
  reason: { marginTop: 2 },
  full: { ...base.label, marginTop: 2 },
});

/** The invoice as its own title calls it: a bill of supply is referred to as one, as it charged no tax. */
const originalOf = (invoice: InvoiceView) => (invoice.title === 'Tax Invoice' ? 'invoice' : 'bill of supply');

function CreditNotePage({ data }: { data: CreditNoteData }) {
  const { invoice, note, institute } = data;
  const original = originalOf(invoice);
  return (
    <BillPage name={`Credit Note ${note.number}`}>
      <BillingHeader institute={institute} title="Credit Note" />
      <View style={styles.reference} wrap={false}>
        <Text style={styles.against}>{`Against ${original} No. ${invoice.number ?? ''} dated ${formatDayFirst(invoice.date)}`}</Text>
        <Text style={styles.reason}>{`Reason: ${note.reason || '—'}`}</Text>
        <Text style={styles.full}>{`It reverses that ${original} in full: every line and tax below is credited.`}</Text>
      </View>
      <Parties
        invoice={invoice}
        institute={institute}
        label="Credited to"
        facts={[
          ['Credit note No.', note.number],
          ['Credit note date', formatDayFirst(note.date)],
        ]}
      />
      <LinesTable invoice={invoice} />
      <Summary invoice={invoice} closing={[['Total credited', invoice.totals.total, 'grand']]} />
      <SignOff institute={institute} verification={data.verification} />
    </BillPage>
  );
}

export function CreditNoteDocument({ data }: { data: CreditNoteData }) {
  return (
    <Document title={`Credit Note ${data.note.number}`} creator="Institute administration">
      <CreditNotePage data={data} />
    </Document>
  );
}
