import { Form } from '@remix-run/react';
import type * as React from 'react';
import { BrandMark } from '~/components/brand-mark';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** The public verification page's frame: the product's mark, a title and what the page found. */
export function VerificationCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <main id="main" className="login-gradient grid min-h-svh place-items-center p-4">
      <Card className="w-full max-w-md shadow-xl">
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
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </main>
  );
}

/** Where a code printed under a QR code is typed in; it works without JavaScript, as a GET of /verify. */
export function CodeForm({ code = '', label = 'Verification code' }: { code?: string; label?: string }) {
  return (
    <Form method="get" action="/verify" className="grid gap-2">
      <Label htmlFor="verification-code">{label}</Label>
      <div className="flex gap-2">
        <Input
          id="verification-code"
          name="code"
          defaultValue={code}
          placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          className="font-mono uppercase"
        />
        <Button type="submit">Verify</Button>
      </div>
    </Form>
  );
}
