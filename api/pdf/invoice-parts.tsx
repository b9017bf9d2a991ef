import type { ReactNode } from 'react';
import { Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { invoiceLineKindLabels, type InvoiceLineView, type InvoiceView } from '../../common/contracts/invoices';
import { formatRupees } from '../../common/money';
import { Facts, figures, generatedNote, percent } from './billing-parts';
import type { InstituteProfile } from './billing-parts';
import { accent, base, muted, rule, tint } from './parts';
import type { PdfStyle } from './parts';

/**
 * What an invoice and the credit note that reverses it both print: the page and its footer, the
 * party beside the document's facts, the lines table, and the tax by rate, amount in words and
 * totals under it. Both follow the invoice's title: a bill of supply shows no tax anywhere.
 */

const MARGIN = 30;
const A4_HEIGHT = 841.89;
/** The width of an A4 page in points, less its margins and the table's left rule. */
const TABLE_WIDTH = 595.28 - 2 * MARGIN - 1;
const TABLE_FONT = 7.5;

const styles = StyleSheet.create({
  page: { ...base.page, paddingTop: MARGIN, paddingBottom: 50, paddingHorizontal: MARGIN },
  parties: { flexDirection: 'row', marginTop: 10, borderWidth: 1, borderColor: rule },
  party: { flexGrow: 1, flexBasis: 0, padding: 8 },
  partyName: { fontSize: 11, fontWeight: 700, marginTop: 1 },
  partyLine: { marginTop: 1 },
  meta: { width: 220, padding: 8, borderLeftWidth: 1, borderLeftColor: rule },
  table: { marginTop: 10, fontSize: TABLE_FONT, lineHeight: 1.3 },
  // Each row draws its own rules, so a table broken across pages ends where its last row does.
  row: { flexDirection: 'row', borderBottomWidth: 1, borderLeftWidth: 1, borderColor: rule },
  head: { backgroundColor: accent, color: '#ffffff', fontWeight: 700, borderTopWidth: 1 },
  cell: { paddingVertical: 3, paddingHorizontal: 3, borderRightWidth: 1, borderRightColor: rule },
  headCell: { paddingVertical: 3, paddingHorizontal: 3, borderRightWidth: 1, borderRightColor: '#ffffff' },
  groupTitle: { textAlign: 'center', paddingVertical: 2, borderBottomWidth: 1, borderRightWidth: 1, borderColor: '#ffffff' },
  kind: { color: muted, fontSize: 6.5 },
  summary: { flexDirection: 'row', marginTop: 10, alignItems: 'flex-start' },
  left: { flexGrow: 1, flexShrink: 1, flexBasis: 0, marginRight: 12 },
  totals: { width: 210, borderWidth: 1, borderColor: rule },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 3, paddingHorizontal: 6 },
  grand: { backgroundColor: accent, color: '#ffffff', fontWeight: 700, fontSize: 10.5 },
  due: { backgroundColor: tint, fontWeight: 700 },
  breakdown: { fontSize: TABLE_FONT },
  breakdownHead: { backgroundColor: tint, fontWeight: 700, borderTopWidth: 1 },
  caption: { ...base.label, marginBottom: 2 },
  words: { marginTop: 8 },
  wordsText: { fontWeight: 700 },
  // Placed from the top: measured from the bottom, a fixed footer under an inherited line height is not drawn.
  foot: {
    position: 'absolute',
    left: MARGIN,
    right: MARGIN,
    top: A4_HEIGHT - 36,
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 0.75,
    borderTopColor: rule,
    paddingTop: 4,
    fontSize: 7,
    color: muted,
  },
});

/** An A4 page of a bill, with its footer on every page it runs onto: the note that it is generated, and `name` with the page's number. */
export function BillPage({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Page size="A4" style={styles.page}>
      {children}
      <View style={styles.foot} fixed>
        <Text>{generatedNote}</Text>
        <Text render={({ pageNumber, totalPages }) => `${name}   ·   Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

/**
 * A column of the lines table; `group` puts it under a shared heading (CGST over its rate and
 * amount). A title's lines are split at '\n' and drawn apart: the fonts have no glyph for a line
 * break, and a unit such as "(₹)" broken across lines would gain a hyphen.
 */
interface Column {
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  group?: string;
  value: (line: InvoiceLineView, index: number) => string;
}

/** Wide enough for ₹10,00,00,000.00, the most one line may bill, at the table's type size. */
const AMOUNT_WIDTH = 64;

const figure = (title: string, width: number, value: Column['value'], group?: string): Column => ({
  title,
  width,
  align: 'right',
  group,
  value,
});

const leading: Column[] = [
  { title: '#', width: 16, align: 'left', value: (_, index) => String(index + 1) },
  { title: 'SAC/HSN', width: 40, align: 'center', value: (line) => line.sac || '—' },
  figure('Qty', 26, (line) => line.quantity.toLocaleString('en-IN')),
  figure('Rate\n(₹)', AMOUNT_WIDTH, (line) => figures(line.rate)),
  figure('Discount\n(₹)', 52, (line) => (line.discount ? figures(line.discount) : '—')),
];

const taxColumns = (name: string, share: number, amount: (line: InvoiceLineView) => number): Column[] => [
  figure('Rate', 26, (line) => percent(line.taxRate * share), name),
  figure('Amount (₹)', 52, (line) => figures(amount(line)), name),
];

/**
 * The lines table's columns: CGST and SGST within the state, IGST across states, no tax on a bill
 * of supply. The description takes what the figures leave.
 */
function columnsOf(invoice: InvoiceView): Column[] {
  const rest =
    invoice.title === 'Bill of Supply'
      ? [figure('Amount\n(₹)', AMOUNT_WIDTH + 6, (line) => figures(line.taxable))]
      : [
          figure('Taxable\nvalue (₹)', AMOUNT_WIDTH, (line) => figures(line.taxable)),
          ...(invoice.supply === 'intra'
            ? [...taxColumns('CGST', 0.5, (line) => line.cgst), ...taxColumns('SGST', 0.5, (line) => line.sgst)]
            : taxColumns('IGST', 1, (line) => line.igst)),
        ];
  const [number, ...figuresBefore] = leading;
  const fixed = [number!, ...figuresBefore, ...rest];
  const description: Column = {
    title: 'Description',
    width: TABLE_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0),
    align: 'left',
    value: (line) => line.description,
  };
  return [number!, description, ...figuresBefore, ...rest];
}

/** About how wide a figure is in ems: Noto Sans' digits are 0.57 wide, its per cent sign 0.85, commas and points 0.3. */
const ems = (text: string) => [...text].reduce((sum, char) => sum + (/\d/.test(char) ? 0.572 : char === '%' ? 0.85 : 0.3), 0);

/** A figure in a smaller type when it would not fit its column at the table's: an amount stays on one line, every digit in view. */
function fitted(text: string, column: Column): PdfStyle {
  const room = column.width - 7;
  const needed = ems(text) * TABLE_FONT;
  return { textAlign: column.align, ...(column.align === 'right' && needed > room ? { fontSize: (TABLE_FONT * room) / needed } : {}) };
}

/** The table's heading, on every page the table runs onto; a group's title spans its columns. */
function TableHead({ columns }: { columns: Column[] }) {
  const cells = [];
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]!;
    if (!column.group) {
      cells.push(
        <View key={column.title} style={[styles.headCell, { width: column.width, justifyContent: 'flex-end' }]}>
          {column.title.split('\n').map((part) => (
            <Text key={part} style={{ textAlign: column.align }}>
              {part}
            </Text>
          ))}
        </View>,
      );
      continue;
    }
    const members = columns.filter((other) => other.group === column.group);
    cells.push(
      <View key={column.group} style={{ width: members.reduce((sum, member) => sum + member.width, 0) }}>
        <Text style={styles.groupTitle}>{column.group}</Text>
        <View style={{ flexDirection: 'row', flexGrow: 1 }}>
          {members.map((member) => (
            <Text key={member.title} style={[styles.headCell, { width: member.width, textAlign: member.align }]}>
              {member.title}
            </Text>
          ))}
        </View>
      </View>,
    );
    index += members.length - 1;
  }
  return (
    <View style={[styles.row, styles.head]} fixed>
      {cells}
    </View>
  );
}

function LineRow({ line, index, columns }: { line: InvoiceLineView; index: number; columns: Column[] }) {
  return (
    <View style={styles.row} wrap={false}>
      {columns.map((column) => {
        const text = column.value(line, index);
        return (
          <View key={`${column.group ?? ''}${column.title}`} style={[styles.cell, { width: column.width }]}>
            <Text style={fitted(text, column)}>{text}</Text>
            {column.title === 'Description' ? <Text style={styles.kind}>{invoiceLineKindLabels[line.kind]}</Text> : null}
          </View>
        );
      })}
    </View>
  );
}

/** The invoice's lines, running onto further pages under the same heading. */
export function LinesTable({ invoice }: { invoice: InvoiceView }) {
  const columns = columnsOf(invoice);
  return (
    <View style={styles.table}>
      <TableHead columns={columns} />
      {invoice.lines.map((line, index) => (
        <LineRow key={index} line={line} index={index} columns={columns} />
      ))}
    </View>
  );
}

/** Taxable value and tax at each rate, as GST asks an invoice to show them. */
function taxByRate(lines: readonly InvoiceLineView[]) {
  const rates = new Map<number, { taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const line of lines) {
    const sums = rates.get(line.taxRate) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    rates.set(line.taxRate, {
      taxable: sums.taxable + line.taxable,
      cgst: sums.cgst + line.cgst,
      sgst: sums.sgst + line.sgst,
      igst: sums.igst + line.igst,
    });
  }
  return [...rates].sort(([a], [b]) => a - b).map(([rate, sums]) => ({ rate, ...sums, tax: sums.cgst + sums.sgst + sums.igst }));
}

function TaxBreakdown({ invoice }: { invoice: InvoiceView }) {
  const intra = invoice.supply === 'intra';
  const heads = ['GST rate', 'Taxable value (₹)', ...(intra ? ['CGST (₹)', 'SGST (₹)'] : ['IGST (₹)']), 'Total tax (₹)'];
  const rows = taxByRate(invoice.lines).map((sums) => [
    percent(sums.rate),
    figures(sums.taxable),
    ...(intra ? [figures(sums.cgst), figures(sums.sgst)] : [figures(sums.igst)]),
    figures(sums.tax),
  ]);
  const { totals } = invoice;
  const total = [
    'Total',
    figures(totals.taxable),
    ...(intra ? [figures(totals.cgst), figures(totals.sgst)] : [figures(totals.igst)]),
    figures(totals.cgst + totals.sgst + totals.igst),
  ];
  const widths = intra ? ['14%', '24%', '20%', '20%', '22%'] : ['16%', '30%', '27%', '27%'];
  const row = (cells: string[], key: string, style?: PdfStyle) => (
    <View key={key} style={style ? [styles.row, style] : styles.row}>
      {cells.map((text, index) => (
        <Text key={index} style={[styles.cell, { width: widths[index], textAlign: index === 0 ? 'left' : 'right' }]}>
          {text}
        </Text>
      ))}
    </View>
  );
  return (
    <View wrap={false}>
      <Text style={styles.caption}>Tax by rate</Text>
      <View style={styles.breakdown}>
        {row(heads, 'head', styles.breakdownHead)}
        {rows.map((cells) => row(cells, cells[0]!))}
        {row(total, 'total', { fontWeight: 700 })}
      </View>
    </View>
  );
}

/** A row of the totals under the taxes: the grand total in the accent's colours, what is still due tinted. */
type ClosingRow = readonly [label: string, paise: number, emphasis?: 'grand' | 'due'];

function Totals({ invoice, closing }: { invoice: InvoiceView; closing: readonly ClosingRow[] }) {
  const { totals } = invoice;
  const taxed = invoice.title === 'Tax Invoice';
  const rows: ClosingRow[] = [
    ...(totals.discount
      ? ([
          ['Amount', totals.amount],
          ['Less discount', -totals.discount],
        ] as const)
      : []),
    [taxed ? 'Taxable value' : 'Value', totals.taxable],
    ...((taxed
      ? invoice.supply === 'intra'
        ? [
            ['CGST', totals.cgst],
            ['SGST', totals.sgst],
          ]
        : [['IGST', totals.igst]]
      : []) as ClosingRow[]),
    ...closing,
  ];
  return (
    <View style={styles.totals}>
      {rows.map(([label, paise, emphasis]) => (
        <View key={label} style={emphasis ? [styles.totalRow, styles[emphasis]] : styles.totalRow}>
          <Text>{label}</Text>
          <Text>{formatRupees(paise)}</Text>
        </View>
      ))}
    </View>
  );
}

/**
 * Under the lines: the tax at each rate on a tax invoice and the total in words at the left; at
 * the right the totals, ending with the document's own `closing` rows.
 */
export function Summary({ invoice, closing }: { invoice: InvoiceView; closing: readonly ClosingRow[] }) {
  return (
    <View style={styles.summary} wrap={false}>
      <View style={styles.left}>
        {invoice.title === 'Tax Invoice' ? <TaxBreakdown invoice={invoice} /> : null}
        <View style={styles.words}>
          <Text style={base.label}>Amount in words</Text>
          <Text style={styles.wordsText}>{invoice.amountInWords}</Text>
        </View>
      </View>
      <Totals invoice={invoice} closing={closing} />
    </View>
  );
}

function PartyBox({ invoice, label }: { invoice: InvoiceView; label: string }) {
  const { party } = invoice;
  const code = party.code ? `${invoice.kind === 'student' ? 'Registration No.' : 'Branch code'} ${party.code}` : null;
  return (
    <View style={styles.party}>
      <Text style={base.label}>{label}</Text>
      <Text style={styles.partyName}>{party.name}</Text>
      {[code, party.address, party.state ? `State: ${party.state}` : null, party.gstin ? `GSTIN: ${party.gstin}` : null]
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <Text key={line} style={styles.partyLine}>
            {line}
          </Text>
        ))}
    </View>
  );
}

/**
 * The party under `label` at the left; at the right the document's own `facts`, then the place of
 * supply (the institute's state when the party's is not known) and the branch.
 */
export function Parties({
  invoice,
  institute,
  label,
  facts,
}: {
  invoice: InvoiceView;
  institute: InstituteProfile;
  label: string;
  facts: ReadonlyArray<readonly [string, string | null]>;
}) {
  return (
    <View style={styles.parties} wrap={false}>
      <PartyBox invoice={invoice} label={label} />
      <View style={styles.meta}>
        <Facts rows={[...facts, ['Place of supply', invoice.party.state ?? institute.state], ['Branch', invoice.branchName]]} />
      </View>
    </View>
  );
}
