import * as React from 'react';
import { cn } from './cn';
import { SearchIcon } from './icons';
import { Input } from './input';

/**
 * A search box: the magnifier inside its left edge, the browser's autofill off. `className`
 * places the box among its neighbours; every other prop is the input's.
 */
export const SearchInput = React.forwardRef<HTMLInputElement, Omit<React.ComponentPropsWithoutRef<'input'>, 'type'>>(function SearchInput(
  { className, ...props },
  ref,
) {
  return (
    <div className={cn('relative min-w-0 flex-1', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input ref={ref} type="search" autoComplete="off" className="pl-8" {...props} />
    </div>
  );
});
