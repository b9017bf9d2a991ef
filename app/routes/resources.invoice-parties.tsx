import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { invoiceKinds } from '../../common/contracts/invoices';
import { invoicePaths } from '~/lib/invoices';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { requireAdminForFetch } from '~/services/auth.server';
import { partyWithFees, searchParties } from '~/services/invoices.server';

const query = z.object({
  kind: z.enum(invoiceKinds),
  search: z.string().trim().max(100).optional(),
  id: z.string().trim().min(1).max(100).optional(),
});

/**
 * The create form's party picker as one types: `?kind=student&search=` → matches; `&id=` → the
 * one picked with the fee line its invoice starts with. Open to whoever opens that create screen.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminForFetch(request, context);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ parties: [], picked: null }, { status: 400, headers });
  const { kind, search, id } = parsed.data;
  const screen = findAdminRoute(invoicePaths.create(kind));
  if (!screen || !canOpen(screen, user)) return Response.json({ parties: [], picked: null }, { status: 403, headers });
  if (id) {
    const picked = await partyWithFees(api, kind, id);
    return Response.json({ parties: [], picked: picked.ok ? picked.data : null }, { status: picked.status, headers });
  }
  const found = await searchParties(api, kind, search ?? '');
  return Response.json({ parties: found.ok ? found.data : [], picked: null }, { status: found.status, headers });
}
