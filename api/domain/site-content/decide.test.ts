import { describe, expect, it } from 'vitest';
import {
  defaultSiteContent,
  siteContentMessages,
  type HeaderContent,
  type NoticeBoardContent,
} from '../../../common/contracts/site-content';
import { DomainError } from '../errors';
import { hasPendingChanges, publishedContent, siteSectionDecider, type SiteSectionCommand, type SiteSectionState } from './decide';
import type { SiteSectionEvent } from './events';

const header = siteSectionDecider('header');
const notices = siteSectionDecider('notice-board');
const fold = (decider: typeof header, events: SiteSectionEvent[]): SiteSectionState => events.reduce(decider.evolve, decider.initialState);

const named = (instituteName: string): HeaderContent => ({ ...defaultSiteContent.header, instituteName });
const saved = (content: HeaderContent | NoticeBoardContent): SiteSectionEvent => ({ type: 'SiteDraftSaved', data: { content } });
const published = (number: number, content: HeaderContent, restoredFrom: number | null = null): SiteSectionEvent => ({
  type: 'SiteSectionPublished',
  data: { number, content, restoredFrom },
});
const save = (content: HeaderContent | NoticeBoardContent, today = '2026-12-06'): SiteSectionCommand => ({
  type: 'SaveSiteDraft',
  data: { content, today },
});

function refusal(decider: typeof header, command: SiteSectionCommand, state: SiteSectionState) {
  try {
    decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error(`${command.type} was not refused`);
}

describe('a section of the site', () => {
  it('starts as the first day’s content, unpublished and so pending', () => {
    const state = header.initialState;
    expect(state.draft).toEqual(defaultSiteContent.header);
    expect(publishedContent(state)).toBeNull();
    expect(hasPendingChanges(state)).toBe(true);
  });

  it('saves a draft that visitors do not see, and nothing when nothing changed', () => {
    const state = fold(header, [published(1, named('First')), saved(named('Second'))]);
    expect(publishedContent(state)).toEqual(named('First'));
    expect(hasPendingChanges(state)).toBe(true);
    expect(header.decide(save(named('Second')), state)).toEqual([]);
    expect(header.decide(save(named('Third')), state)).toEqual([saved(named('Third'))]);
  });

  it('publishes the draft as the next version, and refuses to publish what is published', () => {
    const once = fold(header, [saved(named('First'))]);
    expect(header.decide({ type: 'PublishSiteSection' }, once)).toEqual([published(1, named('First'))]);
    const twice = fold(header, [saved(named('First')), published(1, named('First')), saved(named('Second'))]);
    expect(header.decide({ type: 'PublishSiteSection' }, twice)).toEqual([published(2, named('Second'))]);
    const done = fold(header, [saved(named('First')), published(1, named('First'))]);
    expect(hasPendingChanges(done)).toBe(false);
    expect(refusal(header, { type: 'PublishSiteSection' }, done)).toEqual({
      kind: 'conflict',
      message: siteContentMessages.nothingToPublish,
      errors: undefined,
    });
  });

  it('restores an earlier version as the draft, which publishing names as restored', () => {
    const history = [published(1, named('First')), saved(named('Second')), published(2, named('Second'))];
    const state = fold(header, history);
    const restored: SiteSectionEvent = { type: 'SiteVersionRestored', data: { number: 1, content: named('First') } };
    expect(header.decide({ type: 'RestoreSiteVersion', data: { number: 1 } }, state)).toEqual([restored]);
    const after = fold(header, [...history, restored]);
    expect(publishedContent(after)).toEqual(named('Second'));
    expect(header.decide({ type: 'PublishSiteSection' }, after)).toEqual([published(3, named('First'), 1)]);
    // An edit after the restore makes the draft the editor's own again.
    const edited = fold(header, [...history, restored, saved(named('Third'))]);
    expect(header.decide({ type: 'PublishSiteSection' }, edited)).toEqual([published(3, named('Third'))]);
    expect(refusal(header, { type: 'RestoreSiteVersion', data: { number: 7 } }, state)).toMatchObject({
      kind: 'not-found',
      message: siteContentMessages.noVersion(7),
    });
  });

  it('discards draft changes back to what is published, or to the first day’s content', () => {
    const state = fold(header, [published(1, named('First')), saved(named('Second'))]);
    expect(header.decide({ type: 'DiscardSiteDraft' }, state)).toEqual([{ type: 'SiteDraftDiscarded', data: { content: named('First') } }]);
    const never = fold(header, [saved(named('Draft'))]);
    expect(header.decide({ type: 'DiscardSiteDraft' }, never)).toEqual([
      { type: 'SiteDraftDiscarded', data: { content: defaultSiteContent.header } },
    ]);
    expect(refusal(header, { type: 'DiscardSiteDraft' }, fold(header, [published(1, named('First'))]))).toMatchObject({
      kind: 'conflict',
      message: siteContentMessages.nothingToDiscard,
    });
  });
});

describe('the notice board', () => {
  const notice = (id: string, expires: string) => ({
    id,
    title: 'Exam schedule',
    markdown: '',
    date: '2026-11-01',
    pinned: false,
    expires,
    attachment: '',
  });

  it('refuses an expiry in the past for a new notice or a changed expiry, and keeps one that expired on the board', () => {
    const state = fold(notices, [saved({ notices: [notice('a', '2026-11-30')] })]);
    expect(refusal(notices, save({ notices: [notice('a', '2026-11-30'), notice('b', '2026-12-05')] }), state)).toEqual({
      kind: 'invalid',
      message: siteContentMessages.invalid,
      errors: { 'content.notices.1.expires': [siteContentMessages.expiryPast] },
    });
    expect(refusal(notices, save({ notices: [notice('a', '2026-12-01')] }), state)).toMatchObject({
      errors: { 'content.notices.0.expires': [siteContentMessages.expiryPast] },
    });
    const kept = { notices: [notice('a', '2026-11-30'), notice('b', '2026-12-06')] };
    expect(notices.decide(save(kept), state)).toEqual([saved(kept)]);
  });
});
