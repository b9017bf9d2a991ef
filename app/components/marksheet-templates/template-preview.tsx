import { Link } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui/icons';

export function AllTemplatesLink() {
  return (
    <Link to="/admin/exam/templates" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon aria-hidden className="size-4" />
      All templates
    </Link>
  );
}

/** A sample student's marksheet as the template prints it, beside the editor; none until the template is saved. */
export function TemplatePreview({ href, label }: { href?: string; label?: string }) {
  return (
    <section aria-label="Preview" className="grid gap-2 xl:sticky xl:top-20">
      <h2 className="text-sm font-semibold">Preview{label ? ` · ${label}` : ''}</h2>
      {href ? (
        <>
          <iframe
            title="Marksheet preview with a sample student"
            src={href}
            className="aspect-[1/1.414] w-full rounded-lg border bg-white"
          />
          <a href={href} target="_blank" rel="noreferrer" className="w-fit text-sm underline underline-offset-4">
            Open the preview in a new tab
          </a>
        </>
      ) : (
        <p className="grid aspect-[1/1.414] place-items-center rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Save the template to see a sample student’s marksheet here.
        </p>
      )}
    </section>
  );
}
