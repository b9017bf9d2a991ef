import { data } from '@remix-run/node';
import type { ApiFile, ApiResult } from './api.server';
import { fileResponse } from './api.server';

/**
 * A document the API made, handed to the browser: shown in its PDF viewer, or saved when the
 * address asks for a download. A refusal (results not published, no card issued) comes back as
 * the API's message, which the error page shows.
 */
export function documentResponse(request: Request, answer: ApiResult<ApiFile>, headers: Headers) {
  return fileOrRefusal(answer, headers, new URL(request.url).searchParams.has('download'));
}

/** A file the API made, always saved rather than shown (a spreadsheet). */
export function savedFileResponse(answer: ApiResult<ApiFile>, headers: Headers) {
  return fileOrRefusal(answer, headers, true);
}

function fileOrRefusal(answer: ApiResult<ApiFile>, headers: Headers, saved: boolean) {
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers });
  const response = fileResponse(answer.data, headers);
  if (saved) response.headers.set('Content-Disposition', (answer.data.disposition ?? 'inline').replace(/^inline/, 'attachment'));
  return response;
}

/** The address the browser reached this server at: the documents' verification links start with it. */
export const originOf = (request: Request) => new URL(request.url).origin;
