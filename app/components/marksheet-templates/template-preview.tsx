import { cn } from '~/components/ui/cn';
import { BackLink } from '~/components/back-link';
import { Spinner } from '~/components/ui/spinner';
import type { DraftPreview } from './use-draft-preview';

export const AllTemplatesLink = () => <BackLink to="/admin/exam/templates">All templates</BackLink>;

/**
 * A sample student's marksheet as the template prints it, beside the editor (below it on a narrow
 * screen). It shows the saved revision (`href`, framed from this server: the page works without
 * JavaScript), until an edit makes a preview of the draft (`draft`), shown from a blob address.
 */
export function TemplatePreview({ href, label, draft = { state: 'idle' } }: { href?: string; label?: string; draft?: DraftPreview }) {
  const drafted = draft.state === 'idle' ? null : draft;
  const src = drafted?.url ?? href;
  return (
    <section aria-label="Preview" className="grid gap-2 xl:sticky xl:top-20">
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Preview{drafted ? ' · as edited, not saved' : label ? ` · ${label}` : ''}</h2>
        <p aria-live="polite" className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {drafted?.state === 'loading' ? (
            <>
              <Spinner aria-hidden className="size-3.5" />
              Updating the preview…
            </>
          ) : null}
        </p>
      </div>
      {drafted && (drafted.state === 'invalid' || drafted.state === 'failed') ? (
        <div
          data-state={drafted.state}
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <p className="font-medium">
            {drafted.state === 'invalid' ? 'The preview waits for these to be fixed:' : 'The preview could not be made:'}
          </p>
          <ul aria-live="polite" className="mt-1 grid list-disc gap-0.5 pl-5">
            {drafted.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {src ? (
        <>
          <iframe
            title="Marksheet preview with a sample student"
            src={src}
            data-state={drafted?.state ?? 'saved'}
            className={cn(
              'aspect-[1/1.414] w-full rounded-lg border bg-white transition-opacity',
              drafted?.state === 'loading' && 'opacity-60',
            )}
          />
          <a href={src} target="_blank" rel="noreferrer" className="w-fit text-sm underline underline-offset-4">
            Open the preview in a new tab
          </a>
        </>
      ) : (
        <p className="grid aspect-[1/1.414] place-items-center rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {drafted
            ? 'The sample student’s marksheet shows here once the template can be printed.'
            : 'Save the template to see a sample student’s marksheet here.'}
        </p>
      )}
    </section>
  );
}
