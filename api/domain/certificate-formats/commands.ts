import { certificateFormatMessages, type CertificateFormatContent } from '../../../common/contracts/certificate-formats';
import type { Actor } from '../auth/actor';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newId } from '../ids';
import { requireManaging } from './access';
import { requirePrintableBackgrounds } from './backgrounds';
import { decide, evolve, initialCertificateFormat, type CertificateFormat, type CertificateFormatCommand } from './decide';
import { certificateFormatStream, type CertificateFormatEvent } from './events';
import { formatKind, formatNameHolder } from './queries';

const formats: Decider<CertificateFormatCommand, CertificateFormat, CertificateFormatEvent> = {
  initialState: initialCertificateFormat,
  evolve,
  decide,
  exists: (state) => state.kind !== null,
};

async function handle(ctx: CommandContext, id: string, command: CertificateFormatCommand, expectedVersion?: number) {
  const content = 'data' in command ? command.data.content : null;
  await runCommand(ctx, certificateFormatStream(id), formats, command, {
    ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: certificateFormatMessages.stale },
    // Two writers taking one name at once are settled by the index; archiving takes no name.
    uniqueConflicts: content ? { certificate_formats_name_key: certificateFormatMessages.nameTaken(content.layout.kind) } : {},
  });
}

/** Answers the new format's id. */
export async function createCertificateFormat(ctx: CommandContext, actor: Actor, content: CertificateFormatContent): Promise<string> {
  requireManaging(actor, content.layout.kind);
  const id = newId(ctx.meta.occurredAt.getTime());
  await requirePrintableBackgrounds(ctx.tx, actor, content.layout);
  const nameHeldBy = await formatNameHolder(ctx.tx, content.layout.kind, content.name);
  await handle(ctx, id, { type: 'CreateCertificateFormat', data: { content, nameHeldBy } });
  return id;
}

/** Who may change a format is read from its kind as saved, not from the kind a body claims. */
async function requireManagingFormat(ctx: CommandContext, actor: Actor, id: string) {
  requireManaging(actor, await formatKind(ctx.tx, id));
}

export async function saveCertificateFormat(
  ctx: CommandContext,
  actor: Actor,
  id: string,
  content: CertificateFormatContent,
  expectedVersion?: number,
) {
  await requireManagingFormat(ctx, actor, id);
  await requirePrintableBackgrounds(ctx.tx, actor, content.layout);
  const nameHeldBy = await formatNameHolder(ctx.tx, content.layout.kind, content.name);
  await handle(ctx, id, { type: 'SaveCertificateFormat', data: { id, content, nameHeldBy } }, expectedVersion);
}

export async function archiveCertificateFormat(ctx: CommandContext, actor: Actor, id: string) {
  await requireManagingFormat(ctx, actor, id);
  await handle(ctx, id, { type: 'ArchiveCertificateFormat' });
}

export async function unarchiveCertificateFormat(ctx: CommandContext, actor: Actor, id: string) {
  await requireManagingFormat(ctx, actor, id);
  await handle(ctx, id, { type: 'UnarchiveCertificateFormat' });
}
