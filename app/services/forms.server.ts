import { parseWithZod } from '@conform-to/zod';
import type { ZodTypeAny } from 'zod';
import { validateCsrf } from './csrf.server';

/** Reads a posted form, rejects it without a valid CSRF token, and validates it with zod. */
export async function readForm<Schema extends ZodTypeAny>(request: Request, schema: Schema) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}
