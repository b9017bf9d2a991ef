import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { accent, base, Details, IssuerHeader, muted, PhotoBox, rule, Signature } from './parts';
import type { Issuer, PdfImage, PdfStyle, Verification } from './parts';

/** One student's admit card: who sits where, and when each paper is. */
interface AdmitCardData {
  issuer: Issuer;
  exam: { name: string; course: string | null };
  centre: { name: string; address: string | null };
  student: { name: string; fatherName: string | null; registrationNo: string | null; rollNo: string | null; photo: PdfImage | null };
  /** The exam's subject table: dates dd/mm/yyyy, times as typed. */
  papers: Array<{ date: string | null; time: string | null; code: string | null; name: string }>;
  verification: Verification;
}

/** What every admit card asks of the candidate. */
const admitCardInstructions = [
  'Bring this admit card and a photo identity card to every paper; without them you may not be allowed to sit it.',
  'Reach the centre at least 30 minutes before each paper. No one enters after the first 30 minutes.',
  'Phones, smart watches and written material are not allowed in the examination hall.',
  'Check the details above. Tell the centre at once if any of them is wrong.',
];

const CARDS_PER_PAGE = 2;

const styles = StyleSheet.create({
  page: { ...base.page, fontSize: 8.5, paddingVertical: 22, paddingHorizontal: 30 },
  card: { height: 372, borderWidth: 1.25, borderColor: accent, padding: 12 },
  cut: { height: 30, justifyContent: 'center' },
  cutLine: { borderTopWidth: 0.75, borderTopColor: rule, borderStyle: 'dashed' },
  body: { flexDirection: 'row', marginTop: 6, alignItems: 'flex-start' },
  main: { flexGrow: 1, flexShrink: 1 },
  side: { width: 104, marginLeft: 8, alignItems: 'center' },
  qr: { width: 64, height: 64, marginTop: 6 },
  code: { width: 104, fontSize: 6.5, fontWeight: 700, textAlign: 'center', marginTop: 1 },
  codeLabel: { fontSize: 6.5, color: muted, marginTop: 2 },
  table: { marginTop: 4, borderWidth: 1, borderColor: rule },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: rule },
  head: { backgroundColor: accent, color: '#ffffff', fontWeight: 700 },
  cell: { paddingVertical: 1.5, paddingHorizontal: 5, fontSize: 8 },
  instructions: { marginTop: 5, fontSize: 6.8, color: muted, lineHeight: 1.25 },
  foot: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: 'auto' },
  verify: { fontSize: 7, color: muted, maxWidth: 220 },
});

const widths = ['18%', '14%', '18%', '50%'];

function Row({ cells, style }: { cells: string[]; style?: PdfStyle }) {
  return (
    <View style={style ? [styles.row, style] : styles.row}>
      {cells.map((text, index) => (
        <Text key={index} style={[styles.cell, { width: widths[index] }]}>
          {text}
        </Text>
      ))}
    </View>
  );
}

function Card({ data }: { data: AdmitCardData }) {
  const { student, centre } = data;
  return (
    <View style={styles.card}>
      <IssuerHeader issuer={data.issuer} title="ADMIT CARD" subtitle={data.exam.name} compact />
      <View style={styles.body}>
        <View style={styles.main}>
          <Details
            rows={[
              ['Candidate’s Name', student.name],
              ['Father’s Name', student.fatherName],
              ['Roll No.', student.rollNo],
              ['Registration No.', student.registrationNo],
              ['Course', data.exam.course],
              ['Examination Centre', centre.address ? `${centre.name}, ${centre.address}` : centre.name],
            ]}
          />
          <View style={styles.table}>
            <Row cells={['Date', 'Time', 'Code', 'Paper']} style={styles.head} />
            {data.papers.map((paper, index) => (
              <Row key={index} cells={[paper.date ?? 'To be announced', paper.time ?? '—', paper.code ?? '—', paper.name]} />
            ))}
          </View>
          <View style={styles.instructions}>
            {admitCardInstructions.map((line, index) => (
              <Text key={index}>
                {index + 1}. {line}
              </Text>
            ))}
          </View>
        </View>
        <View style={styles.side}>
          <PhotoBox photo={student.photo} width={72} />
          <Image style={styles.qr} src={data.verification.qr} />
          <Text style={styles.codeLabel}>Verification code</Text>
          <Text style={styles.code}>{data.verification.code}</Text>
        </View>
      </View>
      <View style={styles.foot}>
        <Text style={styles.verify}>Verify this card by scanning its code, or at {data.verification.url}</Text>
        <Signature role="Candidate’s signature" />
        <Signature role="Centre Head" />
      </View>
    </View>
  );
}

/** Admit cards two to an A4 page, with a line to cut along between them. */
export function AdmitCardsDocument({ cards }: { cards: readonly AdmitCardData[] }) {
  const pages: AdmitCardData[][] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_PAGE) pages.push(cards.slice(i, i + CARDS_PER_PAGE));
  return (
    <Document title={cards.length === 1 ? `Admit card — ${cards[0]!.student.name}` : 'Admit cards'} creator="Institute administration">
      {pages.map((pair) => (
        <Page key={pair[0]!.verification.code} size="A4" style={styles.page}>
          {pair.map((data, index) => (
            <View key={data.verification.code}>
              {index > 0 ? (
                <View style={styles.cut}>
                  <View style={styles.cutLine} />
                </View>
              ) : null}
              <Card data={data} />
            </View>
          ))}
        </Page>
      ))}
    </Document>
  );
}
