import { formatDayFirst, indianDay } from '../../common/india-time';
import type { AdmitCardFacts } from '../domain/documents/admit-cards';
import type { MarksheetFacts } from '../domain/documents/marksheets';
import type { ObjectStorage } from '../storage/object-storage';
import { AdmitCardsDocument } from './admit-card';
import { MarksheetDocument, type MarksheetData } from './marksheet';
import { blankTemplate, gradeSteps, type MarksheetTemplateContent } from '../../common/contracts/marksheet-templates';
import { outcomeOf } from '../../common/exam-results';
import type { Issuer, Verification } from './parts';
import { printableImage } from './stored-image';
import { qrImage, renderPdf } from './render';

/*
 * Where the facts of a document become its PDF: photos read, QR codes drawn, pages laid out. Until
 * the institute's own header is set in a marksheet template, the centre issues its sitting's
 * documents under its name and address.
 */

/** The public page that verifies a code, under the address browsers reach this server at. */
export const verificationUrl = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/verify/${code}`;

/** A document's code with its public page and that page's QR code, as every document prints it. */
export async function verificationOf(origin: string, code: string): Promise<Verification> {
  const url = verificationUrl(origin, code);
  return { code, url, qr: await qrImage(url) };
}

type Layout = Pick<MarksheetData, 'issuer' | 'title' | 'details' | 'signatures' | 'footer'>;

/** A template's content; without one, the centre's name and address, every detail and no images. */
const contentOrCentre = (template: MarksheetTemplateContent | null, centre: { name: string; address: string | null }) =>
  template ?? { ...blankTemplate, instituteName: centre.name, address: centre.address ?? '' };

/** The header every exam document carries, its logo read from storage. */
async function issuerOf(content: MarksheetTemplateContent, storage: ObjectStorage): Promise<Issuer> {
  return { name: content.instituteName, address: content.address || null, logo: await printableImage(storage, content.logo) };
}

/** A template as the marksheet lays it out, its images read from storage. */
async function layoutOf(
  template: MarksheetTemplateContent | null,
  centre: { name: string; address: string | null },
  storage: ObjectStorage,
): Promise<Layout> {
  const content = contentOrCentre(template, centre);
  const [issuer, signatures] = await Promise.all([
    issuerOf(content, storage),
    Promise.all(content.signatures.map(async ({ role, image }) => ({ role, image: await printableImage(storage, image) }))),
  ]);
  return { issuer, title: content.title, details: new Set(content.details), signatures, footer: content.footer };
}

/** Reads a template's layout once for a document of many marksheets: its images are the same on every page. */
type Layouts = (template: MarksheetTemplateContent | null, centre: { name: string; address: string | null }) => Promise<Layout>;

function layoutsFrom(storage: ObjectStorage): Layouts {
  const read = new Map<string, Promise<Layout>>();
  return (template, centre) => {
    const key = JSON.stringify([template, centre]);
    const layout = read.get(key) ?? layoutOf(template, centre, storage);
    read.set(key, layout);
    return layout;
  };
}

/** A marksheet's page as the template lays it out, filled with one student's published result. */
async function marksheetSheet(facts: MarksheetFacts, layouts: Layouts, storage: ObjectStorage, origin: string): Promise<MarksheetData> {
  const { exam, student, outcome } = facts;
  return {
    ...(await layouts(facts.template, facts.centre)),
    exam: { name: exam.examName, code: exam.examId, course: exam.courseName },
    centre: facts.centre.name,
    student: { ...student, photo: await printableImage(storage, student.photoKey) },
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

/** Marksheets in one PDF, a page each, in the order given. */
export async function marksheetsPdf(facts: readonly MarksheetFacts[], storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  const layouts = layoutsFrom(storage);
  const sheets = [];
  for (const one of facts) sheets.push(await marksheetSheet(one, layouts, storage, origin));
  return renderPdf(<MarksheetDocument sheets={sheets} />);
}

export const marksheetPdf = (facts: MarksheetFacts, storage: ObjectStorage, origin: string) => marksheetsPdf([facts], storage, origin);

/** A marksheet of a made-up student, laid out by a template's content, saved or not: what its editor previews. */
export async function templatePreviewPdf(template: MarksheetTemplateContent, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
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
          ...(await layoutOf(template, { name: template.instituteName, address: template.address }, storage)),
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
          verification: await verificationOf(origin, code),
        },
      ]}
    />,
  );
}

export async function admitCardsPdf(facts: AdmitCardFacts, storage: ObjectStorage, origin: string): Promise<Uint8Array> {
  const issuer = await issuerOf(contentOrCentre(facts.template, facts.centre), storage);
  const cards = [];
  for (const { student, code } of facts.cards) {
    cards.push({
      issuer,
      exam: { name: facts.exam.examName, course: facts.exam.courseName },
      centre: facts.centre,
      student: { ...student, photo: await printableImage(storage, student.photoKey) },
      papers: facts.papers,
      verification: await verificationOf(origin, code),
    });
  }
  return renderPdf(<AdmitCardsDocument cards={cards} />);
}
