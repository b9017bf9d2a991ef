import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { ABSENT, defaultGradingScale, FAILING_GRADE, type GradeStep, type MarkValue, type StudentOutcome } from '../../common/exam-results';
import { accent, base, Details, IssuerHeader, muted, PhotoBox, rule, Signature, tint, VerificationBlock } from './parts';
import type { Issuer, PdfImage, PdfStyle, Verification } from './parts';
import type { MarksheetDetail } from '../../common/contracts/marksheet-templates';

/** One student's marksheet: what the template shows, filled with a published result. */
export interface MarksheetData {
  issuer: Issuer;
  /** The template's parts: its title, the student's details it shows, who signs and its footer. */
  title: string;
  details: ReadonlySet<MarksheetDetail>;
  signatures: ReadonlyArray<{ role: string; image: PdfImage | null }>;
  footer: string;
  exam: { name: string; code: string | null; course: string | null };
  centre: string;
  student: { name: string; fatherName: string | null; registrationNo: string | null; rollNo: string | null; photo: PdfImage | null };
  subjects: Array<{ name: string; code: string | null; maximum: number; passing: number; mark: MarkValue; failed: boolean }>;
  outcome: StudentOutcome;
  scale?: readonly GradeStep[];
  /** The day the results were published, dd/mm/yyyy. */
  publishedOn: string;
  verification: Verification;
}

const styles = StyleSheet.create({
  page: { ...base.page, paddingTop: 36, paddingBottom: 40, paddingHorizontal: 42 },
  student: { flexDirection: 'row', marginTop: 14, alignItems: 'flex-start' },
  table: { marginTop: 14, borderWidth: 1, borderColor: rule },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: rule },
  head: { backgroundColor: accent, color: '#ffffff', fontWeight: 700, fontSize: 8.5 },
  cell: { paddingVertical: 5, paddingHorizontal: 6 },
  total: { backgroundColor: tint, fontWeight: 700 },
  summary: { flexDirection: 'row', marginTop: 12 },
  figure: { flexGrow: 1, borderWidth: 1, borderColor: rule, paddingVertical: 6, alignItems: 'center', marginRight: 8 },
  figureValue: { fontSize: 14, fontWeight: 700, color: accent, marginTop: 2 },
  scale: { marginTop: 10, fontSize: 7.5, color: muted },
  foot: {
    position: 'absolute',
    left: 42,
    right: 42,
    bottom: 40,
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
  },
  note: { position: 'absolute', left: 42, right: 42, bottom: 18, fontSize: 7, color: muted, textAlign: 'center' },
});

const columns = [
  { title: 'Code', width: '14%' },
  { title: 'Subject', width: '36%' },
  { title: 'Max. Marks', width: '12%', right: true },
  { title: 'Pass Marks', width: '12%', right: true },
  { title: 'Marks Obtained', width: '14%', right: true },
  { title: 'Result', width: '12%' },
] as const;

const cellStyle = (index: number) => [
  styles.cell,
  { width: columns[index]!.width, textAlign: 'right' in columns[index]! ? ('right' as const) : ('left' as const) },
];

const marks = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

const standingWords: Record<StudentOutcome['standing'], string> = { pass: 'PASS', fail: 'FAIL', absent: 'ABSENT', incomplete: '—' };

function Row({ cells, style }: { cells: string[]; style?: PdfStyle }) {
  return (
    <View style={style ? [styles.row, style] : styles.row} wrap={false}>
      {cells.map((text, index) => (
        <Text key={index} style={cellStyle(index)}>
          {text}
        </Text>
      ))}
    </View>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.figure}>
      <Text style={base.label}>{label}</Text>
      <Text style={styles.figureValue}>{value}</Text>
    </View>
  );
}

/** A marksheet's page: the text the verification test reads back is the text shown here. */
function MarksheetPage({ data }: { data: MarksheetData }) {
  const { exam, student, outcome } = data;
  const scale = data.scale ?? defaultGradingScale;
  return (
    <Page size="A4" style={styles.page}>
      <IssuerHeader issuer={data.issuer} title={data.title} subtitle={exam.name} />
      <View style={styles.student}>
        <Details
          rows={(
            [
              ['name', 'Student’s Name', student.name],
              ['fatherName', 'Father’s Name', student.fatherName],
              ['registrationNo', 'Registration No.', student.registrationNo],
              ['rollNo', 'Roll No.', student.rollNo],
              ['course', 'Course', exam.course],
              ['centre', 'Centre', data.centre],
            ] as const
          )
            .filter(([detail]) => detail === 'name' || data.details.has(detail))
            .map(([, label, value]) => [label, value])}
        />
        {data.details.has('photo') ? <PhotoBox photo={student.photo} /> : null}
      </View>
      <View style={styles.table}>
        <Row cells={columns.map((column) => column.title)} style={styles.head} />
        {data.subjects.map((subject) => (
          <Row
            key={`${subject.code ?? ''}${subject.name}`}
            cells={[
              subject.code ?? '',
              subject.name,
              marks(subject.maximum),
              marks(subject.passing),
              subject.mark === ABSENT ? ABSENT : subject.mark === null ? '—' : marks(subject.mark),
              subject.mark === ABSENT ? 'Absent' : subject.failed ? 'Fail' : 'Pass',
            ]}
          />
        ))}
        <Row cells={['', 'Total', marks(outcome.maximum), '', marks(outcome.total), '']} style={styles.total} />
      </View>
      <View style={styles.summary}>
        <Figure label="Percentage" value={outcome.percentage === null ? '—' : `${outcome.percentage.toFixed(2)}%`} />
        <Figure label="Result" value={standingWords[outcome.standing]} />
        <Figure label="Grade" value={outcome.grade ?? '—'} />
      </View>
      <Text style={styles.scale}>
        Grades: {scale.map((step) => `${step.grade} from ${step.from}%`).join(' · ')} · {FAILING_GRADE} below {scale.at(-1)?.from ?? 0}% or
        on failing a subject
      </Text>
      <View style={styles.foot} fixed>
        <View>
          <VerificationBlock verification={data.verification} />
          <Text style={{ ...base.label, marginTop: 6 }}>Results published on {data.publishedOn}</Text>
        </View>
        {data.signatures.map((signature, index) => (
          <Signature key={index} role={signature.role} image={signature.image} />
        ))}
      </View>
      <Text style={styles.note} fixed>
        {data.footer || `This marksheet is issued by ${data.issuer.name}. Its verification code confirms it at any time.`}
      </Text>
    </Page>
  );
}

export function MarksheetDocument({ sheets }: { sheets: readonly MarksheetData[] }) {
  return (
    <Document title={sheets.length === 1 ? `Marksheet — ${sheets[0]!.student.name}` : 'Marksheets'} creator="Institute administration">
      {sheets.map((data) => (
        <MarksheetPage key={data.verification.code} data={data} />
      ))}
    </Document>
  );
}
