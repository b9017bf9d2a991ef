import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatDayFirst } from '../../../common/india-time';
import { Input } from './input';

const DAY_FIRST = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const DIGITS_ONLY = /^\s*(\d{2})(\d{2})(\d{4})\s*$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date typed day first (9/9/2026, 09-09-2026, 09092026), or pasted as YYYY-MM-DD, as
 * YYYY-MM-DD; null when it is no calendar date.
 */
export function parseDayFirst(text: string): string | null {
  const iso = ISO.exec(text.trim());
  const match = iso ? [iso[0], iso[3], iso[2], iso[1]] : (DAY_FIRST.exec(text) ?? DIGITS_ONLY.exec(text));
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** While typing forward, the slash after a two-digit day and month comes by itself. */
export function withNextSlash(previous: string, next: string): string {
  return next.length > previous.length && /^(\d{2}|\d{1,2}\/\d{2})$/.test(next) ? `${next}/` : next;
}

type DateInputProps = Omit<React.ComponentPropsWithoutRef<'input'>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'name'> & {
  name: string;
  /** YYYY-MM-DD, or empty. A new one replaces what the field shows unless the user is typing in it. */
  defaultValue?: string;
  /** The value the form receives, each time it changes. */
  onValueChange?: (value: string) => void;
};

/**
 * A date field that shows and takes dd/mm/yyyy, India's order, whatever the browser's language
 * (a native date input follows the browser: mm/dd/yyyy in English (US)). The form receives
 * YYYY-MM-DD from a hidden input under `name`; text that is not a date is sent as typed, so the
 * form's validation names the field. Until the page's script runs it is the browser's own date
 * input under `name`, so a form sent without JavaScript still carries the date.
 */
export function DateInput({ name, defaultValue, onValueChange, ...props }: DateInputProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <Input {...props} type="date" name={name} defaultValue={defaultValue} />;
  return <DayFirstInput {...props} name={name} defaultValue={defaultValue} onValueChange={onValueChange} />;
}

function DayFirstInput({ name, defaultValue = '', onValueChange, ...props }: DateInputProps) {
  const [text, setText] = React.useState(() => formatDayFirst(defaultValue));
  const shown = React.useRef<HTMLInputElement>(null);
  const hidden = React.useRef<HTMLInputElement>(null);
  const value = parseDayFirst(text) ?? text.trim();
  const sent = React.useRef(value);

  // A new value from outside (a list's address changed by Clear filters or Back) replaces the text.
  React.useEffect(() => {
    if (shown.current !== document.activeElement) setText(formatDayFirst(defaultValue));
  }, [defaultValue]);

  // Form libraries listen for events from the named element, which is the hidden one.
  const announce = (type: 'input' | 'focusout') => hidden.current?.dispatchEvent(new Event(type, { bubbles: true }));
  React.useEffect(() => {
    if (sent.current === value) return;
    sent.current = value;
    onValueChange?.(value);
    announce('input');
  }, [value, onValueChange]);

  return (
    <>
      <Input
        {...props}
        ref={shown}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        maxLength={10}
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText((previous) => withNextSlash(previous, next));
        }}
        onBlur={(event) => {
          const iso = parseDayFirst(text);
          if (iso) setText(formatDayFirst(iso));
          props.onBlur?.(event);
          announce('focusout');
        }}
      />
      <input ref={hidden} type="hidden" name={name} value={value} form={props.form} />
    </>
  );
}
