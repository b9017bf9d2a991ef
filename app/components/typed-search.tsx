import { Form, useFetcher, type FormProps } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { SearchInput } from '~/components/ui/search-input';

const SEARCH_DELAY_MS = 250;

/**
 * A search whose matches come as one types: the text typed, and the answer of the resource asked
 * once typing pauses. Before hydration the same field is a GET form and the page lists the matches
 * of the address's search (`initial`).
 */
export function useTypedSearch<Answer>(initial: string, resource: (text: string) => string) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<Answer>();
  const [text, setText] = React.useState(initial);
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    const asked = next.trim();
    if (!asked) return;
    timer.current = setTimeout(() => fetcher.load(resource(asked)), SEARCH_DELAY_MS);
  };

  return {
    hydrated,
    text,
    setText,
    change,
    /** Typed since the page came: the matches are the resource's, not the page's. */
    typed: hydrated && text.trim() !== initial,
    answer: fetcher.data,
    searching: fetcher.state === 'loading',
  };
}

export type TypedSearch = Pick<ReturnType<typeof useTypedSearch>, 'hydrated' | 'text' | 'change'>;

/**
 * The search's form row: its label, the search box, and "Find", which only a page without
 * JavaScript needs; once hydrated the form is not sent, and `afterHydration` may take its place.
 */
export function SearchField({
  search,
  label,
  name,
  placeholder,
  id,
  required,
  invalid,
  describedBy,
  afterHydration,
  className = 'grid gap-2',
  children,
  ...form
}: {
  search: TypedSearch;
  label: React.ReactNode;
  name: string;
  placeholder: string;
  id?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  afterHydration?: React.ReactNode;
  /** What the form sends besides the search, such as the dialog it is in. */
  children?: React.ReactNode;
} & Pick<FormProps, 'aria-label' | 'className' | 'preventScrollReset' | 'replace'>) {
  const ownId = React.useId();
  const inputId = id ?? ownId;
  return (
    <Form
      method="get"
      role="search"
      className={className}
      {...form}
      onSubmit={(event) => {
        if (search.hydrated) event.preventDefault();
      }}
    >
      {children}
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <div className="flex gap-2">
        <SearchInput
          id={inputId}
          name={name}
          placeholder={placeholder}
          value={search.text}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => search.change(event.currentTarget.value)}
        />
        {search.hydrated ? (
          afterHydration
        ) : (
          <Button type="submit" variant="outline">
            Find
          </Button>
        )}
      </div>
    </Form>
  );
}

/** What a screen reader hears of the search: that it is searching, then how many were found once asked. */
export function SearchStatus({
  searching,
  found,
  noun,
}: {
  searching: boolean;
  /** How many match, or null before anything was asked. */
  found: number | null;
  noun: { one: string; other: string };
}) {
  return (
    <p role="status" className="sr-only">
      {searching ? 'Searching…' : found !== null ? `${found} ${found === 1 ? noun.one : noun.other} found` : ''}
    </p>
  );
}
