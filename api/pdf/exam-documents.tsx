import { formatDayFirst, indianDay } from '../../common/india-time';
import type { AdmitCardFacts } from '../domain/documents/admit-cards';
import type { MarksheetFacts } from '../domain/documents/marksheets';
import type { ObjectStorage } from '../storage/object-storage';
import { AdmitCardsDocument } from './admit-card';
import { MarksheetDocument, type MarksheetData } from './marksheet';
import { blankTemplate, gradeSteps, type MarksheetTemplateContent } from '../../common/contracts/marksheet-templates';
import { outcomeOf } from '../../common/exam-results';
import type { Verification } from './parts';
import { printablePhoto } from './photo';
import { qrImage, renderPdf } from './render';

/*
 * Where the facts of a document become its PDF: photos read, QR codes drawn, pages laid out. Until
 * the institute's own header is set in a marksheet template, the centre issues its sitting's
 * documents under its name and address.
 */

/** The public page that verifies a code, under the address browsers reach this server at. */
export const verificationUrl = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/verify/${code}`;

async function verificationOf(origin: string, code: string): Promise<Verification> {
  const url = verificationUrl(origin, code);
  return { code, url, qr: await qrImage(url) };
}

/** A template as the marksheet lays it out; without one, the centre's name and address and every detail. */
function layoutOf(template: MarksheetTemplateContent | null, centre: { name: string; address: string | null }) {
  const content = template ?? { ...blankTemplate, instituteName: centre.name, address: centre.address ?? '' };
  return {
    issuer: { name: content.instituteName, address: content.address || null },
    title: content.title,
    details: new Set(content.details),
    signatures: content.signatures,
    footer: content.footer,
  };
}

/** A marksheet's page as the template lays it out, filled with one student's published result. */
export async function marksheetSheet(facts: MarksheetFacts, storage: ObjectStorage, origin: string): Promise<MarksheetData> {
  const { exam, student, outcome } = facts;
  return {
    ...layoutOf(facts.template, facts.centre),
    exam: { name: exam.examName, code: exam.examId, course: exam.courseName },
    centre: facts.centre.name,
    student: { ...student, photo: await printablePhoto(storage, student.photoKey) },
    subjects: exam.subjects.map((subject) => ({
      name: subject.name,
      code: subject.code,
      maximum: subject.questionPaperMarks,
      passing: subject.passingMarks,
      mark: facts.marks[subject.key] ?? null,
      failed: outcome.failedSubjects.includes(subject.key),
    })),
    outcome,
    scale: facts.scale,
    publishedOn: formatDayFirst(indianDay(facts.publishedAt)),
    verification: await verificationOf(origin, facts.code),
  };
}

export async function marksheetPdf(facts: MarksheetFacts, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  return renderPdf(<MarksheetDocument sheets={[await marksheetSheet(facts, storage, origin)]} />);
}

/** A marksheet of a made-up student, laid out by a template's content: what its editor previews. */
export async function templatePreviewPdf(template: MarksheetTemplateContent, origin: string): Promise<Uint8Array> {
  const subjects = [
    { key: 'a', name: 'Financial Accounting', code: 'SMP-01', questionPaperMarks: 100, passingMarks: 33 },
    { key: 'b', name: 'Business Mathematics', code: 'SMP-02', questionPaperMarks: 100, passingMarks: 33 },
    { key: 'c', name: 'Computer Practical', code: 'SMP-03', questionPaperMarks: 50, passingMarks: 17 },
  ];
  const marks = { a: 84, b: 71.5, c: 44 };
  const scale = gradeSteps(template.gradingScale);
  const outcome = outcomeOf(subjects, marks, scale);
  const code = 'SAMPL-E0000-00000-00000';
  return renderPdf(
    <MarksheetDocument
      sheets={[
        {
          ...layoutOf(template, { name: template.instituteName, address: template.address }),
          exam: { name: 'Annual Examination (sample)', code: 'SAMPLE', course: 'Diploma in Financial Accounting' },
          centre: 'Main Centre',
          student: { name: 'Aarav Sharma', fatherName: 'Rajesh Sharma', registrationNo: 'MC/2026/0001', rollNo: '1001', photo: null },
          subjects: subjects.map((subject) => ({
            name: subject.name,
            code: subject.code,
            maximum: subject.questionPaperMarks,
            passing: subject.passingMarks,
            mark: marks[subject.key as keyof typeof marks],
            failed: outcome.failedSubjects.includes(subject.key),
          })),
          outcome,
          scale,
          publishedOn: formatDayFirst(indianDay(new Date())),
          verification: { code, url: verificationUrl(origin, code), qr: await qrImage(verificationUrl(origin, code)) },
        },
      ]}
    />,
  );
}

export async function admitCardsPdf(facts: AdmitCardFacts, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  const cards = [];
  for (const { student, code } of facts.cards) {
    cards.push({
      issuer: layoutOf(facts.template, facts.centre).issuer,
      exam: { name: facts.exam.examName, course: facts.exam.courseName },
      centre: facts.centre,
      student: { ...student, photo: await printablePhoto(storage, student.photoKey) },
      papers: facts.papers,
      verification: await verificationOf(origin, code),
    });
  }
  return renderPdf(<AdmitCardsDocument cards={cards} />);
}
