import * as React from 'react';

type TriggerProps = Record<string, unknown>;
type Handler = (event: React.SyntheticEvent) => void;

// Every event a Radix menu or tooltip trigger listens to, plus the ones that start the download.
const EVENTS = ['onClick', 'onPointerDown', 'onPointerEnter', 'onPointerMove', 'onPointerLeave', 'onKeyDown', 'onFocus', 'onBlur'] as const;
type EventName = (typeof EVENTS)[number];

/** What a deferred primitive's trigger hands back to the element that stands for it. */
export interface TriggerLink {
  element: React.RefObject<HTMLElement>;
  receive: (props: TriggerProps) => void;
}

function attributesOf(props: TriggerProps): TriggerProps {
  return Object.fromEntries(
    Object.entries(props).filter(([name, value]) => typeof value !== 'function' && name !== 'link' && name !== 'children'),
  );
}

function sameAttributes(a: TriggerProps, b: TriggerProps) {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.is(a[name], b[name]));
}

/**
 * The trigger of a Radix menu or tooltip whose code loads after hydration. The element is
 * rendered here, on the server too, and never replaced: once the primitive has loaded, its
 * trigger (a `TriggerProxy` in the loaded part) passes its attributes and handlers on to it, so
 * focus, hover and the server's markup stay with the same DOM node. Until then `initial` is
 * rendered and `before` handles the events; any event also starts the download.
 *
 * Spread `props` on a `Slot` around the trigger element.
 */
export function useDeferredTrigger(initial: TriggerProps, preload: () => Promise<unknown>, before?: Partial<Record<EventName, Handler>>) {
  const element = React.useRef<HTMLElement>(null);
  const loaded = React.useRef<TriggerProps | null>(null);
  const [attributes, setAttributes] = React.useState<TriggerProps | null>(null);
  const beforeRef = React.useRef(before);
  beforeRef.current = before;

  const receive = React.useCallback((props: TriggerProps) => {
    loaded.current = props;
    const next = attributesOf(props);
    setAttributes((current) => (current && sameAttributes(current, next) ? current : next));
  }, []);
  const link = React.useMemo<TriggerLink>(() => ({ element, receive }), [receive]);

  const handlers = React.useMemo(
    () =>
      Object.fromEntries(
        EVENTS.map((name) => [
          name,
          (event: React.SyntheticEvent) => {
            if (!loaded.current) {
              void preload().catch(() => undefined);
              beforeRef.current?.[name]?.(event);
              return;
            }
            const handler = loaded.current[name];
            if (typeof handler === 'function') (handler as Handler)(event);
          },
        ]),
      ) as Record<EventName, Handler>,
    [preload],
  );

  return {
    link,
    props: { ...(attributes ?? initial), ...handlers, ref: element },
  };
}

/**
 * Stands in a loaded primitive for the trigger `useDeferredTrigger` renders: the primitive's
 * refs get that element (to anchor its content and give focus back) and its props go there.
 */
export const TriggerProxy = React.forwardRef<HTMLElement, { link: TriggerLink }>(function TriggerProxy(props, ref) {
  const { link } = props;
  React.useImperativeHandle(ref, () => link.element.current!);
  // The primitive's props reach this element through its Slot, beside `link`.
  React.useLayoutEffect(() => link.receive(props as TriggerProps));
  return null;
});

/**
 * The trigger of a dropdown menu whose code loads after hydration (see `useDeferredTrigger`).
 * Before then it already opens as Radix's does, on a left press or Enter, Space and ArrowDown,
 * and the menu shows once its code is there.
 */
export function useDeferredMenuTrigger(open: boolean, setOpen: (open: boolean) => void, preload: () => Promise<unknown>) {
  return useDeferredTrigger(
    {
      type: 'button',
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'data-state': open ? 'open' : 'closed',
    },
    preload,
    {
      onPointerDown: (event) => {
        const { button, ctrlKey } = event as React.PointerEvent;
        if (button !== 0 || ctrlKey) return;
        setOpen(!open);
        // As Radix: the press does not move the focus, the opening menu takes it.
        if (!open) event.preventDefault();
      },
      onKeyDown: (event) => {
        const { key } = event as React.KeyboardEvent;
        if (key === 'Enter' || key === ' ') setOpen(!open);
        else if (key === 'ArrowDown') setOpen(true);
        else return;
        event.preventDefault();
      },
    },
  );
}
