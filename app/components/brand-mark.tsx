import { GraduationCapIcon } from '~/components/ui/icons';
import { cn } from '~/components/ui/cn';

/** The product's mark, beside its name in the sidebar and on the sign-in pages. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground',
        className,
      )}
    >
      <GraduationCapIcon aria-hidden="true" className="size-4" />
    </span>
  );
}
