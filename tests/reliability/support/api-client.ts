/**
 * Calls to /api/v1 of a server process over HTTP, as an outside client makes them. A call that
 * gets no answer (the process was killed, the connection reset, the time ran out) is `lost`:
 * the caller cannot know whether the command took effect.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each check reads the fields it expects
export interface ApiEnvelope<Data = any> {
  success: boolean;
  message: string;
  data: Data;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ApiEnvelope
export type CallOutcome<Data = any> =
  { kind: 'answered'; status: number; body: ApiEnvelope<Data>; headers: Headers } | { kind: 'lost'; reason: string };

export interface CallOptions {
  token?: string;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ApiEnvelope
export async function callApi<Data = any>(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, idempotencyKey, headers = {}, timeoutMs = 15_000 }: CallOptions = {},
): Promise<CallOutcome<Data>> {
  const sent: Record<string, string> = { ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (idempotencyKey) sent['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: ApiEnvelope<Data>;
    try {
      parsed = JSON.parse(text) as ApiEnvelope<Data>;
    } catch {
      parsed = { success: false, message: text.slice(0, 200), data: null as Data };
    }
    return { kind: 'answered', status: response.status, body: parsed, headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'lost', reason: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

/** Signs in through /api/v1 and answers the access token and the user's id. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ token: string; userId: string }> {
  const outcome = await callApi<{ accessToken: string; user: { id: string } }>(baseUrl, 'POST', '/auth/v2/login', {
    body: { email, password },
  });
  if (outcome.kind !== 'answered' || outcome.status !== 200) {
    throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(outcome)}`);
  }
  return { token: outcome.body.data.accessToken, userId: outcome.body.data.user.id };
}

/** An answer that must be a success: its data, or an error that says what came back instead. */
export function expectSuccess<Data>(outcome: CallOutcome<Data>, what: string): Data {
  if (outcome.kind === 'answered' && outcome.status < 300) return outcome.body.data;
  throw new Error(`${what} failed: ${JSON.stringify(outcome.kind === 'answered' ? { status: outcome.status, ...outcome.body } : outcome)}`);
}
