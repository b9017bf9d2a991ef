import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { markCell, MARK_CELLS_MAX } from '../../common/contracts/exam-results';
import { requireAdminForFetch } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { saveMarks } from '~/services/exam-results.server';

/**
 * The result-entry grid's saves, made as marks are typed: POST examId and cells (the JSON the
 * API takes) → the API's answer, its status kept, so the grid tells a conflict, a refusal and a
 * failure apart. The session's token stays on the server.
 */
const request = z.object({
  examId: z.string().min(1).max(100),
  cells: z.string().transform((text, context) => {
    const parsed = z
      .array(markCell)
      .min(1)
      .max(MARK_CELLS_MAX)
      .safeParse(JSON.parse(text || 'null'));
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: 'Invalid marks' });
    return z.NEVER;
  }),
});

export async function action({ request: req, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminForFetch(req, context);
  const formData = await req.formData();
  await validateCsrf(formData, req);
  let input: z.infer<typeof request>;
  try {
    input = request.parse(Object.fromEntries(formData));
  } catch {
    return Response.json({ success: false, message: 'Invalid marks', data: null }, { status: 400, headers });
  }
  const result = await saveMarks(api, input.examId, input.cells);
  return Response.json(
    { success: result.ok, message: result.message, data: result.ok ? result.data : null, errors: result.ok ? undefined : result.errors },
    { status: result.status, headers },
  );
}
