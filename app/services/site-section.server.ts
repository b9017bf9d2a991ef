import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import {
  siteContentSchemas,
  siteSectionTitles,
  siteUpload,
  siteUploadRuleOf,
  type SiteContent,
  type SiteSection,
  type SiteSectionView,
} from '../../common/contracts/site-content';
import { requireAdminRoute, type AuthedApi } from './auth.server';
import { validateCsrf } from './csrf.server';
import { replyWithRefusal } from './forms.server';
import { readPost, storePostedFiles } from './posted-files.server';
import { discardSiteDraft, getSiteSection, publishSiteSection, restoreSiteVersion, saveSiteDraft } from './site-content.server';
import { redirectWithToast } from './toast.server';

/**
 * A settings page's data: its section as the API answers it (draft, published, history, version),
 * and what `more` adds to it (the names of what the draft refers to; a `view` of its own replaces
 * the API's).
 */
export function siteSectionLoader<S extends SiteSection, More extends object = object>(
  section: S,
  more?: (api: AuthedApi, view: SiteSectionView<S>) => Promise<More>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const view = await getSiteSection(api, section);
    if (!view.ok) throw data({ message: view.message }, { status: view.status, headers });
    return data({ view: view.data, ...(more ? await more(api, view.data) : ({} as More)) }, { headers });
  };
}

/** The API's field names inside the section (`content.menu.0.href`) as the page's form names them (`menu.0.href`). */
const withinContent = (errors: Record<string, string[]> | undefined) =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([name, messages]) => [name.replace(/^content\./, ''), messages]));

/**
 * A settings page's posts. `save` and `publish` come from the page's form: its values are the
 * section's content (files a browser without JavaScript sent are stored first), saved as the draft
 * at the version the page was opened at; `publish` then publishes that draft. `discard`,
 * `restore` and `publish-draft` (the saved draft as it is, from the palette's Publish) come from
 * the page's side forms. Each answers with a toast; a refusal of the content
 * goes under its fields.
 */
export function siteSectionAction<S extends SiteSection>(
  section: S,
  {
    more,
  }: {
    /** What the form needs beside its values (as posted, an intent applied) when it comes back unsaved: a list changed, a search made without JavaScript. */
    more?: (api: AuthedApi, posted: Record<string, unknown>) => Promise<object>;
  } = {},
) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const { formData, tooLarge } = await readPost(request, siteUploadRuleOf);
    await validateCsrf(formData, request);
    const intent = formData.get('intent');
    const version = Number(formData.get('version'));
    const page = new URL(request.url).pathname;
    const toast = (result: { ok: boolean; message: string }) =>
      redirectWithToast(page, { type: result.ok ? 'success' : 'error', title: result.message }, { headers });

    if (intent === 'discard') return toast(await discardSiteDraft(api, section, version));
    if (intent === 'publish-draft') return toast(await publishSiteSection(api, section, version));
    if (intent === 'restore') return toast(await restoreSiteVersion(api, section, Number(formData.get('number')), version));

    const uploadErrors = await storePostedFiles(api, context, siteUpload.formType, formData, tooLarge, siteUploadRuleOf);
    const submission = parseWithZod(formData, { schema: siteContentSchemas[section] });
    if (submission.status !== 'success' || Object.keys(uploadErrors).length) {
      return data(
        { result: submission.reply({ fieldErrors: uploadErrors }), ...(more ? await more(api, submission.payload) : {}) },
        { status: submission.status === 'error' ? 400 : 200, headers },
      );
    }
    const saved = await saveSiteDraft(api, section, submission.value as SiteContent[S], version);
    if (!saved.ok) {
      const errors = withinContent(saved.errors);
      // The form is the whole section: whatever the API refuses is one of its fields.
      const fields = Object.keys(errors).map((name) => name.replace(/\.\d+(?=\.|$)/g, ''));
      return replyWithRefusal(
        submission,
        { ...saved, errors },
        {
          fields,
          fallback: `The ${siteSectionTitles[section].toLowerCase()} could not be saved. Try again.`,
          headers,
        },
      );
    }
    if (intent !== 'publish') return toast(saved);
    return toast(await publishSiteSection(api, section, saved.data.version));
  };
}
