import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { courseCategoryName } from '../../../common/contracts/course-categories';
import { FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { UrlDialogActions } from '~/components/wallet/url-dialog';

const id = z.string().min(1).max(100);
const version = z.coerce.number().int().min(1).optional();

/**
 * The screen's forms, told apart by `intent`. The name is the contract's own schema, so the
 * browser, the route and the API say the same thing about it. Delete is the list kit's form.
 */
export const categoryFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), name: courseCategoryName }),
  z.object({ intent: z.literal('rename'), id, version, name: courseCategoryName }),
  z.object({ intent: z.literal('toggle'), id, version }),
]);

/** Adds a category, or renames `category` sending the version shown (a stale one is refused). */
export function CategoryForm({
  category,
  lastResult,
  closeTo,
}: {
  category?: { _id: string; name: string; version: number };
  lastResult?: SubmissionResult<string[]>;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const intent = category ? 'rename' : 'create';
  const [form, fields] = useForm({
    id: category ? `category-${category._id}` : 'category-new',
    lastResult: lastResult?.initialValue?.intent === intent ? lastResult : undefined,
    defaultValue: category ? { name: category.name } : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFormSchema }),
  });
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {category ? (
        <>
          <input type="hidden" name="id" value={category._id} />
          <input type="hidden" name="version" value={category.version} />
        </>
      ) : null}
      <FormField field={fields.name} label="Name" required>
        <Input
          {...getInputProps(fields.name, { type: 'text' })}
          key={fields.name.key}
          placeholder="e.g. Computer Courses"
          autoComplete="off"
        />
      </FormField>
      <FormError id={form.errorId} errors={form.errors} />
      <UrlDialogActions
        closeTo={closeTo}
        submitting={submitting}
        label={category ? 'Rename' : 'Add category'}
        busyLabel={category ? 'Renaming…' : 'Adding…'}
      />
    </Form>
  );
}
