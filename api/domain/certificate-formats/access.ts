import { certificateFormatMessages } from '../../../common/contracts/certificate-formats';
import { formatKinds, type FormatKind } from '../../../common/certificate-layout';
import { hasAnyPermission, type Actor } from '../auth/actor';
import { requireInstituteStaff } from '../auth/branch-scope';
import { forbidden } from '../errors';

/** Who designs formats of each kind. */
const formatManagers: Record<FormatKind, readonly string[]> = {
  certificate: ['CERTIFICATE_TEMPLATE_MANAGE'],
  idcard: ['IDCARD_TEMPLATE_MANAGE'],
};

/** Whoever issues documents, or opens those issued, reads the formats they are made with. */
const formatIssuers = ['CERTIFICATE_GENERATE', 'CERTIFICATE_GENERATED'] as const;

/** The catalogue's "Open … formats" permissions read their kind and change nothing. */
const formatReaders: Record<FormatKind, readonly string[]> = {
  certificate: [...formatManagers.certificate, 'CERTIFICATE_FORMATS', ...formatIssuers],
  idcard: [...formatManagers.idcard, 'IDCARD_FORMATS', ...formatIssuers],
};

/** Every permission that opens some format: the endpoints' own rule, before the kind is known. */
export const anyFormatReader = [...new Set(formatKinds.flatMap((kind) => formatReaders[kind]))];

export const readableKinds = (actor: Actor): FormatKind[] => formatKinds.filter((kind) => hasAnyPermission(actor, formatReaders[kind]));

export function requireReading(actor: Actor, kind: FormatKind) {
  if (!hasAnyPermission(actor, formatReaders[kind])) throw forbidden(certificateFormatMessages.mayNotRead(kind));
}

/**
 * Formats are the institute's, printed for every branch: a branch's staff read them to issue,
 * whatever they hold, and only the institute's staff change them.
 */
export function requireManaging(actor: Actor, kind: FormatKind) {
  if (!hasAnyPermission(actor, formatManagers[kind])) throw forbidden(certificateFormatMessages.mayNotChange(kind));
  requireInstituteStaff(actor, certificateFormatMessages.instituteOnly);
}
