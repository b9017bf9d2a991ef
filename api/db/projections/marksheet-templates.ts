import { eq, sql } from 'drizzle-orm';
import type { MarksheetTemplateEvent } from '../../domain/marksheet-templates/events';
import { marksheetTemplateRevisions, marksheetTemplates } from '../schema';
import type { Projection } from './projection';

export const marksheetTemplatesProjection: Projection<MarksheetTemplateEvent> = {
  name: 'marksheet-templates',
  tables: [marksheetTemplates, marksheetTemplateRevisions],
  handlers: {
    async MarksheetTemplateSaved(tx, event) {
      const { content } = event.data;
      const [current] = await tx
        .select({ revision: marksheetTemplates.revision })
        .from(marksheetTemplates)
        .where(eq(marksheetTemplates.id, event.streamId));
      const revision = (current?.revision ?? 0) + 1;
      await tx.insert(marksheetTemplateRevisions).values({
        templateId: event.streamId,
        revision,
        content,
        savedAt: event.occurredAt,
        savedBy: event.actorId,
      });
      const row = { name: content.name, content, revision, version: event.version, updatedAt: event.occurredAt };
      await tx
        .insert(marksheetTemplates)
        .values({ id: event.streamId, ...row, isDefault: false, createdAt: event.occurredAt })
        .onConflictDoUpdate({ target: marksheetTemplates.id, set: row });
    },
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
