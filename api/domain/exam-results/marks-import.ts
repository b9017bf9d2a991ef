import {
  MARKS_IMPORT_MAX_ROWS,
  examResultMessages,
  marksImportMessages,
  type ExamSheet,
  type MarkCell,
  type MarksImport,
} from '../../../common/contracts/exam-results';
import { IMPORT_FAILURES_SHOWN } from '../../../common/contracts/imports';
import { checkMark, markMessages, readMark, type ExamSubject, type MarkValue } from '../../../common/exam-results';
import type { Executor } from '../../db/client';
import type { ObjectStorage } from '../../storage/object-storage';
import type { CommandContext } from '../command';
import { conflict, invalid } from '../errors';
import { importUpload } from '../imports/imports';
import { cellText, sheetRows, type Cell, type SheetRow } from '../imports/sheet';
import { enterMarks, examSheet } from './commands';
import { resultsExam, type Caller } from './queries';

/**
 * An exam's marks from a file: the sitting's exported sheet filled in, or any sheet with a roll
 * or registration number column and a column per subject. Each row is checked against the
 * sitting; the good rows' marks are saved by `enterMarks`, as the grid saves them (decision 039).
 */

const refuse = (message: string) => invalid(message, { file: [message] });

/** The rows of the file the caller names, headings first, read before any transaction opens. */
export async function readMarksFile(
  db: Executor,
  storage: ObjectStorage,
  caller: Caller,
  examId: string,
  fileKey: string,
): Promise<SheetRow[]> {
  // The exam first: a caller who may not reach it hears so, whatever file they name.
  await resultsExam(db, examId, caller);
  const { bytes } = await importUpload(db, storage, caller, fileKey);
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(bytes)) {
    if (rows.length > MARKS_IMPORT_MAX_ROWS) throw refuse(marksImportMessages.tooManyRows);
    rows.push(row);
  }
  if (rows.length === 0) throw refuse(marksImportMessages.empty);
  if (rows.length === 1) throw refuse(marksImportMessages.noRows);
  return rows;
}

/** A heading as compared: lower case, without spaces or dots ("Roll No." is "rollno"). */
const squashed = (text: string) => text.toLowerCase().replace(/[\s.]+/g, '');

const rollHeadings = new Set(['rollno', 'rollnumber']);
const registrationHeadings = new Set(['registrationno', 'registrationnumber', 'regno']);

/** The maximum the export writes after a subject's name: "Accounting (100)". */
const maximumSuffix = /\s*\(\s*\d+(\.\d+)?\s*\)\s*$/;

interface Columns {
  rollNo: number;
  registrationNo: number;
  subjects: Array<{ index: number; column: string; subject: ExamSubject }>;
  ignored: string[];
}

/**
 * What each heading holds: whose row it is, a subject's marks (by the subject's name, with or
 * without its maximum), or nothing imported. Two subjects of one name take their columns in order.
 */
function columnsOf(headings: readonly string[], subjects: readonly ExamSubject[]): Columns {
  const columns: Columns = { rollNo: -1, registrationNo: -1, subjects: [], ignored: [] };
  const taken = new Set<ExamSubject>();
  headings.forEach((heading, index) => {
    const key = squashed(heading);
    if (rollHeadings.has(key) && columns.rollNo === -1) columns.rollNo = index;
    else if (registrationHeadings.has(key) && columns.registrationNo === -1) columns.registrationNo = index;
    else {
      const named = (name: string) => subjects.filter((subject) => squashed(subject.name) === squashed(name));
      const matching = named(heading).length > 0 ? named(heading) : named(heading.replace(maximumSuffix, ''));
      const subject = matching.find((one) => !taken.has(one));
      if (subject) {
        taken.add(subject);
        columns.subjects.push({ index, column: heading, subject });
      } else if (matching.length > 0) throw refuse(marksImportMessages.columnTwice(matching[0]!.name));
      else if (heading !== '') columns.ignored.push(heading);
    }
  });
  if (columns.rollNo === -1 && columns.registrationNo === -1) throw refuse(marksImportMessages.noStudentColumn);
  if (columns.subjects.length === 0) throw refuse(marksImportMessages.noSubjectColumn(subjects.map((subject) => subject.name)));
  return columns;
}

/** A cell as a mark: empty leaves the mark as it is (null here), a number or text is read as the grid reads it. */
function markOf(cell: Cell | undefined, subject: ExamSubject): { value: MarkValue } | { error: string } | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return checkMark(cell, subject);
  if (typeof cell !== 'string') return { error: markMessages.number(subject.name) };
  return cell.trim() === '' ? null : readMark(cell, subject);
}

type Student = ExamSheet['students'][number];

const indexBy = (students: readonly Student[], number: (student: Student) => string | null) =>
  new Map(students.flatMap((student) => (number(student) ? [[number(student)!.trim().toLowerCase(), student] as const] : [])));

interface RowRead {
  row: number;
  given: string | null;
  student: Student | null;
  messages: string[];
  cells: MarkCell[];
}

/** A row's student, found by its roll number and its registration number, whichever it gives (both must agree). */
function studentOf(
  cells: readonly Cell[],
  columns: Columns,
  byRollNo: Map<string, Student>,
  byRegistrationNo: Map<string, Student>,
): Pick<RowRead, 'given' | 'student' | 'messages'> {
  const text = (index: number) => (index === -1 ? '' : cellText(cells[index]).trim());
  const [rollNo, registrationNo] = [text(columns.rollNo), text(columns.registrationNo)];
  if (!rollNo && !registrationNo) return { given: null, student: null, messages: [marksImportMessages.noStudent] };
  const byRoll = rollNo ? byRollNo.get(rollNo.toLowerCase()) : undefined;
  const byRegistration = registrationNo ? byRegistrationNo.get(registrationNo.toLowerCase()) : undefined;
  const messages = [
    ...(rollNo && !byRoll ? [marksImportMessages.unknownRollNo(rollNo)] : []),
    ...(registrationNo && !byRegistration ? [marksImportMessages.unknownRegistrationNo(registrationNo)] : []),
    ...(byRoll && byRegistration && byRoll !== byRegistration ? [marksImportMessages.twoStudents(rollNo, registrationNo)] : []),
  ];
  return { given: rollNo || registrationNo, student: messages.length ? null : (byRoll ?? byRegistration)!, messages };
}

/** Each row of the file against the sheet: its student, its messages, and the marks it changes. */
function readRows(sheet: ExamSheet, rows: readonly SheetRow[], columns: Columns): RowRead[] {
  const byRollNo = indexBy(sheet.students, (student) => student.rollNo);
  const byRegistrationNo = indexBy(sheet.students, (student) => student.registrationNo);
  const read = rows.map((row): RowRead => {
    const found = studentOf(row.cells, columns, byRollNo, byRegistrationNo);
    const messages = [...found.messages];
    const cells: MarkCell[] = [];
    for (const { index, subject } of columns.subjects) {
      const mark = markOf(row.cells[index], subject);
      if (mark === null) continue;
      if ('error' in mark) messages.push(mark.error);
      else if (found.student) {
        const now = found.student.marks[subject.key];
        if ((now?.value ?? null) !== mark.value)
          cells.push({ studentId: found.student.studentId, subject: subject.key, value: mark.value, baseVersion: now?.version ?? 0 });
      }
    }
    return { row: row.number, given: found.given, student: found.student, messages, cells };
  });
  // A student twice is refused in each of their rows: which of them holds the right marks is for the file to say.
  const rowsOf = new Map<string, number[]>();
  for (const each of read) if (each.student) rowsOf.set(each.student.studentId, [...(rowsOf.get(each.student.studentId) ?? []), each.row]);
  for (const each of read) {
    const seen = each.student ? rowsOf.get(each.student.studentId)! : [];
    if (seen.length > 1) each.messages.unshift(marksImportMessages.twice(seen));
  }
  return read;
}

/**
 * Checks every row of the file against the sitting and, unless a dry run, saves the marks of the
 * good rows that differ from the sheet through `enterMarks`, in the caller's transaction: all of
 * them or, when it refuses (a published sitting), none. A published sitting takes no mark, in a
 * dry run too, so that the check says what the import would meet.
 */
export async function importMarks(
  ctx: CommandContext,
  caller: Caller,
  examId: string,
  body: { branchId?: string; dryRun: boolean },
  rows: readonly SheetRow[],
): Promise<MarksImport> {
  const sheet = await examSheet(ctx.tx, caller, examId, body.branchId);
  if (!sheet.branch) throw invalid(examResultMessages.nobodySitting);
  const [headings, ...data] = rows;
  const columns = columnsOf(
    headings!.cells.map((cell) => cellText(cell).trim()),
    sheet.subjects,
  );
  const read = readRows(sheet, data, columns);
  const refused = read.filter((row) => row.messages.length > 0);
  const good = read.filter((row) => row.messages.length === 0);
  const cells = good.flatMap((row) => row.cells);
  if (cells.length > 0 && sheet.sitting.state === 'published') throw conflict(examResultMessages.locked);
  const saved = !body.dryRun && cells.length > 0 ? await enterMarks(ctx, caller, examId, cells) : null;
  const headingOf = (index: number) => (index === -1 ? [] : [cellText(headings!.cells[index]).trim()]);
  return {
    dryRun: body.dryRun,
    branch: sheet.branch,
    columns: {
      student: [...headingOf(columns.rollNo), ...headingOf(columns.registrationNo)],
      subjects: columns.subjects.map(({ column, subject }) => ({ column, subject: subject.key, name: subject.name })),
      ignored: columns.ignored,
    },
    counts: {
      rows: read.length,
      toChange: good.filter((row) => row.cells.length > 0).length,
      unchanged: good.filter((row) => row.cells.length === 0).length,
      refused: refused.length,
      marks: cells.length,
    },
    refused: refused
      .slice(0, IMPORT_FAILURES_SHOWN)
      .map((row) => ({ row: row.row, student: row.given, name: row.student?.name ?? null, messages: row.messages })),
    conflicts: saved?.conflicts ?? [],
  };
}
