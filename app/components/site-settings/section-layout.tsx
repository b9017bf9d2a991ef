import { Form, useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import type * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { SiteSectionSummary, SiteSectionView } from '../../../common/contracts/site-content';
import { BackLink } from '~/components/back-link';
import { PageHeader } from '~/components/list/page-header';
import { UrlDialog, UrlDialogActions } from '~/components/wallet/url-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { EyeIcon, RotateCcwIcon, SaveIcon, UploadIcon } from '~/components/ui/icons';
import { formatDateTime } from '~/utils/format';

const stateLabels: Record<SiteSectionSummary['state'], { label: string; variant: 'outline' | 'success' | 'warning' }> = {
  unpublished: { label: 'Not published yet', variant: 'outline' },
  published: { label: 'Published', variant: 'success' },
  changed: { label: 'Draft changes pending', variant: 'warning' },
};

/** Where a page stands for visitors: never published, as published, or with draft changes waiting. */
export function SiteStateBadge({ summary }: { summary: Pick<SiteSectionSummary, 'state' | 'publishedNumber'> }) {
  const { label, variant } = stateLabels[summary.state];
  return <Badge variant={variant}>{summary.state === 'published' ? `${label} · v${summary.publishedNumber}` : label}</Badge>;
}

/** What the page's form posts beside its fields: the version it was opened at, and the CSRF token. */
export function SiteSectionFormHidden({ version }: { version: number }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

/** The form's two ends: keep it as a draft, or make it public at once. */
export function SiteSectionSubmit({ busy }: { busy?: boolean }) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
      <p className="mr-auto text-sm text-muted-foreground">Visitors see nothing of a draft until it is published.</p>
      <Button type="submit" name="intent" value="save" variant="outline" disabled={busy || Boolean(submitting)}>
        <SaveIcon aria-hidden /> {submitting === 'save' ? 'Saving…' : 'Save draft'}
      </Button>
      <Button type="submit" name="intent" value="publish" disabled={busy || Boolean(submitting)}>
        <UploadIcon aria-hidden /> {submitting === 'publish' ? 'Publishing…' : 'Publish'}
      </Button>
    </div>
  );
}

/** A small form of the page's side: discard the draft, or restore a version. */
function SideForm({
  version,
  intent,
  children,
  extra,
}: {
  version: number;
  intent: string;
  children: React.ReactNode;
  extra?: Record<string, string>;
}) {
  return (
    <Form method="post" className="contents">
      <SiteSectionFormHidden version={version} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/**
 * A settings page of the public site: its title and state, the editor (`children`), and beside it
 * where it stands for visitors and every published version, each of which can be restored as the
 * draft.
 */
export function SiteSectionLayout({
  view,
  description,
  previewPath = '/site',
  children,
}: {
  view: SiteSectionView;
  description: string;
  /** The public page that shows this section. */
  previewPath?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <BackLink to="/admin/settings">Settings</BackLink>
      <PublishDialog view={view} />
      <PageHeader
        title={view.title}
        description={description}
        actions={
          <>
            <SiteStateBadge summary={view} />
            <Button asChild variant="outline" size="sm">
              <a href={`${previewPath}?preview=1`} target="_blank" rel="noreferrer">
                <EyeIcon aria-hidden /> Preview draft
              </a>
            </Button>
          </>
        }
      />
      <div className="grid min-w-0 gap-5 xl:grid-cols-[minmax(0,1fr)_18rem] xl:items-start">
        <div className="min-w-0">{children}</div>
        <aside className="grid gap-5" aria-label="Publishing">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-base">For visitors</h2>
              </CardTitle>
              <CardDescription>
                {view.publishedAt
                  ? `Version ${view.publishedNumber} published ${formatDateTime(view.publishedAt)}${view.publishedBy ? ` by ${view.publishedBy}` : ''}.`
                  : 'Not published yet: visitors see the starting content.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              {view.draftSavedAt ? (
                <p className="text-muted-foreground">
                  Draft last saved {formatDateTime(view.draftSavedAt)}
                  {view.draftSavedBy ? ` by ${view.draftSavedBy}` : ''}.
                </p>
              ) : null}
              {view.state !== 'published' && view.version > 0 ? (
                <SideForm version={view.version} intent="discard">
                  <Button type="submit" variant="outline" size="sm" className="w-fit">
                    <RotateCcwIcon aria-hidden /> Discard draft changes
                  </Button>
                </SideForm>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-base">History</h2>
              </CardTitle>
              <CardDescription>Every published version. Restoring one makes it the draft; publish it to show it again.</CardDescription>
            </CardHeader>
            <CardContent>
              {view.history.length ? (
                <ol className="grid gap-2 text-sm">
                  {view.history.map((version) => (
                    <li key={version.number} className="flex items-start justify-between gap-2 border-b pb-2 last:border-0 last:pb-0">
                      <div className="min-w-0">
                        <p className="font-medium">
                          Version {version.number}
                          {version.number === view.publishedNumber ? <span className="ml-1 text-muted-foreground">(live)</span> : null}
                        </p>
                        <p className="text-muted-foreground">
                          {formatDateTime(version.publishedAt)}
                          {version.publishedBy ? ` · ${version.publishedBy}` : ''}
                          {version.restoredFrom ? ` · from version ${version.restoredFrom}` : ''}
                        </p>
                      </div>
                      <SideForm version={view.version} intent="restore" extra={{ number: String(version.number) }}>
                        <Button type="submit" variant="ghost" size="sm" aria-label={`Restore version ${version.number}`}>
                          Restore
                        </Button>
                      </SideForm>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-muted-foreground">Nothing published yet.</p>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

/**
 * Publishing the saved draft as it is, asked for by the address (`?publish=1`, the palette's
 * "Publish …"): a confirmation, or word that there is nothing to publish.
 */
function PublishDialog({ view }: { view: SiteSectionView }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pending = view.state !== 'published';
  return (
    <UrlDialog
      open={params.get('publish') === '1'}
      closeTo={pathname}
      title={`Publish the ${view.title.toLowerCase()}?`}
      description={
        pending
          ? 'Visitors will see the saved draft at once. Changes not saved on the page are not part of it.'
          : 'There are no draft changes to publish: visitors see the page as it is.'
      }
    >
      {pending ? (
        <SideForm version={view.version} intent="publish-draft">
          <UrlDialogActions closeTo={pathname} submitting={navigation.state === 'submitting'} label="Publish" busyLabel="Publishing…" />
        </SideForm>
      ) : null}
    </UrlDialog>
  );
}
