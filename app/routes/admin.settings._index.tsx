import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { SiteSection } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeader } from '~/components/list/page-header';
import { SiteStateBadge } from '~/components/site-settings/section-layout';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { EyeIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { getSiteOverview } from '~/services/site-content.server';
import { formatDateTime } from '~/utils/format';

const title = 'Settings';

export const meta: MetaFunction = () => [{ title: 'Site settings' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const overview = await getSiteOverview(api);
  if (!overview.ok) throw data({ message: overview.message }, { status: overview.status, headers });
  return data({ sections: overview.data.sections }, { headers });
}

/** What each page of the public site holds, as the overview says it in a line. */
const about: Record<SiteSection, string> = {
  header: 'Institute name, logo, contacts, social links and the menu.',
  footer: 'Columns of links, address, map and the copyright line.',
  body: 'The home page’s sections, their order, and which are shown.',
  theme: 'Colours, font, light or dark, checked for contrast.',
  gallery: 'Albums of photos with captions and covers.',
  certifications: 'Affiliations and accreditations with their logos.',
  'notice-board': 'Notices with dates, pins, expiry and attachments.',
  downloads: 'Prospectus, forms and syllabi, by category.',
  banners: 'Slides at the top of the home page, on a schedule.',
};

/** Drafts waiting to go out and pages still on their starting content are different news. */
function siteSummary(changed: number, unpublished: number) {
  const parts = [
    changed ? `${changed === 1 ? 'One page has' : `${changed} pages have`} changes visitors do not see yet.` : '',
    unpublished ? `${unpublished === 1 ? 'One page is' : `${unpublished} pages are`} not published yet.` : '',
  ].filter(Boolean);
  return ['The institute’s public website.', ...(parts.length ? parts : ['Every page is as published.'])].join(' ');
}

export default function SiteSettings() {
  const { sections } = useLoaderData<typeof loader>();
  const changed = sections.filter((section) => section.state === 'changed').length;
  const unpublished = sections.filter((section) => section.state === 'unpublished').length;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        title={title}
        description={siteSummary(changed, unpublished)}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <a href="/site" target="_blank" rel="noreferrer">
                <EyeIcon aria-hidden /> View site
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href="/site?preview=1" target="_blank" rel="noreferrer">
                <EyeIcon aria-hidden /> Preview drafts
              </a>
            </Button>
          </>
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Settings pages">
        {sections.map((section) => (
          <li key={section.section}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle>
                  <h2 className="text-base">
                    {section.editable ? (
                      <Link to={`/admin/settings/${section.section}`} className="underline-offset-4 hover:underline">
                        {section.title}
                      </Link>
                    ) : (
                      section.title
                    )}
                  </h2>
                </CardTitle>
                <CardDescription>{about[section.section]}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                <div>
                  <SiteStateBadge summary={section} />
                </div>
                <p className="text-muted-foreground">
                  {section.publishedAt
                    ? `Published ${formatDateTime(section.publishedAt)}${section.publishedBy ? ` by ${section.publishedBy}` : ''}`
                    : 'Visitors see the starting content.'}
                </p>
                {section.editable ? null : <p className="text-muted-foreground">You may not edit this page.</p>}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
