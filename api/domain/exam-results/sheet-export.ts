import type { ExamSheet, ExamSheetStudent } from '../../../common/contracts/exam-results';
import { ABSENT, standingLabels } from '../../../common/exam-results';
import type { ExportColumn, ExportTable } from '../../export/columns';

/**
 * A sitting as a file: a row a student, by roll number as the sheet lists them, a column a
 * subject (its marks, or AB), then the outcome as the marksheet states it.
 */
export function sheetExport(sheet: ExamSheet): ExportTable<ExamSheetStudent> {
  const subjects: ExportColumn<ExamSheetStudent>[] = sheet.subjects.map((subject) => ({
    header: `${subject.name} (${subject.questionPaperMarks})`,
    kind: 'number',
    value: (student) => {
      const mark = student.marks[subject.key]?.value;
      return mark === ABSENT ? ABSENT : (mark ?? null);
    },
    width: Math.max(10, subject.name.length + 6),
  }));
  const names = new Map(sheet.subjects.map((subject) => [subject.key, subject.name]));
  const stem = [sheet.exam.examId ?? sheet.exam.examName, sheet.branch?.name].filter(Boolean).join('-');
  return {
    fileName: (today) => `results-${stem.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${today}`,
    sheet: 'Results',
    columns: [
      { header: 'Roll No', value: (student) => student.rollNo, width: 12 },
      { header: 'Registration No', value: (student) => student.registrationNo, width: 18 },
      { header: 'Name', value: (student) => student.name, width: 24 },
      ...subjects,
      { header: 'Total', kind: 'number', value: (student) => student.outcome.total },
      { header: 'Maximum', kind: 'number', value: (student) => student.outcome.maximum },
      { header: 'Percentage', kind: 'number', value: (student) => student.outcome.percentage, width: 12 },
      { header: 'Grade', value: (student) => student.outcome.grade },
      { header: 'Result', value: (student) => standingLabels[student.outcome.standing] },
      {
        header: 'Failed in',
        value: (student) => student.outcome.failedSubjects.map((key) => names.get(key) ?? key).join(', '),
        width: 24,
      },
    ],
    rows: (async function* () {
      yield sheet.students;
    })(),
  };
}
