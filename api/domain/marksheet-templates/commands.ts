import { marksheetTemplateMessages, type MarksheetTemplateContent } from '../../../common/contracts/marksheet-templates';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newId } from '../ids';
import { decide, evolve, initialMarksheetTemplate, type MarksheetTemplate, type MarksheetTemplateCommand } from './decide';
import { marksheetTemplateStream, type MarksheetTemplateEvent } from './events';
import { requirePrintableImages } from './images';
import { templateCount, templateNameHolder } from './queries';

const templates: Decider<MarksheetTemplateCommand, MarksheetTemplate, MarksheetTemplateEvent> = {
  initialState: initialMarksheetTemplate,
  evolve,
  decide,
  exists: (state) => state.exists,
};

async function handle(ctx: CommandContext, id: string, command: MarksheetTemplateCommand, expectedVersion?: number) {
  await runCommand(ctx, marksheetTemplateStream(id), templates, command, {
    ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: marksheetTemplateMessages.stale },
    uniqueConflicts: { marksheet_templates_name_key: marksheetTemplateMessages.nameTaken },
  });
}

/**
 * Answers the new template's id; the institute's first template becomes its default. Its images
 * are checked with the caller's branch, which the request's metadata carries.
 */
export async function createMarksheetTemplate(ctx: CommandContext, content: MarksheetTemplateContent): Promise<string> {
  const id = newId(ctx.meta.occurredAt.getTime());
  await requirePrintableImages(ctx.tx, { branchId: ctx.meta.branchId ?? null }, content);
  const [nameHeldBy, existing] = await Promise.all([templateNameHolder(ctx.tx, content.name), templateCount(ctx.tx)]);
  await handle(ctx, id, { type: 'CreateMarksheetTemplate', data: { content, nameHeldBy, first: existing === 0 } });
  return id;
}

export async function saveMarksheetTemplate(ctx: CommandContext, id: string, content: MarksheetTemplateContent, expectedVersion?: number) {
  await requirePrintableImages(ctx.tx, { branchId: ctx.meta.branchId ?? null }, content);
  const nameHeldBy = await templateNameHolder(ctx.tx, content.name);
  await handle(ctx, id, { type: 'SaveMarksheetTemplate', data: { id, content, nameHeldBy } }, expectedVersion);
}

export async function makeMarksheetTemplateDefault(ctx: CommandContext, id: string) {
  await handle(ctx, id, { type: 'MakeMarksheetTemplateDefault' });
}
