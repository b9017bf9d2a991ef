import { Form, Link, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import type * as React from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { TriangleAlertIcon, type LucideIcon } from '~/components/ui/icons';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Spinner } from '~/components/ui/spinner';
import { formatRupees } from '~/utils/format';

/** The title row of a wallet screen: heading, a line about it, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const busy = useSamePageLoading();
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
      <div className="min-w-0">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {title}
          {busy ? <Spinner label="Updating" className="text-muted-foreground" /> : null}
        </h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

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

/** A friendly nothing-here-yet block with an optional next step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="grid place-items-center px-6 py-10 text-center">
      <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden className="size-5 text-muted-foreground" />
      </div>
      <p className="mt-3 font-medium">{title}</p>
      {children ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
