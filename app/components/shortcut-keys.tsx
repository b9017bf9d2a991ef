import { Fragment } from 'react';
import { useIsMac } from '~/hooks/use-keyboard';
import { cn } from './ui/cn';

const KEY_NAMES: Record<string, { mac: string; other: string }> = {
  mod: { mac: '⌘', other: 'Ctrl' },
  ctrl: { mac: '⌃', other: 'Ctrl' },
  alt: { mac: '⌥', other: 'Alt' },
  shift: { mac: '⇧', other: 'Shift' },
  enter: { mac: '↵', other: 'Enter' },
  esc: { mac: 'Esc', other: 'Esc' },
  up: { mac: '↑', other: '↑' },
  down: { mac: '↓', other: '↓' },
};

function keyName(key: string, isMac: boolean) {
  const named = KEY_NAMES[key.toLowerCase()];
  if (named) return isMac ? named.mac : named.other;
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Spoken form of a shortcut, for the label of its visual keys. */
export function describeKeys(keys: string, isMac: boolean) {
  return keys
    .split(' ')
    .map((chord) =>
      chord
        .split('+')
        .map((key) => keyName(key, isMac))
        .join('+'),
    )
    .join(' then ');
}

export function Kbd({ className, ...props }: React.ComponentProps<'kbd'>) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-sans text-[11px] font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** A shortcut drawn as keys: ⌘K on a Mac, Ctrl K elsewhere; "G then D" for sequences. */
export function ShortcutKeys({ keys, className }: { keys: string; className?: string }) {
  const isMac = useIsMac();
  const steps = keys.split(' ');
  return (
    <span data-slot="shortcut-keys" className={cn('inline-flex items-center gap-1', className)}>
      {/* A name on a plain span is not announced (ARIA prohibits it); text is, inside buttons too. */}
      <span className="sr-only">{describeKeys(keys, isMac)}</span>
      {steps.map((chord, index) => (
        <Fragment key={`${chord}-${index}`}>
          {index > 0 ? (
            <span aria-hidden="true" className="text-[11px] text-muted-foreground">
              then
            </span>
          ) : null}
          <span aria-hidden="true" className="inline-flex items-center gap-0.5">
            {chord.split('+').map((key) => (
              <Kbd key={key}>{keyName(key, isMac)}</Kbd>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
