import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeader } from '~/components/list/page-header';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LayoutTemplateIcon, PlusIcon } from '~/components/ui/icons';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { listMarksheetTemplates, makeMarksheetTemplateDefault } from '~/services/marksheet-templates.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';

const title = 'Marksheet Templates';

export const meta: MetaFunction = () => [{ title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const list = await listMarksheetTemplates(api);
  if (!list.ok) throw data({ message: list.message }, { status: list.status, headers });
  return data({ templates: list.data.templates }, { headers });
}

/** Makes a template the default: results published from then on are printed with it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const made = await makeMarksheetTemplateDefault(api, String(formData.get('id') ?? ''));
  return redirectWithToast('/admin/exam/templates', { type: made.ok ? 'success' : 'error', title: made.message }, { headers });
}

export default function MarksheetTemplates() {
  const { templates } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-4">
      <PageHeader
        title={title}
        description="How marksheets look: the institute’s header, the details shown, the grading scale and who signs. Results are printed with the template that was the default when they were published."
        actions={
          <Button asChild>
            <Link to="/admin/exam/templates/new">
              <PlusIcon aria-hidden className="size-4" />
              New template
            </Link>
          </Button>
        }
      />
      {templates.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-10 text-center">
          <LayoutTemplateIcon aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">No templates yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Until one exists, marksheets carry the centre’s name and address and the default grading scale. The first template becomes the
            default.
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Template</TableHead>
                <TableHead className="hidden md:table-cell">Institute</TableHead>
                <TableHead className="hidden sm:table-cell">Grades</TableHead>
                <TableHead className="hidden sm:table-cell">Saved</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {templates.map((template) => (
                <TableRow key={template._id}>
                  <TableCell>
                    <span className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/admin/exam/templates/${encodeURIComponent(template._id)}`}
                        className="font-medium underline-offset-4 hover:underline"
                      >
                        {template.content.name}
                      </Link>
                      {template.isDefault ? <Badge variant="success">Default</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{template.content.instituteName}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    {template.content.gradingScale.map((band) => band.grade).join(' · ')}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{formatDate(template.updatedAt)}</TableCell>
                  <TableCell className="text-right">
                    {template.isDefault ? null : (
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="id" value={template._id} />
                        <Button type="submit" size="sm" variant="outline">
                          Make default<span className="sr-only">: {template.content.name}</span>
                        </Button>
                      </Form>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
