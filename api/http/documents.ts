import { documentContract, documentMessages, normaliseVerificationCode, VERIFICATION_CODE_PATTERN } from '../../common/contracts/documents';
import { admitCardFacts, issueAdmitCards } from '../domain/documents/admit-cards';
import { sittingDocuments } from '../domain/documents/sittings';
import { marksheetFacts } from '../domain/documents/marksheets';
import { sittingMarksheetsFile, sittingMarksheetsJob, startSittingMarksheets } from '../domain/documents/sitting-marksheets';
import { jobMessages } from '../../common/contracts/jobs';
import { jobViewOf } from '../jobs/queue';
import { verification } from '../domain/documents/queries';
import { billVerification } from '../domain/invoices/verification';
import { certificateVerification } from '../domain/certificates/queries';
import { admitCardsPdf, marksheetPdf } from '../pdf/exam-documents';
import { clientAddress } from './client-address';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { printedOrigin } from './origin';
import { badRequest, HttpError } from './errors';

/** Look-ups of the public verification per address and minute: enough for a desk checking a pile of papers, too few to guess codes. */
export const VERIFICATION_LIMIT = { limit: 30, windowMs: 60_000 };

const marksheets = { kind: 'permission', anyOf: ['MARKSHEET_GENERATE', 'EXAM_STUDENT_MARKSHEET'] } as const;
const admitCards = { kind: 'permission', anyOf: ['ADMIT_CARD_GENERATE', 'EXAM_ADMIT_CARD'] } as const;

const fileName = (...parts: Array<string | null>) => `${parts.filter(Boolean).join('-')}.pdf`;

const marksheet = defineFileEndpoint({
  ...documentContract.marksheet,
  access: marksheets,
  async handle({ db, actor, params, deps, c }) {
    const facts = await marksheetFacts(db, actor, params.id, params.studentId);
    const bytes = await marksheetPdf(facts, deps.storage, printedOrigin(c, deps));
    return {
      file: {
        bytes,
        name: fileName('marksheet', facts.exam.examName, facts.student.registrationNo ?? facts.student.name),
        type: 'application/pdf',
      },
    };
  },
});

const marksheetList = defineEndpoint({
  ...documentContract.marksheets,
  access: marksheets,
  async handle({ db, actor, params, query }) {
    return { message: documentMessages.marksheets, data: await sittingDocuments(db, actor, params.id, 'marksheet', query.branchId) };
  },
});

const startMarksheets = defineEndpoint({
  ...documentContract.startMarksheets,
  access: marksheets,
  async handle({ tx, meta, actor, params, body, deps, c }) {
    const { job, created } = await startSittingMarksheets({ tx, meta }, actor, params.id, body.branchId, printedOrigin(c, deps));
    return created
      ? { status: 201, message: jobMessages.started, data: jobViewOf(job) }
      : { message: jobMessages.alreadyRunning, data: jobViewOf(job) };
  },
});

const marksheetsJob = defineEndpoint({
  ...documentContract.marksheetsJob,
  access: marksheets,
  async handle({ db, actor, params }) {
    return { message: jobMessages.progress, data: jobViewOf(await sittingMarksheetsJob(db, actor, params.id, params.jobId)) };
  },
});

const marksheetsJobPdf = defineFileEndpoint({
  ...documentContract.marksheetsJobPdf,
  access: marksheets,
  async handle({ db, actor, params, deps }) {
    const file = await sittingMarksheetsFile(db, deps.storage, actor, params.id, params.jobId);
    return { file: { bytes: file.bytes, name: fileName('marksheets', file.exam, file.centre), type: 'application/pdf' } };
  },
});

const admitCardList = defineEndpoint({
  ...documentContract.admitCardList,
  access: admitCards,
  async handle({ db, actor, params, query }) {
    return { message: documentMessages.admitCards, data: await sittingDocuments(db, actor, params.id, 'admit-card', query.branchId) };
  },
});

const issue = defineEndpoint({
  ...documentContract.issueAdmitCards,
  access: admitCards,
  async handle({ tx, meta, actor, params, body }) {
    const { issued, list } = await issueAdmitCards({ tx, meta }, actor, params.id, body.branchId);
    return { message: documentMessages.admitCardsIssued(issued), data: list };
  },
});

const admitCardsFile = defineFileEndpoint({
  ...documentContract.admitCardsPdf,
  access: admitCards,
  async handle({ db, actor, params, query, deps, c }) {
    const facts = await admitCardFacts(db, actor, params.id, query.branchId, query.studentId);
    const bytes = await admitCardsPdf(facts, deps.storage, printedOrigin(c, deps));
    const one = query.studentId ? facts.cards[0]?.student : undefined;
    return {
      file: {
        bytes,
        name: fileName('admit-cards', facts.exam.examName, one ? (one.rollNo ?? one.name) : facts.centre.name),
        type: 'application/pdf',
      },
    };
  },
});

const verify = defineEndpoint({
  ...documentContract.verify,
  access: { kind: 'public' },
  async handle({ db, params, deps, c }) {
    const admission = deps.verificationLimit.take(clientAddress(c.env, deps.trustProxy ?? 0), deps.clock.now());
    if (!admission.allowed) {
      c.header('Retry-After', String(admission.retryAfterSeconds));
      return { status: 429, message: documentMessages.tooManyLookups, data: null };
    }
    const code = normaliseVerificationCode(params.code);
    if (!VERIFICATION_CODE_PATTERN.test(code)) throw badRequest(documentMessages.malformedCode, { code: [documentMessages.malformedCode] });
    const found = (await verification(db, code)) ?? (await billVerification(db, code)) ?? (await certificateVerification(db, code));
    if (!found) throw new HttpError(404, documentMessages.unknownCode);
    return { message: documentMessages.verified, data: found };
  },
});

export const documentEndpoints = [
  marksheetList,
  marksheet,
  startMarksheets,
  marksheetsJob,
  marksheetsJobPdf,
  admitCardList,
  issue,
  admitCardsFile,
  verify,
];
