import { data } from '@remix-run/node';
import type { ApiFile, ApiResult } from './api.server';
import { fileResponse } from './api.server';

/**
 * A document the API made, handed to the browser: shown in its PDF viewer, or saved when the
 * address asks for a download. A refusal (results not published, no card issued) comes back as
 * the API's message, which the error page shows.
 */
export function documentResponse(request: Request, answer: ApiResult<ApiFile>, headers: Headers) {
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers });
  const response = fileResponse(answer.data, headers);
  if (new URL(request.url).searchParams.has('download')) {
    response.headers.set('Content-Disposition', (answer.data.disposition ?? 'inline').replace(/^inline/, 'attachment'));
  }
  return response;
}

/** The address the browser reached this server at: the documents' verification links start with it. */
export const originOf = (request: Request) => new URL(request.url).origin;
