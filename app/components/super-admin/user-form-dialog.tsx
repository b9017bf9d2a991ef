import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useFetcher } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { ZodTypeAny } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FieldError, FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { toast } from '~/components/ui/toaster';
import { roleLabel } from '../../../common/roles';
import { userActionSchema, type ListedUser, type UserFormReply } from './user-management-model';
import { useFetcherOutcome } from './use-fetcher-outcome';

/** What the form edits of a user. */
export type EditableUser = Pick<ListedUser, '_id' | 'name' | 'email' | 'phone' | 'role' | 'status' | 'branchId'>;

interface UserFormFields {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: string;
  status: 'active' | 'inactive';
  branchId: string;
}

// Typed loosely on purpose: the form holds the add/edit variants' fields, while the schema's
// value is the union of all four intents, which conform would take as the form's shape.
const formSchema: ZodTypeAny = userActionSchema;

export const USER_FORM_FETCHER = 'super-admin-user-form';

// One dialog is open at a time (each opening remounts it), so fixed ids do not collide.
const ROLE_SUGGESTIONS_ID = 'user-role-suggestions';
const ROLE_HINT_ID = 'user-role-hint';

interface UserFormDialogProps {
  /** Which opening of the dialog this is; each has its own fetcher. */
  session: number;
  /** Adding when null, else editing this user. */
  user: EditableUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  branches: readonly { id: string; name: string }[];
  /**
   * The roles offered, highest first; a new user gets the last (the lowest). Role stays free text
   * (SPEC.md section 3): the server decides what the caller may give (decision 011).
   */
  roles: readonly string[];
  /** The branch every user of the screen belongs to: the Branch field starts there and offers no institute-wide choice. */
  branch?: string;
}

/**
 * Add or edit a user (SPEC.md sections 2.5 and 5). The form posts to the route rendering it with a
 * fetcher: a refusal stays in the dialog (and shows as a toast), a success redirects back to
 * the list with its toast and closes the dialog.
 */
export function UserFormDialog({ session, user, open, onOpenChange, branches, roles, branch }: UserFormDialogProps) {
  const fetcher = useFetcher<UserFormReply>({ key: `${USER_FORM_FETCHER}-${session}` });
  const editing = user !== null;
  const busy = fetcher.state !== 'idle';
  // A refusal stays in the dialog and shows as a toast; a success redirected: close.
  const sent = useFetcherOutcome(fetcher, (reply) => {
    if (reply?.toast) toast.error(reply.toast);
    else if (!reply) onOpenChange(false);
  });

  const [form, fields] = useForm<UserFormFields>({
    id: `user-form-${session}`,
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? roles[roles.length - 1] ?? '',
      status: user?.status ?? 'active',
      branchId: user?.branchId ?? branch ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formSchema }),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit User' : 'Add User'}</DialogTitle>
          <DialogDescription>
            {editing ? `Change the details of ${user.name}.` : 'Create an account; grant its permissions in Permission Management.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          {...getFormProps(form)}
          onSubmit={(event) => {
            form.onSubmit(event);
            if (!event.defaultPrevented) sent();
          }}
        >
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value={editing ? 'user.update' : 'user.create'} />
          {editing ? <input type="hidden" name="userId" value={user._id} /> : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.name.id} required>
                Name
              </Label>
              <Input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" autoFocus />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.email.id} required>
                Email
              </Label>
              <Input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.phone.id}>Phone</Label>
              <Input {...getInputProps(fields.phone, { type: 'tel' })} inputMode="numeric" placeholder="10 digits" autoComplete="off" />
              <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.password.id} required={!editing}>
                Password
              </Label>
              <Input
                {...getInputProps(fields.password, { type: 'password' })}
                autoComplete="new-password"
                placeholder={editing ? 'Leave blank to keep the current one' : 'At least 6 characters'}
              />
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.role.id}>Role</Label>
              <Input
                {...getInputProps(fields.role, { type: 'text', ariaDescribedBy: ROLE_HINT_ID })}
                list={ROLE_SUGGESTIONS_ID}
                autoComplete="off"
              />
              <datalist id={ROLE_SUGGESTIONS_ID}>
                {roles.map((role) => (
                  <option key={role} value={role} label={roleLabel(role)} />
                ))}
              </datalist>
              <p id={ROLE_HINT_ID} className="text-xs text-muted-foreground">
                Pick a suggested role or type another.
              </p>
              <FieldError id={fields.role.errorId} errors={fields.role.errors} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fields.status.id}>Status</Label>
              <NativeSelect {...getSelectProps(fields.status)}>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </NativeSelect>
              <FieldError id={fields.status.errorId} errors={fields.status.errors} />
            </div>
            <div className="grid content-start gap-2 sm:col-span-2">
              <Label htmlFor={fields.branchId.id}>Branch</Label>
              <NativeSelect {...getSelectProps(fields.branchId)}>
                {branch ? null : <option value="">No branch (institute-wide)</option>}
                {branches.map((branch) => (
                  <option key={branch.id} value={branch.id}>
                    {branch.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={fields.branchId.errorId} errors={fields.branchId.errors} />
            </div>
          </div>

          <FormError id={form.errorId} errors={form.errors} />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : editing ? 'Update User' : 'Add User'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
