import { Form } from '@remix-run/react';
import type * as React from 'react';
import { BrandedCard } from '~/components/branded-card';
import { Button } from '~/components/ui/button';
import { CardContent } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** The public verification page's frame: what the page found under the heading. */
export function VerificationCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <BrandedCard title={title} description={description} className="max-w-md">
      <CardContent className="grid gap-6">{children}</CardContent>
    </BrandedCard>
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
