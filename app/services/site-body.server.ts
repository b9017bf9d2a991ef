import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { bodySectionKinds, defaultSiteContent, type BodySection, type SiteContent } from '../../common/contracts/site-content';
import { callEndpoint, type ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';
import { recordChoices } from './choices.server';

/** A course the home page can highlight, as the body's page lists it. */
export interface SiteCourse {
  id: string;
  title: string;
  code: string | null;
}

/** How many matches a search for a course shows: a few, as the editor types more to narrow them. */
const SEARCH_LIMIT = 8;

/**
 * Every section of the home page in the editor's order: a kind the content leaves out is added
 * at the end, switched off, with the first day's texts, so that each can be switched on.
 */
export function everyBodySection(body: SiteContent['body']): SiteContent['body'] {
  const present = new Set(body.sections.map((section) => section.kind));
  const missing = bodySectionKinds
    .filter((kind) => !present.has(kind))
    .map((kind): BodySection => ({ ...defaultSiteContent.body.sections.find((section) => section.kind === kind)!, enabled: false }));
  return { sections: [...body.sections, ...missing] };
}

/** The courses whose name or code holds the text, by name. */
export async function searchSiteCourses(api: AuthedApi, search: string): Promise<ApiResult<SiteCourse[]>> {
  const answer = await callEndpoint(api, dynamicDataContract.list, {
    query: { formType: 'course', search: search.trim(), limit: SEARCH_LIMIT, sort: 'title', order: 'asc' },
  });
  if (!answer.ok) return answer;
  return { ...answer, data: answer.data.records.map((record) => ({ id: record._id, title: record.title, code: record.code })) };
}

/** The names of the courses the section highlights, by id; a course that is gone has none. */
export async function siteCourseNames(api: AuthedApi, ids: readonly string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const wanted = new Set(ids);
  const choices = (await recordChoices(api, 'course')) ?? [];
  return Object.fromEntries(choices.filter((choice) => wanted.has(choice.value)).map((choice) => [choice.value, choice.label]));
}
