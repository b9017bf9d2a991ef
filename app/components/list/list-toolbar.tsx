import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button, buttonVariants } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { SearchIcon, SlidersHorizontalIcon, XIcon } from '~/components/ui/icons';
import { DateInput, parseDayFirst } from '~/components/ui/date-input';
import { NativeSelect } from '~/components/ui/native-select';
import { SearchInput } from '~/components/ui/search-input';
import { withParams } from '~/lib/list-query';
import type { Filter } from './types';

const SEARCH_DELAY_MS = 350;

/** The address parameters a toolbar with these filters sends: the search and each filter's. */
export function filterParams(filters: readonly Filter[]): string[] {
  return ['search', ...filters.flatMap((filter) => (filter.kind === 'days' ? [filter.from, filter.to] : [filter.name]))];
}

/** The address with this toolbar's search and filters removed: where "Clear filters" leads. */
export function clearedSearch(search: string, filters: readonly Filter[]): string {
  return withParams(search, Object.fromEntries([...filterParams(filters), 'page', 'view'].map((name) => [name, null])));
}

/** Whether the address narrows the list by a search or a filter of this toolbar. */
export function isFiltered(search: string, filters: readonly Filter[]): boolean {
  const params = new URLSearchParams(search);
  return filterParams(filters).some((name) => Boolean(params.get(name)?.trim()));
}

/**
 * Search and filters as one GET form over the page's address. Without JavaScript it is submitted
 * by its button; with it, typing searches after a pause and a changed filter applies at once,
 * leaving blank values out of the address and going back to the first page.
 */
export function ListToolbar({
  filters,
  searchLabel,
  searchPlaceholder,
}: {
  filters: readonly Filter[];
  searchLabel: string;
  searchPlaceholder: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const formRef = React.useRef<HTMLFormElement>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  const id = React.useId();
  const sent = filterParams(filters);
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? '';

  // Back and forward change the address under a mounted form: show what it now says.
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const current = new URLSearchParams(search);
    for (const name of filterParams(filters)) {
      const control = form.elements.namedItem(name);
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
      if (control === document.activeElement) continue;
      control.value = current.get(name) ?? '';
    }
    // Only a new address changes what the controls should say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  function apply({ replace = false } = {}) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const values = new FormData(form);
    const changes: Record<string, string | null> = { page: null, view: null };
    for (const name of sent) {
      const entry = values.get(name);
      changes[name] = typeof entry === 'string' && entry.trim() ? entry.trim() : null;
    }
    navigate({ search: withParams(search, changes) }, { replace, preventScrollReset: true });
  }

  // A day applies once it is a whole date, or cleared; half-typed text waits.
  const applyDay = (day: string) => (day === '' || parseDayFirst(day) !== null) && apply();

  const filterControls = filters.map((filter) => {
    if (filter.kind === 'days') {
      return (
        <fieldset key={filter.from} className="col-span-2 flex min-w-0 items-center gap-2">
          <legend className="sr-only">{filter.label}</legend>
          <span aria-hidden="true" className="shrink-0 text-sm text-muted-foreground">
            {filter.label}
          </span>
          <DateInput
            name={filter.from}
            aria-label={`${filter.label} from`}
            defaultValue={value(filter.from)}
            onValueChange={applyDay}
            className="min-w-0"
          />
          <span aria-hidden="true" className="text-muted-foreground">
            –
          </span>
          <DateInput
            name={filter.to}
            aria-label={`${filter.label} to`}
            defaultValue={value(filter.to)}
            onValueChange={applyDay}
            className="min-w-0"
          />
        </fieldset>
      );
    }
    const chosen = value(filter.name);
    return (
      <div key={filter.name} className="min-w-0 lg:w-44">
        <label htmlFor={`${id}-${filter.name}`} className="sr-only">
          {filter.label}
        </label>
        <NativeSelect id={`${id}-${filter.name}`} name={filter.name} defaultValue={chosen} onChange={() => apply()}>
          <option value="">{filter.anyLabel}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {/* A filter from a shared link whose choice this user cannot see still shows as chosen. */}
          {chosen && !filter.options.some((option) => option.value === chosen) ? (
            <option value={chosen}>Selected {filter.label.toLowerCase()}</option>
          ) : null}
        </NativeSelect>
      </div>
    );
  });

  const activeFilters = filters.filter((filter) =>
    filter.kind === 'days' ? value(filter.from) || value(filter.to) : value(filter.name),
  ).length;
  const filtered = isFiltered(search, filters);

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={searchLabel}
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      className="group/toolbar grid gap-2 lg:flex lg:flex-wrap lg:items-center"
    >
      {[...params.entries()]
        .filter(([name]) => !sent.includes(name) && name !== 'page' && name !== 'view')
        .map(([name, kept]) => (
          <input key={name} type="hidden" name={name} value={kept} />
        ))}
      <div className="flex min-w-0 gap-2 lg:w-72 lg:flex-none">
        <label htmlFor={`${id}-search`} className="sr-only">
          {searchLabel}
        </label>
        <SearchInput
          id={`${id}-search`}
          name="search"
          defaultValue={value('search')}
          placeholder={searchPlaceholder}
          maxLength={100}
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply({ replace: true }), SEARCH_DELAY_MS);
          }}
        />
        {filterControls.length ? (
          // On a phone the filters fold away behind this switch; it is CSS only, so it works without JavaScript.
          <label
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer has-[:checked]:bg-accent has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 sm:hidden',
            )}
          >
            <input type="checkbox" data-filters-toggle="" defaultChecked={activeFilters > 0} className="sr-only" />
            <SlidersHorizontalIcon aria-hidden="true" />
            Filters
            {activeFilters ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">{activeFilters}</span>
            ) : null}
          </label>
        ) : null}
      </div>
      {filterControls.length ? (
        <div className="hidden grid-cols-2 gap-2 max-sm:group-has-[[data-filters-toggle]:checked]/toolbar:grid sm:grid lg:contents">
          {filterControls}
        </div>
      ) : null}
      <div className={!hydrated || filtered ? 'flex items-center gap-2' : 'contents'}>
        <Button type="submit" variant="outline" className={hydrated ? 'sr-only' : undefined}>
          <SearchIcon aria-hidden="true" />
          Apply
        </Button>
        {filtered ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={{ search: clearedSearch(search, filters) }} preventScrollReset>
              <XIcon aria-hidden="true" />
              Clear filters
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
