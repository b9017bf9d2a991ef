import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from './cn';
import { TriggerProxy } from './deferred-trigger';
import { TOOLTIP_DELAY_MS, type TooltipEntry } from './tooltip';

/**
 * Every tooltip of the page under one Radix provider, so they share their timing (moving from
 * one to the next skips the delay). Their triggers are rendered where they stand.
 */
export function TooltipHost({ entries }: { entries: readonly TooltipEntry[] }) {
  return (
    <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={TOOLTIP_DELAY_MS}>
      {entries.map(({ id, link, content, side, align, open, onOpenChange }) => (
        <TooltipPrimitive.Root key={id} data-slot="tooltip" open={open} onOpenChange={onOpenChange}>
          <TooltipPrimitive.Trigger data-slot="tooltip-trigger" asChild>
            <TriggerProxy link={link} />
          </TooltipPrimitive.Trigger>
          <TooltipPrimitive.Portal>
            <TooltipPrimitive.Content
              data-slot="tooltip-content"
              side={side}
              align={align}
              sideOffset={4}
              className={cn(
                'z-50 w-fit max-w-xs origin-(--radix-tooltip-content-transform-origin) rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background',
                'transition-[opacity,scale] duration-100 starting:scale-95 starting:opacity-0 motion-reduce:transition-none',
              )}
            >
              {content}
              <TooltipPrimitive.Arrow className="z-50 size-2.5 translate-y-[calc(-50%-2px)] rotate-45 rounded-[2px] bg-foreground fill-foreground" />
            </TooltipPrimitive.Content>
          </TooltipPrimitive.Portal>
        </TooltipPrimitive.Root>
      ))}
    </TooltipPrimitive.Provider>
  );
}
