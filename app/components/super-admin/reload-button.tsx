import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { RefreshCwIcon } from '~/components/ui/icons';

/** A button that reads something again, its icon turning while it does. */
export function ReloadButton({ label, onClick, busy }: { label: string; onClick: () => void; busy: boolean }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={busy}>
      <RefreshCwIcon aria-hidden="true" className={cn(busy && 'animate-spin motion-reduce:animate-none')} />
      {label}
    </Button>
  );
}
