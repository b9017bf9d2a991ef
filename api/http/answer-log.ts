import { appendFileSync } from 'node:fs';

/** One answer of /api/v1 as the answer log keeps it: a JSON line. */
export interface LoggedAnswer {
  method: string;
  /** Path and query as requested. */
  path: string;
  /** The request's If-Match, the one request header whose meaning the API's document states per operation. */
  requestHeaders: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Wraps the API's fetch so that every answer is appended to `file` as a JSON line, for a test
 * run to hold each answer to the OpenAPI document afterwards (API_ANSWER_LOG). Written at once
 * and in order, so a process that is stopped loses none; a copy of each answer is the cost, so
 * production leaves it off.
 */
export function loggingAnswers<Args extends unknown[]>(
  fetchApi: (request: Request, ...rest: Args) => Response | Promise<Response>,
  file: string,
) {
  return async (request: Request, ...rest: Args): Promise<Response> => {
    const response = await fetchApi(request, ...rest);
    const text = await response.clone().text();
    const url = new URL(request.url);
    const ifMatch = request.headers.get('If-Match');
    const answer: LoggedAnswer = {
      method: request.method,
      path: url.pathname + url.search,
      requestHeaders: ifMatch === null ? {} : { 'If-Match': ifMatch },
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: response.headers.get('Content-Type')?.includes('application/json') && text ? JSON.parse(text) : text,
    };
    appendFileSync(file, `${JSON.stringify(answer)}\n`);
    return response;
  };
}
