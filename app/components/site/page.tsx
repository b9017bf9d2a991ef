import type * as React from 'react';
import { cn } from '~/components/ui/cn';
import { container, mutedText } from './styles';

/** A page of the site other than the home page: its one h1, a line under it, then its content. */
export function SitePage({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div data-slot="site-page" className={cn(container, 'py-10 sm:py-14')}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className={cn('mt-2 max-w-2xl text-lg', mutedText)}>{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** What a page says when the institute has put nothing on it yet. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p
      data-slot="site-empty"
      className={cn('rounded-lg border border-dashed border-[var(--site-border)] px-6 py-12 text-center text-lg', mutedText)}
    >
      {children}
    </p>
  );
}
