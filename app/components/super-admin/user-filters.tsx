import { Form, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { SearchInput } from '~/components/ui/search-input';
import { STATUS_FILTERS, type FilterOption, type UserListQuery } from './user-management-model';

interface UserFiltersProps {
  query: UserListQuery;
  /** The role filter's choices, All first (`roleFilters(...)`). */
  roleOptions: readonly FilterOption[];
  /** A screen of one branch for institute staff: the branches to pick from. */
  branchOptions?: readonly FilterOption[];
  /** The branch the screen shows. */
  branch?: string;
}

/** The list's search and filters: a plain GET form; with JavaScript, choices apply at once and typing after a pause. */
export function UserFilters({ query, roleOptions, branchOptions, branch }: UserFiltersProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address changed by other means (Clear filters, the back button): show its filters. Only
  // what the address changed is written, so a choice made while the page hydrates is not undone
  // before it is sent; the search box is left alone while someone types in it.
  const shown = useRef({ search: query.search, role: query.role, status: query.status, branch: branch ?? '' });
  useEffect(() => {
    const elements = formRef.current?.elements;
    const next = { search: query.search, role: query.role, status: query.status, branch: branch ?? '' };
    const previous = shown.current;
    shown.current = next;
    if (!elements) return;
    for (const name of ['search', 'role', 'status', 'branch'] as const) {
      const field = elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (!field || next[name] === previous[name] || (name === 'search' && document.activeElement === field)) continue;
      field.value = next[name];
    }
  }, [query.search, query.role, query.status, branch]);

  const apply = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
      }, delay);
    },
    [submit],
  );

  const select = (id: string, name: string, value: string, label: string, options: readonly FilterOption[], width: string) => (
    <div className={cn('grid gap-1.5', width)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value} onChange={() => apply(0)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter users"
      className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-end"
      preventScrollReset
    >
      {branchOptions && branch ? select('user-branch-filter', 'branch', branch, 'Branch', branchOptions, 'sm:w-48') : null}
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor="user-search">Search</Label>
        <SearchInput
          id="user-search"
          name="search"
          defaultValue={query.search}
          placeholder="Search by name or email"
          onChange={() => apply(300)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        {select('user-role-filter', 'role', query.role, 'Role', roleOptions, 'sm:w-40')}
        {select('user-status-filter', 'status', query.status, 'Status', STATUS_FILTERS, 'sm:w-36')}
      </div>
      {/* Without JavaScript the filters apply with this button. */}
      <Button type="submit" variant="secondary" className={cn(hydrated && 'sr-only')}>
        Apply
      </Button>
    </Form>
  );
}
