import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { ZodTypeAny } from 'zod';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

interface LoginFormProps {
  id: string;
  title: string;
  description: string;
  schema: ZodTypeAny;
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo?: string | null;
}

/** The email-and-password card both login pages use; it works before JavaScript loads. */
export function LoginForm({ id, title, description, schema, lastResult, redirectTo }: LoginFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [form, fields] = useForm<{ email: string; password: string; redirectTo?: string }>({
    id,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // A field the server left out of a failed answer (the password, or both after a refused
  // sign-in) is emptied, as the page rendered without JavaScript shows it.
  const emailId = fields.email.id;
  const passwordId = fields.password.id;
  useEffect(() => {
    if (lastResult?.status !== 'error' || !lastResult.initialValue) return;
    for (const [name, id] of [['email', emailId], ['password', passwordId]] as const) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement && lastResult.initialValue[name] === undefined) input.value = '';
    }
  }, [lastResult, emailId, passwordId]);

  return (
    <Card className="w-full max-w-sm shadow-xl">
      <CardHeader>
        <CardTitle className="text-2xl" role="heading" aria-level={1}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <div className="grid gap-2">
            <Label htmlFor={fields.email.id}>Email</Label>
            <Input
              {...getInputProps(fields.email, { type: 'email' })}
              autoComplete="email"
              autoFocus
              placeholder="you@institute.in"
            />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fields.password.id}>Password</Label>
            <Input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" />
            <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          {form.errors?.length ? (
            <div role="alert" id={form.errorId} className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {form.errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
