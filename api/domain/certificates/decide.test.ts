import { describe, expect, it } from 'vitest';
import { certificateMessages } from '../../../common/contracts/certificates';
import { decide, evolve, initialIssuedCertificate, type IssueFacts, type IssuedCertificateState } from './decide';
import type { IssuedCertificateEvent, IssuedData } from './events';

const data = (kind: IssuedData['kind'] = 'certificate'): IssuedData => ({
  kind,
  number: kind === 'certificate' ? 'CERT/2026-27/00001' : 'ID/2026-27/00001',
  series: `${kind}|2026-27`,
  sequence: 1,
  code: 'ABCDE-FGHJK-MNPQR-STVWX',
  studentId: 's1',
  studentName: 'Asha Rao',
  registrationNo: 'NC/2026/0001',
  courseId: 'c1',
  courseName: 'Python',
  branchId: 'b1',
  branchName: 'North',
  formatId: 'f1',
  formatName: 'Completion',
  formatRevision: 1,
  values: { studentName: 'Asha Rao' },
  photo: null,
  supersedes: null,
  jobId: null,
});
const facts = (more: Partial<IssueFacts> = {}, kind: IssuedData['kind'] = 'certificate'): IssueFacts => ({
  format: { kind, archived: false },
  inCourse: true,
  completedCourse: true,
  ...more,
});
const fold = (events: IssuedCertificateEvent[]): IssuedCertificateState => events.reduce(evolve, initialIssuedCertificate);
const issued = fold([{ type: 'CertificateIssued', data: data() }]);
const by = { _id: 'd2', number: 'CERT/2026-27/00002' };

describe('issuing', () => {
  const issue = (more: Partial<IssueFacts>, kind: IssuedData['kind'] = 'certificate') =>
    decide({ type: 'Issue', data: data(kind), facts: facts(more, kind) }, initialIssuedCertificate);

  it('issues from a format of its kind in use, to a student of the course', () => {
    expect(issue({})).toEqual([{ type: 'CertificateIssued', data: data() }]);
  });

  it('refuses a format of the other kind, an archived format and a student of another course', () => {
    expect(() => issue({ format: { kind: 'idcard', archived: false } })).toThrow(certificateMessages.otherKindFormat('certificate'));
    expect(() => issue({ format: { kind: 'certificate', archived: true } })).toThrow(certificateMessages.archivedFormat);
    expect(() => issue({ inCourse: false })).toThrow(certificateMessages.notInCourse);
  });

  it('asks a completed course of a certificate, not of an ID card', () => {
    expect(() => issue({ completedCourse: false })).toThrow(certificateMessages.notCompleted);
    expect(issue({ completedCourse: false }, 'idcard')).toHaveLength(1);
  });
});

describe('revoking and superseding', () => {
  it('revokes a document that stands, once', () => {
    expect(decide({ type: 'Revoke', data: { reason: 'Misspelt' } }, issued)).toEqual([
      { type: 'CertificateRevoked', data: { reason: 'Misspelt' } },
    ]);
    const revoked = evolve(issued, { type: 'CertificateRevoked', data: { reason: 'Misspelt' } });
    expect(() => decide({ type: 'Revoke', data: { reason: 'Again' } }, revoked)).toThrow(certificateMessages.alreadyRevoked);
    expect(() => decide({ type: 'Supersede', data: { by } }, revoked)).toThrow(certificateMessages.revokedNoReissue);
  });

  it('supersedes a document that stands, once, and then leaves it as it is', () => {
    expect(decide({ type: 'Supersede', data: { by } }, issued)).toEqual([{ type: 'CertificateSuperseded', data: { by } }]);
    const superseded = evolve(issued, { type: 'CertificateSuperseded', data: { by } });
    expect(() => decide({ type: 'Supersede', data: { by } }, superseded)).toThrow(certificateMessages.supersededNoChange(by.number));
    expect(() => decide({ type: 'Revoke', data: { reason: 'x' } }, superseded)).toThrow(certificateMessages.supersededNoChange(by.number));
  });

  it('finds no document on an empty stream', () => {
    expect(() => decide({ type: 'Revoke', data: { reason: 'x' } }, initialIssuedCertificate)).toThrow(certificateMessages.missing);
  });
});
