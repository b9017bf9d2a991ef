import { Form, Link, useNavigate } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button, buttonVariants } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { SearchIcon, SlidersHorizontalIcon, XIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { isNarrowed, keptParams, searchWith, type ListQuery, type QueryDefaults } from './query';
import type { FilterDef } from './types';

const SEARCH_DELAY_MS = 350;

const anyChoice = { branchId: 'All branches', courseId: 'All courses', active: 'Any status' } as const;

/** The parameters this form sends itself; the others ride along as hidden inputs. */
const sent = ['search', 'branchId', 'courseId', 'active', 'admissionFrom', 'admissionTo'] as const;

export const clearedFilters = {
  search: null,
  branchId: null,
  courseId: null,
  active: null,
  admissionFrom: null,
  admissionTo: null,
} as const;

/**
 * Search and filters as one GET form. Without JavaScript it is submitted by its button; with it,
 * typing searches after a pause and a changed filter applies at once, leaving blank values out
 * of the address.
 */
export function ListToolbar({
  query,
  defaults,
  filters,
  searchLabel,
  searchPlaceholder,
}: {
  query: ListQuery;
  defaults: QueryDefaults;
  filters: readonly FilterDef[];
  searchLabel: string;
  searchPlaceholder: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const formRef = React.useRef<HTMLFormElement>(null);
  const searchRef = React.useRef<HTMLInputElement>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  const id = React.useId();

  // Back and forward change the address under a mounted form: show what it now says.
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of sent) {
      const control = form.elements.namedItem(name);
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
      if (control === document.activeElement) continue;
      control.value = query[name];
    }
  }, [query]);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  function apply({ replace = false } = {}) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const values = new FormData(form);
    const changes: Partial<Record<keyof ListQuery, string | null>> = {};
    for (const name of sent) {
      const value = values.get(name);
      changes[name] = typeof value === 'string' && value.trim() ? value.trim() : null;
    }
    navigate({ search: searchWith(query, defaults, changes) }, { replace, preventScrollReset: true });
  }

  const filterControls = filters.map((filter) => {
    if (filter.name === 'admission') {
      return (
        <fieldset key="admission" className="col-span-2 flex min-w-0 items-center gap-2">
          <legend className="sr-only">{filter.label}</legend>
          <span aria-hidden="true" className="shrink-0 text-sm text-muted-foreground">
            {filter.label}
          </span>
          <Input
            type="date"
            name="admissionFrom"
            aria-label={`${filter.label} from`}
            defaultValue={query.admissionFrom}
            max={query.admissionTo || undefined}
            onChange={(event) => (event.currentTarget.value === '' || event.currentTarget.validity.valid) && apply()}
            className="min-w-0"
          />
          <span aria-hidden="true" className="text-muted-foreground">
            –
          </span>
          <Input
            type="date"
            name="admissionTo"
            aria-label={`${filter.label} to`}
            defaultValue={query.admissionTo}
            min={query.admissionFrom || undefined}
            onChange={(event) => (event.currentTarget.value === '' || event.currentTarget.validity.valid) && apply()}
            className="min-w-0"
          />
        </fieldset>
      );
    }
    const name = filter.name;
    const chosen = query[name];
    const options =
      name === 'active'
        ? [
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]
        : (filter.options ?? []);
    return (
      <div key={filter.name} className="min-w-0 lg:w-44">
        <label htmlFor={`${id}-${filter.name}`} className="sr-only">
          {filter.label}
        </label>
        <NativeSelect
          id={`${id}-${filter.name}`}
          name={filter.name}
          defaultValue={chosen}
          onChange={() => apply()}
        >
          <option value="">{anyChoice[name]}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {/* A filter from a shared link whose choice this user cannot see still shows as chosen. */}
          {chosen && !options.some((option) => option.value === chosen) ? (
            <option value={chosen}>Selected {filter.label.toLowerCase()}</option>
          ) : null}
        </NativeSelect>
      </div>
    );
  });

  const activeFilters = [query.branchId, query.courseId, query.active, query.admissionFrom || query.admissionTo].filter(
    Boolean,
  ).length;

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
      {keptParams(query, defaults, sent).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex min-w-0 gap-2 lg:w-72 lg:flex-none">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            {searchLabel}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            name="search"
            defaultValue={query.search}
            placeholder={searchPlaceholder}
            autoComplete="off"
            maxLength={100}
            className="pl-8"
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => apply({ replace: true }), SEARCH_DELAY_MS);
            }}
          />
        </div>
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
      <div className={!hydrated || isNarrowed(query) ? 'flex items-center gap-2' : 'contents'}>
        <Button type="submit" variant="outline" className={hydrated ? 'sr-only' : undefined}>
          <SearchIcon aria-hidden="true" />
          Apply
        </Button>
        {isNarrowed(query) ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={{ search: searchWith(query, defaults, clearedFilters) }} preventScrollReset>
              <XIcon aria-hidden="true" />
              Clear filters
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
