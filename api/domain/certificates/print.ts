import { certificateMessages } from '../../../common/contracts/certificates';
import type { FieldType, FormatLayout } from '../../../common/certificate-layout';
import type { Executor } from '../../db/client';
import type { issuedCertificates } from '../../db/schema';
import { certificatesPdf, type CertificateFormat, type CertificateStudent } from '../../pdf/certificate';
import { verificationOf } from '../../pdf/exam-documents';
import { idCardSheetPdf } from '../../pdf/idcard-sheet';
import { pdfJoiner } from '../../pdf/join';
import { storedImageBytes } from '../../pdf/stored-image';
import type { ObjectStorage } from '../../storage/object-storage';
import { formatRevision } from '../certificate-formats/queries';
import { invalid } from '../errors';

type IssuedRow = typeof issuedCertificates.$inferSelect;

/** Documents of one format revision: they share a layout and images, so they are drawn together. */
interface Run {
  formatId: string;
  revision: number;
  rows: IssuedRow[];
}

/** A layout as the renderer takes it: its backgrounds and signature read from the store. */
export async function printableFormat(storage: ObjectStorage, layout: FormatLayout): Promise<CertificateFormat> {
  const [front, back, signature] = await Promise.all([
    storedImageBytes(storage, layout.background.front),
    storedImageBytes(storage, layout.background.back),
    storedImageBytes(storage, layout.signature ?? null),
  ]);
  return { layout, background: { front, back }, signature };
}

/** What one document (or a preview) prints: its values, the student's photo and its own code. */
export async function printableStudent(
  storage: ObjectStorage,
  origin: string,
  { values, photo, code }: { values: Partial<Record<FieldType, string>>; photo: string | null; code: string },
): Promise<CertificateStudent> {
  const [photoBytes, verification] = await Promise.all([storedImageBytes(storage, photo), verificationOf(origin, code)]);
  return { values, photo: photoBytes, verification };
}

/** The revision a document was issued from, never the format as it stands now. */
async function formatOf(db: Executor, storage: ObjectStorage, run: Run): Promise<CertificateFormat> {
  const { content } = await formatRevision(db, run.formatId, run.revision);
  return printableFormat(storage, content.layout);
}

const studentOf = (storage: ObjectStorage, origin: string, row: IssuedRow) =>
  printableStudent(storage, origin, { values: row.values as Partial<Record<FieldType, string>>, photo: row.photo, code: row.code });

/** Consecutive documents of one revision as runs (pages keep the order asked), or every document of a revision as one (sheets). */
function runsOf(rows: readonly IssuedRow[], together: boolean): Run[] {
  const runs: Run[] = [];
  for (const row of rows) {
    const same = (run: Run | undefined) => run?.formatId === row.formatId && run.revision === row.formatRevision;
    const run = together ? runs.find(same) : runs.at(-1);
    if (run && same(run)) run.rows.push(row);
    else runs.push({ formatId: row.formatId, revision: row.formatRevision, rows: [row] });
  }
  return runs;
}

async function joinedRuns(
  db: Executor,
  storage: ObjectStorage,
  origin: string,
  runs: Run[],
  render: (format: CertificateFormat, students: CertificateStudent[]) => Promise<Uint8Array>,
) {
  const parts: Uint8Array[] = [];
  const joined = runs.length > 1 ? await pdfJoiner() : null;
  for (const run of runs) {
    const format = await formatOf(db, storage, run);
    const students = await Promise.all(run.rows.map((row) => studentOf(storage, origin, row)));
    const bytes = await render(format, students);
    if (joined) await joined.add(bytes);
    else parts.push(bytes);
  }
  return joined ? joined.bytes() : parts[0]!;
}

/** Documents as one PDF, each at its format's page size, in the order given. */
export function documentsPdf(db: Executor, storage: ObjectStorage, origin: string, rows: readonly IssuedRow[]) {
  return joinedRuns(db, storage, origin, runsOf(rows, false), certificatesPdf);
}

/** ID cards on A4 print sheets, ten to a page with crop marks, cards of one format revision sharing sheets. */
export function idCardSheetsPdf(db: Executor, storage: ObjectStorage, origin: string, rows: readonly IssuedRow[]) {
  if (rows.some((row) => row.kind !== 'idcard')) throw invalid(certificateMessages.notIdCards, { ids: [certificateMessages.notIdCards] });
  return joinedRuns(db, storage, origin, runsOf(rows, true), idCardSheetPdf);
}
