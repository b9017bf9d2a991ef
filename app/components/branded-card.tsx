import type * as React from 'react';
import { BrandMark } from '~/components/brand-mark';
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';

/** The frame of the pages outside the admin area (signing in, verifying a paper): the product's mark, a heading, and the page's business. */
export function BrandedCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="login-gradient grid min-h-svh place-items-center p-4">
      <Card className={cn('w-full shadow-xl', className)}>
        <CardHeader>
          <p className="mb-3 flex items-center gap-2 text-sm font-semibold">
            <BrandMark />
            Institute Admin
          </p>
          <CardTitle className="text-2xl" role="heading" aria-level={1}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}
