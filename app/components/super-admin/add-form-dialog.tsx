import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { customFormNameSchema } from '../../../common/forms/config-schema';
import { customFormType } from '../../../common/forms/fields';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FieldError, FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { panelPaths } from './panel-nav';

/** The Add New Form dialog's fields; the panel layout's action reads the same schema. */
export const addFormSchema = z.object({ name: customFormNameSchema });

export const ADD_FORM_FETCHER = 'super-admin-add-form';

/**
 * Asks for the name of a new custom form (SPEC.md section 2.5). Create stays disabled while the
 * name is blank; on success the action sends the browser to the new form's editor.
 */
export function AddFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<SubmissionResult<string[]>>({ key: ADD_FORM_FETCHER });
  const [name, setName] = useState('');
  const submitting = fetcher.state !== 'idle';
  const [form, fields] = useForm({
    id: 'add-custom-form',
    lastResult: submitting ? undefined : fetcher.data,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addFormSchema }),
  });

  useEffect(() => {
    if (!open) setName('');
  }, [open]);

  const formType = customFormType(name);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add New Form</DialogTitle>
          <DialogDescription>Name the form; you add its fields in the form editor next.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={panelPaths.home} className="grid gap-4" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <div className="grid gap-2">
            <Label htmlFor={fields.name.id} required>
              Form name
            </Label>
            <Input
              {...getInputProps(fields.name, { type: 'text', value: false })}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Alumni Survey"
              autoComplete="off"
              autoFocus
            />
            {name.trim() ? (
              <p className="text-xs text-muted-foreground">
                Form type: <code className="rounded bg-muted px-1 py-0.5">{formType}</code>
              </p>
            ) : null}
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <FormError id={form.errorId} errors={form.errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || submitting}>
              {submitting ? 'Creating...' : 'Create'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
