import { ShortcutKeys } from './shortcut-keys';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

export interface Shortcut {
  /**
   * Keys held together are joined by `+`, keys typed one after another by a space:
   * 'mod+k' (Ctrl or ⌘), 'alt+t', '?', 'g d'.
   */
  keys: string;
  label: string;
}

export interface ShortcutSection {
  title: string;
  shortcuts: readonly Shortcut[];
}

/** Lists every keyboard shortcut of a screen, in sections. */
export function ShortcutsDialog({
  open,
  onOpenChange,
  sections,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: readonly ShortcutSection[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Single keys work when you are not typing in a field.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5">
          {sections
            .filter((section) => section.shortcuts.length > 0)
            .map((section) => {
              const headingId = `shortcuts-${section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
              return (
                <section key={section.title} aria-labelledby={headingId}>
                  <h3 id={headingId} className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    {section.title}
                  </h3>
                  <dl className="grid gap-1.5">
                    {section.shortcuts.map((shortcut) => (
                      <div key={shortcut.keys} className="flex items-center justify-between gap-4 text-sm">
                        <dt>{shortcut.label}</dt>
                        <dd>
                          <ShortcutKeys keys={shortcut.keys} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                </section>
              );
            })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
