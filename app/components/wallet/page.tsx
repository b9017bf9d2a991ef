import { Form, Link, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import type * as React from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { TriangleAlertIcon } from '~/components/ui/icons';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { formatRupees } from '~/utils/format';

/** True while the page reloads itself with other filters (not while leaving for another page). */
export function useSamePageLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === location.pathname && !navigation.formMethod;
}

/**
 * A branch choice that applies at once with JavaScript and with a Show button without it.
 * `hidden` carries the other parameters of the page's address along.
 */
export function BranchFilter({
  branches,
  value,
  allLabel = 'All branches',
  hidden = {},
  className,
}: {
  branches: { branchId: string; branchName: string; balance?: number }[];
  value: string | undefined;
  allLabel?: string;
  hidden?: Record<string, string | undefined>;
  className?: string;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" className={cn('flex items-end gap-2', className)} preventScrollReset>
      {Object.entries(hidden).map(([name, v]) => (v ? <input key={name} type="hidden" name={name} value={v} /> : null))}
      <div className="grid gap-1.5">
        <Label htmlFor="wallet-branch">Branch</Label>
        <NativeSelect
          id="wallet-branch"
          name="branchId"
          defaultValue={value ?? ''}
          key={value ?? ''}
          className="min-w-56"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          <option value="">{allLabel}</option>
          {branches.map((branch) => (
            <option key={branch.branchId} value={branch.branchId}>
              {branch.branchName}
              {branch.balance !== undefined ? ` (${formatRupees(branch.balance)})` : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      <noscript>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </noscript>
    </Form>
  );
}

export function ErrorPanel({ title, message, className }: { title: string; message: string; className?: string }) {
  const location = useLocation();
  return (
    <section role="alert" className={cn('grid place-items-center rounded-xl border border-dashed px-6 py-12 text-center', className)}>
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10">
        <TriangleAlertIcon aria-hidden="true" className="size-6 text-destructive" />
      </div>
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{message}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={location.pathname + location.search} reloadDocument>
          Try again
        </Link>
      </Button>
    </section>
  );
}
