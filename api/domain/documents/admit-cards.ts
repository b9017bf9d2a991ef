import { documentMessages } from '../../../common/contracts/documents';
import { examResultMessages } from '../../../common/contracts/exam-results';
import { formatDayFirst } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { runCommand, type CommandContext, type Decider } from '../command';
import { conflict, invalid, missing } from '../errors';
import { resultsExam, type Caller, type ResultsExam } from '../exam-results/queries';
import { newVerificationCode } from './codes';
import type { MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import { defaultTemplate } from '../marksheet-templates/queries';
import { decideAdmitCards, evolveAdmitCards, initialAdmitCards, type AdmitCards, type IssueAdmitCards } from './decide';
import { admitCardsStream, type AdmitCardsEvent } from './events';
import { centreOf, documentHolders, type DocumentHolder } from './queries';
import { sittingDocumentsOf } from './sittings';

const admitCardsDecider: Decider<IssueAdmitCards, AdmitCards, AdmitCardsEvent> = {
  initialState: initialAdmitCards,
  evolve: evolveAdmitCards,
  decide: decideAdmitCards,
};

/**
 * Issues an admit card, with a code of its own, to each student sitting the exam in the branch who
 * has none; a card issued before stands as it was.
 */
export async function issueAdmitCards(ctx: CommandContext, caller: Caller, examId: string, branchId?: string) {
  const exam = await resultsExam(ctx.tx, examId, caller);
  if (exam.courseId === null) throw invalid(examResultMessages.noCourse);
  const before = await sittingDocumentsOf(ctx.tx, caller, exam, 'admit-card', branchId);
  if (!before.branch) throw invalid(documentMessages.nobodySitting);
  const after = await runCommand(ctx, admitCardsStream(exam.id, before.branch._id), admitCardsDecider, {
    type: 'IssueAdmitCards',
    data: {
      examId: exam.id,
      branchId: before.branch._id,
      students: before.students.map((student) => ({ studentId: student.studentId, code: newVerificationCode() })),
    },
  });
  const issued = before.students.filter((student) => student.code === null && after.holders.has(student.studentId)).length;
  return { issued, list: await sittingDocumentsOf(ctx.tx, caller, exam, 'admit-card', before.branch._id) };
}

/** A paper of the exam as an admit card lists it: when, and which. */
export interface AdmitCardPaper {
  date: string | null;
  time: string | null;
  code: string | null;
  name: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** 14:00 as 2:00 PM. */
function clockTime(value: string | null): string | null {
  const match = value ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!match) return value;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The exam's subject table as papers, in the order the exam lists them; rows with no subject name are left out. */
export function examPapers(exam: ResultsExam): AdmitCardPaper[] {
  return exam.subjectRows.flatMap((row) => {
    const name = text(row.subjectName);
    if (!name) return [];
    const date = text(row.examDate);
    return [{ name, code: text(row.subjectCode), date: date ? formatDayFirst(date) : null, time: clockTime(text(row.examTime)) }];
  });
}

export interface AdmitCardFacts {
  /** The default marksheet template, whose header the cards carry too. */
  template: MarksheetTemplateContent | null;
  exam: ResultsExam;
  centre: { name: string; address: string | null };
  papers: AdmitCardPaper[];
  cards: Array<{ student: DocumentHolder; code: string }>;
}

/**
 * The admit cards of a sitting (or of one of its students) to print: only of students sitting the
 * exam now, and only once issued.
 */
export async function admitCardFacts(
  db: Executor,
  caller: Caller,
  examId: string,
  branchId: string | undefined,
  studentId: string | undefined,
): Promise<AdmitCardFacts> {
  const exam = await resultsExam(db, examId, caller);
  const sitting = await sittingDocumentsOf(db, caller, exam, 'admit-card', branchId);
  if (!sitting.branch) throw invalid(documentMessages.nobodySitting);
  const wanted = studentId === undefined ? sitting.students : sitting.students.filter((student) => student.studentId === studentId);
  if (studentId !== undefined && wanted.length === 0) throw missing(documentMessages.notSitting);
  const issued = wanted.flatMap((student) => (student.code === null ? [] : [{ studentId: student.studentId, code: student.code }]));
  if (issued.length === 0 || (studentId !== undefined && issued.length < wanted.length)) throw conflict(documentMessages.noAdmitCard);
  const [holders, centre, template] = await Promise.all([
    documentHolders(
      db,
      issued.map((card) => card.studentId),
    ),
    centreOf(db, sitting.branch._id),
    defaultTemplate(db),
  ]);
  return {
    template: template?.content ?? null,
    exam,
    centre,
    papers: examPapers(exam),
    cards: issued.flatMap(({ studentId: id, code }) => {
      const student = holders.get(id);
      return student ? [{ student, code }] : [];
    }),
  };
}
