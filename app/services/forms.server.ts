import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { ZodTypeAny } from 'zod';
import { failureMessage, type ApiResult } from './api.server';
import { validateCsrf } from './csrf.server';

/** Reads a posted form, rejects it without a valid CSRF token, and validates it with zod. */
export async function readForm<Schema extends ZodTypeAny>(request: Request, schema: Schema) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}

/**
 * The API's field errors as a form names its fields (`lines.0.rate` → `lines[0].rate`): those of
 * `fields` (or of a list's items, `lines.rate`), and the rest, which the form shows as its message.
 */
export function formErrorsFrom(errors: Record<string, string[]> | undefined, fields: readonly string[]) {
  const fieldErrors: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    const key = name.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    const base = key.replace(/\[\d+\]/g, '');
    if (fields.includes(base) || fields.includes(key)) fieldErrors[key] = [...(fieldErrors[key] ?? []), ...messages];
    else rest.push(...messages);
  }
  return { fieldErrors, rest };
}

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * The form again with an API's refusal: each error under its field (`aliases` renames the API's
 * names the form shows under another field), the others, or the message when no field is named,
 * above the form; 400, or 500 when the API failed.
 */
export function replyWithRefusal(
  submission: Submission<unknown, string[], unknown>,
  refusal: Refusal,
  {
    fields,
    fallback,
    headers,
    aliases = {},
  }: { fields: readonly string[]; fallback: string; headers: Headers; aliases?: Record<string, string> },
) {
  const named = Object.entries(refusal.errors ?? {}).map(([name, messages]) => [aliases[name] ?? name, messages] as const);
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of named) errors[name] = [...(errors[name] ?? []), ...messages];
  const { fieldErrors, rest } = formErrorsFrom(errors, fields);
  const formErrors = rest.length || !Object.keys(fieldErrors).length ? [failureMessage(refusal, fallback)] : [];
  return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: refusal.status >= 500 ? 500 : 400, headers });
}
