import type { SiteContent, SiteSection } from '../../../common/contracts/site-content';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const SITE_SECTION_STREAM = 'site-section';
/** One stream per section of the site, so two editors of one page settle by its version and different pages never wait on each other. */
export const siteSectionStream = (section: SiteSection): StreamRef<SiteSectionEvent> => ({
  type: SITE_SECTION_STREAM,
  id: `site-${section}`,
});
export const sectionOfStream = (streamId: string) => streamId.replace(/^site-/, '') as SiteSection;

type Content = SiteContent[SiteSection];

export type SiteDraftSaved = DomainEvent<'SiteDraftSaved', { content: Content }>;
/**
 * Carries what was published, numbered from 1 per section, so a version is read back from its event
 * alone; and the earlier version it restores, when the draft was one unchanged.
 */
export type SiteSectionPublished = DomainEvent<'SiteSectionPublished', { number: number; content: Content; restoredFrom: number | null }>;
/** An earlier version made the draft again; publishing it is a step of its own. */
export type SiteVersionRestored = DomainEvent<'SiteVersionRestored', { number: number; content: Content }>;
/** The draft set back to what is published (or to the first day's content, before any publishing). */
export type SiteDraftDiscarded = DomainEvent<'SiteDraftDiscarded', { content: Content }>;

export type SiteSectionEvent = SiteDraftSaved | SiteSectionPublished | SiteVersionRestored | SiteDraftDiscarded;
