import { eq } from 'drizzle-orm';
import { sectionOfStream, type SiteSectionEvent } from '../../domain/site-content/events';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { siteSections, siteVersions } from '../schema';
import type { Projection } from './projection';

/** The draft changed: the row as it now stands, made when the section's first event comes. */
async function draftChanged(tx: Tx, event: StoredEvent<SiteSectionEvent>) {
  const row = { draft: event.data.content, draftSavedAt: event.occurredAt, draftSavedBy: event.actorId, version: event.version };
  await tx
    .insert(siteSections)
    .values({ section: sectionOfStream(event.streamId), ...row })
    .onConflictDoUpdate({ target: siteSections.section, set: row });
}

export const siteContentProjection: Projection<SiteSectionEvent> = {
  name: 'site-content',
  tables: [siteSections, siteVersions],
  handlers: {
    SiteDraftSaved: draftChanged,
    SiteVersionRestored: draftChanged,
    SiteDraftDiscarded: draftChanged,
    async SiteSectionPublished(tx, event) {
      const section = sectionOfStream(event.streamId);
      const { number, content, restoredFrom } = event.data;
      await tx
        .insert(siteVersions)
        .values({ section, number, content, publishedAt: event.occurredAt, publishedBy: event.actorId, restoredFrom });
      const published = { published: content, publishedNumber: number, publishedAt: event.occurredAt, publishedBy: event.actorId };
      // Publishing leaves the draft equal to what is published; who last saved it stays as it was.
      const row = { ...published, draft: content, version: event.version };
      const [updated] = await tx
        .update(siteSections)
        .set(row)
        .where(eq(siteSections.section, section))
        .returning({ section: siteSections.section });
      if (!updated) await tx.insert(siteSections).values({ section, ...row });
    },
  },
};
