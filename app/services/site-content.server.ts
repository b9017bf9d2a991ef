import {
  siteContentContract,
  type PublicSiteContent,
  type SiteContent,
  type SiteSection,
  type SiteSectionView,
} from '../../common/contracts/site-content';
import { anonymousApi, callEndpoint, ifMatch, type ApiResult } from './api.server';
import type { ApiTransport } from './api-transport.server';
import type { AuthedApi } from './auth.server';

/** Calls to /api/v1/site-content (the settings pages) and /api/v1/public/site (what visitors read). */

export function getSiteOverview(api: AuthedApi) {
  return callEndpoint(api, siteContentContract.overview, {});
}

export async function getSiteSection<S extends SiteSection>(api: AuthedApi, section: S): Promise<ApiResult<SiteSectionView<S>>> {
  return (await callEndpoint(api, siteContentContract.show, { params: { section } })) as ApiResult<SiteSectionView<S>>;
}

export function saveSiteDraft<S extends SiteSection>(api: AuthedApi, section: S, content: SiteContent[S], version: number) {
  return callEndpoint(api, siteContentContract.saveDraft, { params: { section }, body: { content }, ...ifMatch(version) });
}

export function publishSiteSection(api: AuthedApi, section: SiteSection, version: number) {
  return callEndpoint(api, siteContentContract.publish, { params: { section }, ...ifMatch(version) });
}

export function restoreSiteVersion(api: AuthedApi, section: SiteSection, number: number, version: number) {
  return callEndpoint(api, siteContentContract.restore, { params: { section }, body: { number }, ...ifMatch(version) });
}

export function discardSiteDraft(api: AuthedApi, section: SiteSection, version: number) {
  return callEndpoint(api, siteContentContract.discard, { params: { section }, ...ifMatch(version) });
}

/** The published site as visitors read it today; no sign-in. */
export async function getPublicSite(transport: ApiTransport): Promise<ApiResult<PublicSiteContent>> {
  return (await callEndpoint(anonymousApi(transport), siteContentContract.publicSite, {})) as ApiResult<PublicSiteContent>;
}

/** The site as visitors would read it if every draft were published now; for editors of any page. */
export async function getSitePreview(api: AuthedApi): Promise<ApiResult<PublicSiteContent>> {
  return (await callEndpoint(api, siteContentContract.preview, {})) as ApiResult<PublicSiteContent>;
}
