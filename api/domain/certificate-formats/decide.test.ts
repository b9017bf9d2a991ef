import { describe, expect, it } from 'vitest';
import { blankFormat, certificateFormatMessages, type CertificateFormatContent } from '../../../common/contracts/certificate-formats';
import { decide, evolve, initialCertificateFormat, type CertificateFormat } from './decide';
import type { CertificateFormatEvent } from './events';

const content = (name: string, kind: 'certificate' | 'idcard' = 'certificate'): CertificateFormatContent => ({
  ...blankFormat(kind),
  name,
});
const fold = (events: CertificateFormatEvent[]): CertificateFormat => events.reduce(evolve, initialCertificateFormat);
const made = fold([{ type: 'CertificateFormatCreated', data: { content: content('Merit') } }]);
const archived = evolve(made, { type: 'CertificateFormatArchived', data: {} });

describe('decide', () => {
  it('creates a format unless its kind holds the name', () => {
    expect(
      decide({ type: 'CreateCertificateFormat', data: { content: content('Merit'), nameHeldBy: null } }, initialCertificateFormat),
    ).toEqual([{ type: 'CertificateFormatCreated', data: { content: content('Merit') } }]);
    expect(() =>
      decide(
        { type: 'CreateCertificateFormat', data: { content: content('Merit', 'idcard'), nameHeldBy: 'other' } },
        initialCertificateFormat,
      ),
    ).toThrow(certificateFormatMessages.nameTaken('idcard'));
  });

  it('saves a revision of the same kind, under its own name or a free one', () => {
    const save = (next: CertificateFormatContent, nameHeldBy: string | null, state = made) =>
      decide({ type: 'SaveCertificateFormat', data: { id: 'f1', content: next, nameHeldBy } }, state);
    expect(save(content('Merit'), 'f1')).toEqual([{ type: 'CertificateFormatSaved', data: { content: content('Merit') } }]);
    expect(() => save(content('Taken'), 'f2')).toThrow(certificateFormatMessages.nameTaken('certificate'));
    expect(() => save(content('Merit', 'idcard'), 'f1')).toThrow(certificateFormatMessages.kindKept);
    expect(() => save(content('Merit'), 'f1', archived)).toThrow(certificateFormatMessages.archivedFormat);
    expect(() => save(content('Merit'), null, initialCertificateFormat)).toThrow(certificateFormatMessages.missing);
  });

  it('archives and brings back once, and a repeat changes nothing', () => {
    expect(decide({ type: 'ArchiveCertificateFormat' }, made)).toEqual([{ type: 'CertificateFormatArchived', data: {} }]);
    expect(decide({ type: 'ArchiveCertificateFormat' }, archived)).toEqual([]);
    expect(decide({ type: 'UnarchiveCertificateFormat' }, archived)).toEqual([{ type: 'CertificateFormatUnarchived', data: {} }]);
    expect(decide({ type: 'UnarchiveCertificateFormat' }, made)).toEqual([]);
    expect(() => decide({ type: 'ArchiveCertificateFormat' }, initialCertificateFormat)).toThrow(certificateFormatMessages.missing);
  });
});
