/**
 * The arithmetic of an exam's results, shared by the API (which answers and stores it) and the
 * result-entry grid (which shows it as marks are typed): what a mark may be, a student's total,
 * percentage, result and grade. Marks are held in hundredths, so totals are exact.
 */

/** A subject of an exam as results are entered for it: its key, name and marks. */
export interface ExamSubject {
  /** Stable within the exam: the subject's code, else its name, in lower case. */
  key: string;
  name: string;
  code: string | null;
  questionPaperMarks: number;
  passingMarks: number;
}

/** What a cell holds: a mark, AB for absent, or nothing yet. */
export type MarkValue = number | 'AB' | null;

export const ABSENT = 'AB';

/** Marks are typed to two places at most (42.5, 42.25). */
export const MARK_DECIMALS = 2;

export const markMessages = {
  number: (subject: string) => `${subject} must be a number`,
  range: (subject: string, max: number) => `${subject} must be between 0 and ${max}`,
  places: (subject: string) => `${subject} takes at most ${MARK_DECIMALS} decimal places`,
};

/** A mark as the grid and the forms show it: AB, the number, or nothing. */
export const markText = (value: MarkValue) => (value === null ? '' : String(value));

/** A student's standing, in words. */
export const standingLabels = { pass: 'Pass', fail: 'Fail', incomplete: '—', absent: 'Absent' } as const;

/**
 * A typed cell read as a mark: empty clears it, `AB` (any case) is absent, else a number from
 * 0 to the subject's question-paper marks. Answers the value or the message that refuses it.
 */
export function readMark(
  text: string,
  subject: Pick<ExamSubject, 'name' | 'questionPaperMarks'>,
): { value: MarkValue } | { error: string } {
  const typed = text.trim();
  if (typed === '') return { value: null };
  if (typed.toUpperCase() === ABSENT) return { value: ABSENT };
  if (!/^\d+(\.\d+)?$/.test(typed)) return { error: markMessages.number(subject.name) };
  return checkMark(Number(typed), subject);
}

/** A mark as a number, held to the subject's range and to two decimal places. */
export function checkMark(mark: number, subject: Pick<ExamSubject, 'name' | 'questionPaperMarks'>): { value: number } | { error: string } {
  if (!Number.isFinite(mark)) return { error: markMessages.number(subject.name) };
  if (mark < 0 || mark > subject.questionPaperMarks) return { error: markMessages.range(subject.name, subject.questionPaperMarks) };
  if (Math.abs(toHundredths(mark) - mark * 100) > 1e-6) return { error: markMessages.places(subject.name) };
  return { value: mark };
}

export const toHundredths = (mark: number) => Math.round(mark * 100);
export const fromHundredths = (hundredths: number) => hundredths / 100;

/** A step of a grading scale: a percentage from which a grade is given. */
export interface GradeStep {
  grade: string;
  from: number;
}

/**
 * The institute's default scale, highest first; below the last step is F. A student who fails a
 * subject is graded F whatever the percentage.
 */
export const defaultGradingScale: readonly GradeStep[] = [
  { grade: 'A+', from: 90 },
  { grade: 'A', from: 80 },
  { grade: 'B+', from: 70 },
  { grade: 'B', from: 60 },
  { grade: 'C', from: 50 },
  { grade: 'D', from: 40 },
];
export const FAILING_GRADE = 'F';

/** Where a student's results stand: every mark in and all passed, a subject failed, marks missing, or absent from every subject. */
export type ResultStanding = 'pass' | 'fail' | 'incomplete' | 'absent';

export interface StudentOutcome {
  /** The sum of the marks entered; absent counts as nothing. */
  total: number;
  maximum: number;
  /** Of the maximum, to two places; null until every mark is in. */
  percentage: number | null;
  standing: ResultStanding;
  /** Null until every mark is in. */
  grade: string | null;
  /** The keys of the subjects failed (absent counts as failed). */
  failedSubjects: string[];
}

/** A student's outcome from their marks by subject key. */
export function outcomeOf(
  subjects: readonly ExamSubject[],
  marks: Readonly<Record<string, MarkValue | undefined>>,
  scale: readonly GradeStep[] = defaultGradingScale,
): StudentOutcome {
  let total = 0;
  let maximum = 0;
  let missing = 0;
  let absent = 0;
  const failedSubjects: string[] = [];
  for (const subject of subjects) {
    maximum += toHundredths(subject.questionPaperMarks);
    const mark = marks[subject.key] ?? null;
    if (mark === null) missing += 1;
    else if (mark === ABSENT) {
      absent += 1;
      failedSubjects.push(subject.key);
    } else {
      total += toHundredths(mark);
      if (mark < subject.passingMarks) failedSubjects.push(subject.key);
    }
  }
  const outcome = { total: fromHundredths(total), maximum: fromHundredths(maximum), failedSubjects };
  if (missing > 0) return { ...outcome, percentage: null, standing: 'incomplete', grade: null };
  const percentage = maximum === 0 ? 0 : Math.round((total / maximum) * 10_000) / 100;
  if (subjects.length > 0 && absent === subjects.length) return { ...outcome, percentage, standing: 'absent', grade: FAILING_GRADE };
  if (failedSubjects.length > 0) return { ...outcome, percentage, standing: 'fail', grade: FAILING_GRADE };
  return { ...outcome, percentage, standing: 'pass', grade: gradeOf(percentage, scale) };
}

/** How many marks a sitting still lacks: each student's subjects with neither a mark nor AB. */
export function missingMarks(
  subjects: readonly ExamSubject[],
  students: ReadonlyArray<{ marks: Readonly<Record<string, unknown>> }>,
): number {
  return students.reduce((sum, student) => sum + subjects.filter((subject) => !(subject.key in student.marks)).length, 0);
}

/** The grade of a percentage on a scale, highest step first. */
export function gradeOf(percentage: number, scale: readonly GradeStep[] = defaultGradingScale): string {
  return scale.find((step) => percentage >= step.from)?.grade ?? FAILING_GRADE;
}

/** An exam's subject rows (as the exam form holds them) as the subjects results are entered for; rows with no name are left out. */
export function examSubjectsOf(rows: readonly Record<string, unknown>[]): ExamSubject[] {
  const taken = new Map<string, number>();
  const subjects: ExamSubject[] = [];
  for (const row of rows) {
    const name = typeof row.subjectName === 'string' ? row.subjectName.trim() : '';
    if (!name) continue;
    const code = typeof row.subjectCode === 'string' && row.subjectCode.trim() ? row.subjectCode.trim() : null;
    const base = (code ?? name).toLowerCase();
    // Two rows of one name or code still get a key each.
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    subjects.push({
      key: seen === 1 ? base : `${base}#${seen}`,
      name,
      code,
      questionPaperMarks: nonNegativeNumber(row.questionPaperMarks) ?? 100,
      passingMarks: nonNegativeNumber(row.passingMarks) ?? 0,
    });
  }
  return subjects;
}

function nonNegativeNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : null;
}
