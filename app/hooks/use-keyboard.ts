import { useEffect, useRef, useState } from 'react';

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** True when a key press goes into a text field, where single-key shortcuts must not fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return false;
}

/** Ctrl on Windows and Linux, Cmd on macOS. */
export function isModKey(event: KeyboardEvent): boolean {
  return event.metaKey || event.ctrlKey;
}

/** Whether to label the modifier ⌘ rather than Ctrl (false on the server and in the first render). */
export function useIsMac(): boolean {
  const [isMac, setIsMac] = useState(false);
  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent));
  }, []);
  return isMac;
}

/**
 * Listens to key presses anywhere on the page; the latest handler always runs. With `capture`,
 * it runs before the page's own handlers and may keep the key from them.
 */
export function useWindowKeydown(handler: (event: KeyboardEvent) => void, enabled = true, capture = false) {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => handlerRef.current(event);
    window.addEventListener('keydown', onKeyDown, { capture });
    return () => window.removeEventListener('keydown', onKeyDown, { capture });
  }, [enabled, capture]);
}

export interface KeySequence {
  /** Keys separated by spaces, typed one after the other: 'g d'. */
  keys: string;
  run: () => void;
}

/** How long the next key of a sequence may take. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/**
 * Runs a sequence such as `g` then `d` when it is typed outside text fields, with no modifier
 * held, each key within a second of the one before.
 */
export function useKeySequences(sequences: readonly KeySequence[], enabled = true) {
  const pending = useRef<{ keys: string[]; at: number }>({ keys: [], at: 0 });
  useWindowKeydown((event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTypingTarget(event.target) || event.key.length !== 1) return;
    const key = event.key.toLowerCase();
    const now = event.timeStamp || Date.now();
    const fresh = now - pending.current.at <= SEQUENCE_TIMEOUT_MS;
    const attempt = (keys: string[]) => {
      const typed = keys.join(' ');
      const done = sequences.find((sequence) => sequence.keys === typed);
      if (done) {
        event.preventDefault();
        pending.current = { keys: [], at: 0 };
        done.run();
        return true;
      }
      if (sequences.some((sequence) => sequence.keys.startsWith(`${typed} `))) {
        pending.current = { keys, at: now };
        return true;
      }
      return false;
    };
    if (fresh && pending.current.keys.length > 0 && attempt([...pending.current.keys, key])) return;
    if (!attempt([key])) pending.current = { keys: [], at: 0 };
  }, enabled);
}
