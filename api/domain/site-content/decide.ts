import {
  defaultSiteContent,
  siteContentMessages,
  type NoticeBoardContent,
  type SiteContent,
  type SiteSection,
} from '../../../common/contracts/site-content';
import type { Decider } from '../command';
import { conflict, invalid, missing } from '../errors';
import type { SiteSectionEvent } from './events';

type Content = SiteContent[SiteSection];

export interface SiteSectionState {
  /** What the editor works on; the first day's content until someone saves. */
  draft: Content;
  /** Every published version by number; the newest is what visitors see. */
  versions: Map<number, Content>;
  /** The version the draft was restored from, while it is that version unchanged. */
  restoredFrom: number | null;
}

export type SiteSectionCommand =
  | { type: 'SaveSiteDraft'; data: { content: Content; today: string } }
  | { type: 'PublishSiteSection' }
  | { type: 'RestoreSiteVersion'; data: { number: number } }
  | { type: 'DiscardSiteDraft' };

/** A value as JSON with every object's keys in order: what PostgreSQL's jsonb hands back orders them its own way. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Whether two contents say the same, whatever the order of their keys. */
export const sameContent = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

const latestVersion = (state: SiteSectionState) => (state.versions.size ? Math.max(...state.versions.keys()) : null);
export const publishedContent = (state: SiteSectionState) => {
  const latest = latestVersion(state);
  return latest === null ? null : state.versions.get(latest)!;
};
/** Whether the draft holds what visitors do not see yet; always so before the first publishing. */
export const hasPendingChanges = (state: SiteSectionState) => {
  const published = publishedContent(state);
  return published === null || !sameContent(state.draft, published);
};

/**
 * A notice may not be given an expiry that has passed; one that expired while it sat on the board
 * stays as it was, so the page can still be saved around it.
 */
function expiredNoticeErrors(content: NoticeBoardContent, before: NoticeBoardContent, today: string) {
  const kept = new Map(before.notices.map((notice) => [notice.id, notice.expires]));
  const errors: Record<string, string[]> = {};
  content.notices.forEach((notice, index) => {
    if (notice.expires !== '' && notice.expires < today && kept.get(notice.id) !== notice.expires) {
      errors[`content.notices.${index}.expires`] = [siteContentMessages.expiryPast];
    }
  });
  return errors;
}

export const siteSectionDecider = (section: SiteSection): Decider<SiteSectionCommand, SiteSectionState, SiteSectionEvent> => ({
  initialState: { draft: defaultSiteContent[section], versions: new Map(), restoredFrom: null },
  evolve(state, event) {
    switch (event.type) {
      case 'SiteDraftSaved':
      case 'SiteDraftDiscarded':
        return { ...state, draft: event.data.content, restoredFrom: null };
      case 'SiteVersionRestored':
        return { ...state, draft: event.data.content, restoredFrom: event.data.number };
      case 'SiteSectionPublished':
        return {
          draft: event.data.content,
          versions: new Map(state.versions).set(event.data.number, event.data.content),
          restoredFrom: null,
        };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveSiteDraft': {
        const { content, today } = command.data;
        if (section === 'notice-board') {
          const errors = expiredNoticeErrors(content as NoticeBoardContent, state.draft as NoticeBoardContent, today);
          if (Object.keys(errors).length) throw invalid(siteContentMessages.invalid, errors);
        }
        return sameContent(content, state.draft) ? [] : [{ type: 'SiteDraftSaved', data: { content } }];
      }
      case 'PublishSiteSection':
        if (!hasPendingChanges(state)) throw conflict(siteContentMessages.nothingToPublish);
        return [
          {
            type: 'SiteSectionPublished',
            data: { number: (latestVersion(state) ?? 0) + 1, content: state.draft, restoredFrom: state.restoredFrom },
          },
        ];
      case 'RestoreSiteVersion': {
        const content = state.versions.get(command.data.number);
        if (!content) throw missing(siteContentMessages.noVersion(command.data.number));
        return [{ type: 'SiteVersionRestored', data: { number: command.data.number, content } }];
      }
      case 'DiscardSiteDraft': {
        const published = publishedContent(state) ?? defaultSiteContent[section];
        if (sameContent(state.draft, published)) throw conflict(siteContentMessages.nothingToDiscard);
        return [{ type: 'SiteDraftDiscarded', data: { content: published } }];
      }
    }
  },
});
