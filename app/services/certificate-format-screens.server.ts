import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { certificateFormatMessages } from '../../common/contracts/certificate-formats';
import type { FormatKind } from '../../common/certificate-layout';
import {
  formatDefaults,
  formatListSchema,
  formatPaths,
  managesFormats,
  newFormat,
  parseFormatQuery,
  type FormatRow,
} from '~/lib/certificate-formats';
import { withParams } from '~/lib/list-query';
import { requireAdminRoute } from './auth.server';
import {
  archiveCertificateFormat,
  certificateFormatPreview,
  certificateFormatSample,
  createCertificateFormat,
  listCertificateFormats,
  loadCertificateFormat,
  readDesignerPost,
  saveCertificateFormat,
  searchPreviewStudents,
} from './certificate-formats.server';
import { documentResponse, originOf } from './document-files.server';
import { readForm } from './forms.server';
import { listLoader, loadListPage } from './list.server';
import { redirectWithToast } from './toast.server';

/** A kind's list: one page of its formats by name, and whether the user may add and archive them. */
export const formatListLoader = (kind: FormatKind) =>
  listLoader(async (request, auth) => {
    const query = parseFormatQuery(new URL(request.url).searchParams, formatDefaults);
    const page = await loadListPage(request, auth, {
      query,
      defaults: formatDefaults,
      fetch: async ({ search, archived, page, limit }) => {
        const answer = await listCertificateFormats(auth.api, {
          kind,
          search: search || undefined,
          archived: archived === 'shown',
          page,
          limit,
        });
        if (!answer.ok) return answer;
        const { formats, total, totalPages } = answer.data;
        return { ...answer, data: { rows: formats.map((row): FormatRow => ({ ...row, title: row.content.name })), total, totalPages } };
      },
    });
    return { ...page, kind, canManage: managesFormats(kind, auth.user) };
  });

/** A new format, opened in the designer; or a format archived or brought back, the list shown again. */
export const formatListAction =
  (kind: FormatKind) =>
  async ({ request, context }: ActionFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const { submission } = await readForm(request, formatListSchema);
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
    const value = submission.value;
    const url = new URL(request.url);
    if (value.intent !== 'create') {
      const changed = await archiveCertificateFormat(api, value.id, value.intent === 'archive');
      return redirectWithToast(
        `${url.pathname}${withParams(url.search, { index: null })}`,
        { type: changed.ok ? 'success' : 'error', title: changed.message },
        { headers },
      );
    }
    const created = await createCertificateFormat(api, newFormat(kind, value));
    if (!created.ok) {
      // A name taken is the name's problem; anything else (a page of the other kind) is the form's.
      const named = created.status === 409 ? { fieldErrors: { name: [created.message] } } : { formErrors: [created.message] };
      return data({ result: submission.reply(named) }, { status: created.status >= 500 ? 500 : 400, headers });
    }
    return redirectWithToast(formatPaths.designer(kind, created.data._id), { type: 'success', title: created.message }, { headers });
  };

/** A format of the route's kind, else not found: an ID card format is not opened as a certificate's. */
async function formatOfKind(api: Parameters<typeof loadCertificateFormat>[0], id: string, kind: FormatKind, headers: Headers) {
  const format = await loadCertificateFormat(api, id);
  if (!format.ok) throw data({ message: format.message }, { status: format.status, headers });
  if (format.data.kind !== kind) throw data({ message: certificateFormatMessages.missing }, { status: 404, headers });
  return format.data;
}

/**
 * The designer: the format with its revisions, whether the user may change it, and the student
 * picked for the preview (`?studentId=`) with what the fields read for them.
 */
export const formatDesignerLoader =
  (kind: FormatKind) =>
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const { api, user, headers } = await requireAdminRoute(request, context);
    const format = await formatOfKind(api, params.id ?? '', kind, headers);
    const search = new URL(request.url).searchParams;
    const studentId = search.get('studentId');
    // Without JavaScript the picker's search comes as `?find=`, its matches listed by the page.
    const find = search.get('find')?.trim().slice(0, 100) ?? '';
    const [sample, matches] = await Promise.all([
      studentId ? certificateFormatSample(api, format._id, studentId) : null,
      find ? searchPreviewStudents(api, find) : null,
    ]);
    return data(
      {
        format,
        kind,
        canManage: managesFormats(kind, user),
        student: sample?.ok ? sample.data : null,
        studentRefusal: (sample && !sample.ok ? sample.message : null) ?? (matches && !matches.ok ? matches.message : null),
        find,
        matches: matches?.ok ? matches.data : null,
      },
      { headers },
    );
  };

/**
 * Saves a new revision from the designer (If-Match with the version it was opened at), or
 * archives or brings the format back. A refusal comes back to the page: a stale save says so,
 * a layout's problems come under their paths (`layout.fields.N…`).
 */
export const formatDesignerAction =
  (kind: FormatKind) =>
  async ({ request, context, params }: ActionFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const id = params.id ?? '';
    const url = new URL(request.url);
    const back = `${url.pathname}${withParams(url.search, { index: null })}`;
    const intent = (await request.clone().formData()).get('intent');
    if (intent === 'archive' || intent === 'unarchive') {
      const changed = await archiveCertificateFormat(api, id, intent === 'archive');
      return redirectWithToast(back, { type: changed.ok ? 'success' : 'error', title: changed.message }, { headers });
    }
    const format = await formatOfKind(api, id, kind, headers);
    const post = await readDesignerPost(request, api, context, kind, format.content.layout);
    // The version sent tells the page whether a refusal still concerns the format it shows.
    const sent = { content: post.content, version: post.version ?? format.version };
    if (post.refused) return data({ ...post.refused, status: 400, ...sent }, { status: 400, headers });
    const saved = await saveCertificateFormat(api, id, post.content, post.version);
    if (!saved.ok) {
      return data(
        { message: saved.message, errors: saved.errors ?? {}, status: saved.status, ...sent },
        { status: saved.status >= 500 ? 500 : saved.status === 412 ? 412 : 400, headers },
      );
    }
    return redirectWithToast(back, { type: 'success', title: saved.message }, { headers });
  };

/** A revision (`?revision=`, else the latest) filled in for a student (`?studentId=`), as a PDF. */
export const formatPreviewLoader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const revision = Number(search.get('revision')) || undefined;
  const answer = await certificateFormatPreview(
    api,
    params.id ?? '',
    { studentId: search.get('studentId') ?? '', revision },
    originOf(request),
  );
  return documentResponse(request, answer, headers);
};
