import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { FieldError, FormError } from '~/components/ui/field-error';
import { IndianRupeeIcon, PlusIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { Textarea } from '~/components/ui/textarea';
import { rupeeAmount, rupeeText } from '~/components/wallet/amount-schema';
import { Amount } from '~/components/wallet/money';
import { EmptyState } from '~/components/list/empty-state';
import { RowButtons, RowDeleteLink, RowEditLink } from '~/components/list/row-buttons';
import { PageHeader } from '~/components/list/page-header';
import { useSamePageLoading } from '~/components/wallet/page';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { OPERATION_KEY_PATTERN, type OperationPrice } from '../../common/wallet';
import { UrlDialog, UrlDialogActions } from '~/components/wallet/url-dialog';
import { requireAdminRoute } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';
import {
  createOperationPrice,
  deleteOperationPrice,
  listOperationPrices,
  toggleOperationPrice,
  updateOperationPrice,
} from '~/services/wallet.server';
import { formatDate, formatRupees } from '~/utils/format';

export const meta: MetaFunction = () => [{ title: 'Operation Pricing' }];

const PATH = '/admin/wallet/operation-pricing';

const priceFields = {
  operationKey: z
    .string({ required_error: 'Enter the operation key' })
    .trim()
    .toUpperCase()
    .regex(OPERATION_KEY_PATTERN, 'Use capital letters, digits and underscores, such as ADD_STUDENT'),
  operationName: z.string({ required_error: 'Enter the operation name' }).trim().max(120, 'Operation name must be at most 120 characters'),
  price: rupeeAmount({ label: 'Price', min: 0 }),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  enabled: z.boolean().default(false),
};
const id = z.string().min(1).max(100);

const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), ...priceFields }),
  z.object({ intent: z.literal('update'), id, ...priceFields }),
  z.object({ intent: z.literal('toggle'), id }),
  z.object({ intent: z.literal('delete'), id }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const prices = await listOperationPrices(api);
  if (!prices.ok) throw data(prices.message, { status: prices.status, headers });
  return data({ prices: prices.data }, { headers });
}

/** Opening and closing a dialog changes only the address: the list stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, schema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400, headers });
  }
  const value = submission.value;
  const result =
    value.intent === 'create'
      ? await createOperationPrice(api, {
          operationKey: value.operationKey,
          operationName: value.operationName,
          price: value.price,
          enabled: value.enabled,
          description: value.description,
        })
      : value.intent === 'update'
        ? await updateOperationPrice(api, value.id, {
            operationKey: value.operationKey,
            operationName: value.operationName,
            price: value.price,
            enabled: value.enabled,
            description: value.description,
          })
        : value.intent === 'toggle'
          ? await toggleOperationPrice(api, value.id)
          : await deleteOperationPrice(api, value.id);

  if (!result.ok) {
    const fields = ['operationKey', 'operationName', 'price', 'description', 'enabled'];
    const fieldErrors = Object.fromEntries(Object.entries(result.errors ?? {}).filter(([name]) => fields.includes(name)));
    // A second price for one key answers 409: that is the key's problem.
    if (result.status === 409 && (value.intent === 'create' || value.intent === 'update')) fieldErrors.operationKey = [result.message];
    const formErrors = Object.keys(fieldErrors).length ? [] : [result.message];
    if (value.intent === 'toggle') {
      return redirectWithToast(PATH, { type: 'error', title: result.message }, { headers });
    }
    return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  const { operationName, price, enabled } = result.data;
  const title = {
    create: result.message,
    update: `${operationName} now costs ${formatRupees(price)}${enabled ? '' : ' (disabled)'}`,
    toggle: `${operationName} ${enabled ? 'enabled: branches are charged for it' : 'disabled: it charges nothing'}`,
    delete: `The price of ${operationName} was deleted`,
  }[value.intent];
  return redirectWithToast(PATH, { type: 'success', title }, { headers });
}

export default function OperationPricing() {
  const { prices } = useLoaderData<typeof loader>();
  const busy = useSamePageLoading();
  const [searchParams] = useSearchParams();
  const editing = prices.find((price) => price.id === searchParams.get('edit'));
  const deleting = prices.find((price) => price.id === searchParams.get('delete'));
  const adding = searchParams.has('add');

  return (
    <div className="grid gap-6">
      <PageHeader
        busy={busy}
        title="Operation Pricing"
        description="What each operation costs the branch that performs it. Disabled prices charge nothing."
        actions={
          <Button asChild>
            <Link to="?add=1" preventScrollReset>
              <PlusIcon aria-hidden="true" /> Add price
            </Link>
          </Button>
        }
      />

      <UrlDialog open={adding} closeTo={PATH} title="Add operation price" description="Branches are charged this price each time.">
        <PriceForm />
      </UrlDialog>
      <UrlDialog open={Boolean(editing)} closeTo={PATH} title="Edit operation price" description={editing?.operationName}>
        {editing ? <PriceForm price={editing} /> : null}
      </UrlDialog>
      <UrlDialog
        open={Boolean(deleting)}
        closeTo={PATH}
        alert
        title={`Delete the price of ${deleting?.operationName ?? ''}?`}
        description="Branches will no longer be charged for it. Past charges stay in the ledger."
      >
        {deleting ? <DeleteForm price={deleting} /> : null}
      </UrlDialog>

      <Card className="py-2">
        <CardContent className="px-2 md:px-4">
          {prices.length ? (
            <Table aria-label="Operation prices">
              <TableHeader>
                <TableRow>
                  <TableHead>Operation</TableHead>
                  <TableHead className="hidden md:table-cell">Description</TableHead>
                  <TableHead className="text-right">Price</TableHead>
                  <TableHead>Enabled</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {prices.map((price) => (
                  <TableRow key={price.id}>
                    <TableCell className="whitespace-normal">
                      <div className="font-medium">{price.operationName}</div>
                      <div className="font-mono text-xs text-muted-foreground">{price.operationKey}</div>
                    </TableCell>
                    <TableCell className="hidden max-w-96 whitespace-normal text-muted-foreground md:table-cell">
                      {price.description || '—'}
                      <div className="mt-0.5 text-xs">Updated {formatDate(price.updatedAt)}</div>
                    </TableCell>
                    <TableCell className="text-right font-medium">
                      <Amount paise={price.price} />
                    </TableCell>
                    <TableCell>
                      <ToggleForm price={price} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RowButtons>
                        <RowEditLink to={`?edit=${encodeURIComponent(price.id)}`} label={`Edit ${price.operationName}`} />
                        <RowDeleteLink to={`?delete=${encodeURIComponent(price.id)}`} label={`Delete ${price.operationName}`} />
                      </RowButtons>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <EmptyState
              className="min-h-0 border-0 py-10"
              icon={IndianRupeeIcon}
              title="No operation prices"
              action={
                <Button asChild size="sm">
                  <Link to="?add=1">Add price</Link>
                </Button>
              }
            >
              Without a price an operation is free. Add ADD_STUDENT to charge branches for admissions.
            </EmptyState>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** Enable or disable at once: a switch that posts (a plain button before JavaScript). */
function ToggleForm({ price }: { price: OperationPrice }) {
  const fetcher = useFetcher();
  const enabled = fetcher.formData ? !price.enabled : price.enabled;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-2">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={price.id} />
      <Switch type="submit" checked={enabled} aria-label={`${price.operationName} enabled`} disabled={fetcher.state !== 'idle'} />
      <Badge variant={enabled ? 'success' : 'outline'} className="max-sm:hidden">
        {enabled ? 'On' : 'Off'}
      </Badge>
    </fetcher.Form>
  );
}

function PriceForm({ price }: { price?: OperationPrice }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const intent = price ? 'update' : 'create';
  const [form, fields] = useForm({
    id: price ? `price-${price.id}` : 'price-new',
    lastResult: actionData?.result.initialValue?.intent === intent ? actionData.result : undefined,
    defaultValue: price
      ? {
          operationKey: price.operationKey,
          operationName: price.operationName,
          price: rupeeText(price.price),
          description: price.description,
          enabled: price.enabled ? 'on' : undefined,
        }
      : { enabled: 'on' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {price ? <input type="hidden" name="id" value={price.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={fields.operationName.id} required>
            Operation name
          </Label>
          <Input {...getInputProps(fields.operationName, { type: 'text' })} key={fields.operationName.key} placeholder="Add Student" />
          <FieldError id={fields.operationName.errorId} errors={fields.operationName.errors} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fields.operationKey.id} required>
            Operation key
          </Label>
          <Input
            {...getInputProps(fields.operationKey, { type: 'text' })}
            key={fields.operationKey.key}
            placeholder="ADD_STUDENT"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
          />
          <FieldError id={fields.operationKey.errorId} errors={fields.operationKey.errors} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fields.price.id} required>
          Price
        </Label>
        <RupeeInput {...getInputProps(fields.price, { type: 'text' })} key={fields.price.key} placeholder="50" className="max-w-48" />
        <FieldError id={fields.price.errorId} errors={fields.price.errors} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fields.description.id}>Description</Label>
        <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} maxLength={500} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="flex items-center gap-2">
        <NativeCheckbox {...getInputProps(fields.enabled, { type: 'checkbox' })} key={fields.enabled.key} />
        <Label htmlFor={fields.enabled.id}>Charge branches for this operation</Label>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <UrlDialogActions closeTo={PATH} submitting={submitting} busyLabel="Saving…" label={price ? 'Save changes' : 'Add price'} />
    </Form>
  );
}

function DeleteForm({ price }: { price: OperationPrice }) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={price.id} />
      <UrlDialogActions closeTo={PATH} submitting={submitting} busyLabel="Deleting…" label="Delete price" destructive />
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Operation Pricing" heading={() => 'The wallet could not be loaded'} />;
}
