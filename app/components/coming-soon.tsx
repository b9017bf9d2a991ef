import { Link } from '@remix-run/react';
import { ConstructionIcon, type LucideIcon } from '~/components/ui/icons';
import { ShortcutKeys } from './shortcut-keys';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

/**
 * The honest empty state of a screen that is not built yet: its title and where it belongs,
 * and no made-up data.
 */
export function ComingSoon({
  title,
  group,
  icon: Icon = ConstructionIcon,
  backTo,
}: {
  title: string;
  group?: string | null;
  icon?: LucideIcon;
  /** Where the button leads (the dashboard when the user may open it). */
  backTo?: { href: string; label: string };
}) {
  return (
    <section data-slot="coming-soon" aria-labelledby="coming-soon-title" className="grid gap-6">
      <header>
        {group ? <p className="text-sm text-muted-foreground">{group}</p> : null}
        <h1 id="coming-soon-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
      </header>
      <div className="flex min-h-72 flex-col items-center justify-center rounded-xl border border-dashed px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted">
          <Icon aria-hidden="true" className="size-6 text-muted-foreground" />
        </div>
        <Badge variant="secondary" className="mt-4">
          Coming soon
        </Badge>
        <h2 className="mt-3 text-lg font-medium">This screen is not available yet</h2>
        <p className="mt-1 max-w-md text-sm text-balance text-muted-foreground">
          {title} is being built. Nothing is shown here until it works with your institute’s real data.
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm text-muted-foreground">
          {backTo ? (
            <Button asChild variant="outline">
              <Link to={backTo.href}>{backTo.label}</Link>
            </Button>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            Find another page with <ShortcutKeys keys="mod+k" />
          </span>
        </div>
      </div>
    </section>
  );
}
