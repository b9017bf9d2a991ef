import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { z } from 'zod';
import { cookieSettings } from './cookie-settings.server';

const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'info', 'message']).default('message'),
  title: z.string(),
  description: z.string().optional(),
  /** Milliseconds; sonner's default (4 s) when absent. */
  duration: z.number().int().positive().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

let toastStorage: ReturnType<typeof createCookieSessionStorage<{ toast: Toast }>> | undefined;

/** Created on first use: the host sets SESSION_SECRET before serving. */
function storage() {
  if (toastStorage) return toastStorage;
  const { secret, secure } = cookieSettings();
  toastStorage = createCookieSessionStorage<{ toast: Toast }>({
    cookie: { name: 'toast', sameSite: 'lax', path: '/', httpOnly: true, secure, secrets: [secret] },
  });
  return toastStorage;
}

const KEY = 'toast';

/** A Set-Cookie header carrying one toast to the next page the browser loads. */
export async function toastHeader(input: ToastInput, headers = new Headers()) {
  const session = await storage().getSession();
  session.flash(KEY, toastSchema.parse(input));
  headers.append('Set-Cookie', await storage().commitSession(session));
  return headers;
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = await toastHeader(input, new Headers(init?.headers));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast; the caller must send the returned header. */
export async function readToast(request: Request) {
  const session = await storage().getSession(request.headers.get('Cookie'));
  const parsed = toastSchema.safeParse(session.get(KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { 'Set-Cookie': await storage().destroySession(session) } : undefined,
  };
}
