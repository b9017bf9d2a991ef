import { eq, sql } from 'drizzle-orm';
import type { MarksheetTemplateEvent } from '../../domain/marksheet-templates/events';
import { marksheetTemplateRevisions, marksheetTemplates } from '../schema';
import type { Projection } from './projection';
import { keepRevision } from './revisions';

export const marksheetTemplatesProjection: Projection<MarksheetTemplateEvent> = {
  name: 'marksheet-templates',
  tables: [marksheetTemplates, marksheetTemplateRevisions],
  handlers: {
    MarksheetTemplateSaved: (tx, event) =>
      keepRevision(tx, event, {
        owner: marksheetTemplates,
        revisions: marksheetTemplateRevisions,
        ownerKey: 'templateId',
        created: { isDefault: false },
      }),
    async MarksheetTemplateMadeDefault(tx, event) {
      await tx
        .update(marksheetTemplates)
        .set({ isDefault: sql`${marksheetTemplates.id} = ${event.streamId}` })
        .where(sql`${marksheetTemplates.isDefault} OR ${marksheetTemplates.id} = ${event.streamId}`);
      await tx
        .update(marksheetTemplates)
        .set({ version: event.version, updatedAt: event.occurredAt })
        .where(eq(marksheetTemplates.id, event.streamId));
    },
  },
};
