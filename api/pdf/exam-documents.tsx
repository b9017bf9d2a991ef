import { formatDayFirst, indianDay } from '../../common/india-time';
import type { AdmitCardFacts } from '../domain/documents/admit-cards';
import type { MarksheetFacts } from '../domain/documents/marksheets';
import type { ObjectStorage } from '../storage/object-storage';
import { AdmitCardsDocument } from './admit-card';
import { MarksheetDocument } from './marksheet';
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

export async function marksheetPdf(facts: MarksheetFacts, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  const { exam, student, outcome } = facts;
  const sheet = {
    issuer: facts.centre,
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
    publishedOn: formatDayFirst(indianDay(facts.publishedAt)),
    verification: await verificationOf(origin, facts.code),
  };
  return renderPdf(<MarksheetDocument sheets={[sheet]} />);
}

export async function admitCardsPdf(facts: AdmitCardFacts, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  const cards = [];
  for (const { student, code } of facts.cards) {
    cards.push({
      issuer: facts.centre,
      exam: { name: facts.exam.examName, course: facts.exam.courseName },
      centre: facts.centre,
      student: { ...student, photo: await printablePhoto(storage, student.photoKey) },
      papers: facts.papers,
      verification: await verificationOf(origin, code),
    });
  }
  return renderPdf(<AdmitCardsDocument cards={cards} />);
}
