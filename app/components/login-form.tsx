import { getFormProps, getInputProps, parse, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { BrandedCard } from '~/components/branded-card';
import { Button } from '~/components/ui/button';
import { CardContent } from '~/components/ui/card';
import { FieldError, FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { validateLogin } from './login-validation';

interface LoginFormProps {
  id: string;
  title: string;
  description: string;
  /** Which schema the browser checks with: the one the route's action parses. */
  validation: keyof typeof validateLogin;
  lastResult: SubmissionResult<string[]> | undefined;
}

interface LoginValue {
  email: string;
  password: string;
  redirectTo?: string;
}

type Validate = (formData: FormData) => Submission<LoginValue, string[]>;

async function loadValidation(validation: LoginFormProps['validation']): Promise<Validate> {
  const { validateLogin } = await import('./login-validation');
  return validateLogin[validation];
}

// What conform takes for "not checked here": the form goes on to the server, which checks it.
const leaveToServer: Validate = (formData) => parse(formData, { resolve: () => ({ error: null }) });

/**
 * The browser's checks of a login form. zod and conform's zod adapter (about 15 KB gzip) load right
 * after hydration instead of with the page. Until they are there no field is checked on blur,
 * and a submit waits for them and then goes through the same checks, so even a very early first
 * submit shows its messages without a round trip. If they cannot be loaded, the server checks.
 */
function useClientValidation(validation: LoginFormProps['validation']) {
  // A ref, so the submit repeated once the code is there sees it before React re-renders.
  const validate = useRef<Validate>();
  const [ready, setReady] = useState(false);
  const loading = useRef<Promise<void>>();
  const load = useCallback(
    () =>
      (loading.current ??= loadValidation(validation).then(
        (loaded) => {
          validate.current = loaded;
          setReady(true);
        },
        () => {
          validate.current = leaveToServer;
        },
      )),
    [validation],
  );
  useEffect(() => void load(), [load]);
  return {
    ready,
    onValidate: ({ formData }: { formData: FormData }) => (validate.current ?? leaveToServer)(formData),
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      if (validate.current) return;
      event.preventDefault();
      const form = event.currentTarget;
      const { submitter } = event.nativeEvent as SubmitEvent;
      void load().then(() => form.requestSubmit(submitter));
    },
  };
}

/**
 * A login page: the email-and-password card on the animated background, the same on both login
 * pages. It works before JavaScript loads; `?redirectTo=` is posted back with the form.
 */
export function LoginScreen({ id, title, description, validation, lastResult }: LoginFormProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const checks = useClientValidation(validation);
  const [form, fields] = useForm<LoginValue>({
    id,
    lastResult,
    shouldValidate: checks.ready ? 'onBlur' : 'onSubmit',
    shouldRevalidate: checks.ready ? 'onInput' : 'onSubmit',
    onValidate: checks.onValidate,
    onSubmit: checks.onSubmit,
  });

  // A field the server left out of a failed answer (the password, or both after a refused
  // sign-in) is emptied, as the page rendered without JavaScript shows it.
  const emailId = fields.email.id;
  const passwordId = fields.password.id;
  useEffect(() => {
    if (lastResult?.status !== 'error' || !lastResult.initialValue) return;
    for (const [name, id] of [
      ['email', emailId],
      ['password', passwordId],
    ] as const) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement && lastResult.initialValue[name] === undefined) input.value = '';
    }
  }, [lastResult, emailId, passwordId]);

  return (
    <BrandedCard title={title} description={description} className="max-w-sm">
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <div className="grid gap-2">
            <Label htmlFor={fields.email.id}>Email</Label>
            <Input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" autoFocus placeholder="you@institute.in" />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fields.password.id}>Password</Label>
            <Input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" />
            <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          <FormError id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
      </CardContent>
    </BrandedCard>
  );
}
