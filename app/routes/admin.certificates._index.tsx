import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { issuedKindLabels, type IssuedKind } from '../../common/contracts/certificates';
import { IssuedStatusBadge } from '~/components/certificates/status-badge';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EmptyState } from '~/components/list/empty-state';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { AwardIcon, BadgeCheckIcon, IdCardIcon, PlusIcon, type LucideIcon } from '~/components/ui/icons';
import { certificatePaths, issuesDocuments } from '~/lib/certificates';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { requireAdminRoute } from '~/services/auth.server';
import { certificateOverview } from '~/services/certificates.server';
import { formatDate } from '~/utils/format';

const title = 'Certificates & ID Cards';

export const meta: MetaFunction = () => [{ title }];

const screens: { path: string; icon: LucideIcon; description: string }[] = [
  { path: certificatePaths.generated, icon: BadgeCheckIcon, description: 'Issue, download, print, revoke and reissue.' },
  { path: certificatePaths.formats, icon: AwardIcon, description: 'How certificates look: the page and where each detail is printed.' },
  { path: certificatePaths.idcardFormats, icon: IdCardIcon, description: 'How ID cards look, front and back.' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const answer = await certificateOverview(api);
  const links = screens.flatMap((screen) => {
    const route = findAdminRoute(screen.path);
    return route && canOpen(route, user) ? [{ path: screen.path, title: route.title }] : [];
  });
  // Format managers without the right to read issued documents still open the overview: its links remain.
  return data(
    { overview: answer.ok ? answer.data : null, refused: answer.ok ? null : answer.message, links, issues: issuesDocuments(user) },
    { headers },
  );
}

const countLabels: Record<IssuedKind, string> = { certificate: 'Certificates', idcard: 'ID cards' };

export default function CertificatesOverview() {
  const { overview, refused, links, issues } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={title}
        description="Certificates and ID cards issued to students, and the formats they are printed from."
        actions={
          issues ? (
            <Button asChild>
              <Link to={certificatePaths.issue('certificate')}>
                <PlusIcon aria-hidden="true" /> Issue
              </Link>
            </Button>
          ) : undefined
        }
      />
      {overview ? (
        <section aria-label="Issued" className="grid gap-4 sm:grid-cols-2">
          {(['certificate', 'idcard'] as const).map((kind) => (
            <Card key={kind} data-testid={`issued-${kind}`}>
              <CardHeader>
                <CardTitle className="text-base">{countLabels[kind]}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-x-8 gap-y-2">
                <p className="grid">
                  <span className="text-3xl font-semibold tabular-nums" data-count="thisMonth">
                    {overview[kind].thisMonth}
                  </span>
                  <span className="text-sm text-muted-foreground">issued this month</span>
                </p>
                <p className="grid">
                  <span className="text-3xl font-semibold tabular-nums" data-count="total">
                    {overview[kind].total}
                  </span>
                  <span className="text-sm text-muted-foreground">issued in all</span>
                </p>
              </CardContent>
            </Card>
          ))}
        </section>
      ) : refused ? (
        <p role="note" className="rounded-md border px-3 py-2 text-sm text-muted-foreground">
          {refused}
        </p>
      ) : null}

      <nav aria-label="Certificate screens" className="grid gap-4 md:grid-cols-3">
        {links.map((link) => {
          const screen = screens.find((each) => each.path === link.path)!;
          return (
            <Link
              key={link.path}
              to={link.path}
              className="group rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Card className="h-full transition-colors group-hover:border-primary/50">
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <screen.icon aria-hidden="true" className="size-4 text-primary" />
                    {link.title}
                  </CardTitle>
                  <CardDescription>{screen.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          );
        })}
      </nav>

      {overview ? (
        <section aria-labelledby="recent-title" className="grid gap-3">
          <h2 id="recent-title" className="text-lg font-semibold">
            Recent issues
          </h2>
          {overview.recent.length === 0 ? (
            <EmptyState icon={BadgeCheckIcon} title="Nothing issued yet">
              Certificates and ID cards appear here once they are issued.
            </EmptyState>
          ) : (
            <ul className="divide-y rounded-lg border">
              {overview.recent.map((document) => (
                <li key={document._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                  <div className="min-w-0">
                    <Link
                      to={`${certificatePaths.generated}?${new URLSearchParams({ search: document.number })}`}
                      className="font-medium tabular-nums hover:underline"
                    >
                      {document.number}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {issuedKindLabels[document.kind]} · {document.studentName} · {document.courseName}
                    </p>
                  </div>
                  <div className="flex items-center gap-3 text-sm text-muted-foreground">
                    <IssuedStatusBadge status={document.status} />
                    <span className="tabular-nums">{formatDate(document.issuedAt)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
