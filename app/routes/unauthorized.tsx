import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { ShieldXIcon } from '~/components/ui/icons';

export const meta: MetaFunction = () => [{ title: 'Unauthorized' }];

export default function Unauthorized() {
  return (
    <main className="grid min-h-svh place-items-center p-6">
      <div className="max-w-md text-center">
        <ShieldXIcon aria-hidden className="mx-auto size-12 text-destructive" />
        <h1 className="mt-4 text-2xl font-semibold">Unauthorized</h1>
        <p className="mt-2 text-muted-foreground">You need to sign in with an account that may open this page.</p>
        <Button asChild className="mt-6">
          <Link to="/admin/login">Go to Admin Login</Link>
        </Button>
      </div>
    </main>
  );
}
