import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { newPasswordDiffers, passwordChangeFields } from '../../common/contracts/auth';
import { MIN_PASSWORD_LENGTH } from '../../common/contracts/users';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { changePassword } from '~/services/account.server';
import { requireAdminRoute } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';

export const meta: MetaFunction = () => [{ title: 'Change Password' }];

const passwordMessages = {
  mismatch: 'The new passwords do not match',
  changed: 'Password changed',
  otherSessions: 'You stay signed in here; every other session has been signed out.',
} as const;

// The API's own fields and rules, so both refuse the same passwords in the same words. The
// confirmation is trimmed as the new password is: the two are compared as they would be kept.
export const changePasswordForm = z
  .object({
    ...passwordChangeFields,
    confirmPassword: z.string({ required_error: passwordMessages.mismatch }).trim().max(1024),
  })
  .superRefine(newPasswordDiffers)
  .refine((value) => value.newPassword === value.confirmPassword, { message: passwordMessages.mismatch, path: ['confirmPassword'] });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAdminRoute(request, context);
  return data(null, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, changePasswordForm);
  // Passwords are never sent back into the page.
  const hidden = ['currentPassword', 'newPassword', 'confirmPassword'];
  if (submission.status !== 'success') return data(submission.reply({ hideFields: hidden }), { status: 400, headers });
  const { currentPassword, newPassword } = submission.value;
  const result = await changePassword(api, { currentPassword, newPassword });
  if (!result.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(result.errors ?? {}).filter(([name]) => hidden.includes(name)));
    const formErrors = Object.keys(fieldErrors).length ? [] : [result.message];
    return data(submission.reply({ formErrors, fieldErrors, hideFields: hidden }), {
      status: result.status >= 500 ? 500 : result.status === 429 ? 429 : 400,
      headers,
    });
  }
  return redirectWithToast(
    '/admin/account/password',
    { type: 'success', title: passwordMessages.changed, description: passwordMessages.otherSessions },
    { headers },
  );
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // A change redirects back here: the new visit's form starts empty.
  const { key } = useLocation();
  const submitting = navigation.state === 'submitting' && navigation.formAction?.endsWith('/admin/account/password');
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordForm }),
  });

  return (
    <div className="grid max-w-xl gap-6">
      <PageHeader title="Change Password" description="Change the password you sign in with." />
      <Card>
        <CardHeader>
          <CardTitle>Your password</CardTitle>
          <CardDescription>
            At least {MIN_PASSWORD_LENGTH} characters. Changing it signs you out everywhere else; this browser stays signed in.
          </CardDescription>
        </CardHeader>
        <Form key={key} method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <CardContent className="grid gap-4">
            <FormError id={form.errorId} errors={form.errors} />
            <FormField field={fields.currentPassword} label="Current password">
              <Input {...getInputProps(fields.currentPassword, { type: 'password' })} autoComplete="current-password" />
            </FormField>
            <FormField field={fields.newPassword} label="New password">
              <Input {...getInputProps(fields.newPassword, { type: 'password' })} autoComplete="new-password" />
            </FormField>
            <FormField field={fields.confirmPassword} label="Confirm new password">
              <Input {...getInputProps(fields.confirmPassword, { type: 'password' })} autoComplete="new-password" />
            </FormField>
          </CardContent>
          <CardFooter className="mt-6 justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Changing...' : 'Change password'}
            </Button>
          </CardFooter>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
