import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FieldError, FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeAmount } from '~/components/wallet/amount-schema';
import { Amount } from '~/components/wallet/money';
import { PageHeader } from '~/components/list/page-header';
import { useSamePageLoading } from '~/components/wallet/page';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { requireAdminRoute } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';
import { addBalance, visibleBalances, walletLinks } from '~/services/wallet.server';
import { formatRupees } from '~/utils/format';

export const meta: MetaFunction = () => [{ title: 'Add Balance' }];

/** A branch's own staff top up their own branch: the form has no branch field for them. */
function schemaFor(ownBranch: boolean) {
  return z.object({
    intent: z.enum(['review', 'confirm', 'edit']).default('review'),
    branchId: ownBranch ? z.string().optional() : z.string({ required_error: 'Choose a branch' }).trim().min(1, 'Choose a branch'),
    amount: rupeeAmount({ label: 'Amount', min: 1 }),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
    reference: z.string().trim().max(200, 'Reference must be at most 200 characters').default(''),
    requestId: z.string().max(100).optional(),
  });
}

type Review = { branchName: string; amount: number; balance: number | null; note: string; reference: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const balances = await visibleBalances(api, user);
  if (!balances.ok) throw data(balances.message, { status: balances.status, headers });
  const requested = new URL(request.url).searchParams.get('branchId');
  return data(
    {
      ownBranch: user.branchId,
      branches: balances.data,
      selected: user.branchId ?? (balances.data.some((b) => b.branchId === requested) ? requested : null),
      // One key per visit: a repeated post of the same top-up adds the money once.
      requestId: crypto.randomUUID(),
      links: walletLinks(user),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, schemaFor(Boolean(user.branchId)));
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), review: null }, { status: 400, headers });
  }
  const { intent, amount, note, reference, requestId } = submission.value;
  const branchId = user.branchId ?? submission.value.branchId!;

  if (intent !== 'confirm') {
    if (intent === 'edit') return data({ result: submission.reply(), review: null }, { headers });
    // Without JavaScript the confirmation is a second page: show what will happen, post again.
    const balances = await visibleBalances(api, user);
    const branch = balances.ok ? balances.data.find((b) => b.branchId === branchId) : undefined;
    if (!branch) {
      return data({ result: submission.reply({ fieldErrors: { branchId: ['Choose a branch'] } }), review: null }, { status: 400, headers });
    }
    const review: Review = { branchName: branch.branchName, amount, balance: branch.balance, note, reference };
    return data({ result: submission.reply(), review }, { headers });
  }

  const result = await addBalance(api, { branchId: user.branchId ? undefined : branchId, amount, note, reference }, requestId);
  if (!result.ok) {
    const known = ['branchId', 'amount', 'note', 'reference'];
    const fieldErrors = Object.fromEntries(Object.entries(result.errors ?? {}).filter(([name]) => known.includes(name)));
    const formErrors = Object.keys(fieldErrors).length ? [] : [result.message];
    return data(
      { result: submission.reply({ formErrors, fieldErrors }), review: null },
      { status: result.status >= 500 ? 500 : 400, headers },
    );
  }
  const target = walletLinks(user).transactions
    ? `/admin/wallet/transactions${user.branchId ? '' : `?branchId=${encodeURIComponent(branchId)}`}`
    : '/admin/wallet/add-balance';
  return redirectWithToast(target, { type: 'success', title: result.message }, { headers });
}

export default function AddBalance() {
  const { ownBranch, branches, selected, requestId } = useLoaderData<typeof loader>();
  const busy = useSamePageLoading();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = schemaFor(Boolean(ownBranch));
  const [form, fields] = useForm({
    id: 'add-balance',
    lastResult: actionData?.result,
    defaultValue: { branchId: selected ?? '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [branchId, setBranchId] = useState(selected ?? '');
  const [review, setReview] = useState<Review | null>(null);
  const submitting = navigation.state === 'submitting' && navigation.formAction?.endsWith('/admin/wallet/add-balance');
  const own = ownBranch ? branches.find((b) => b.branchId === ownBranch) : undefined;
  const chosen = own ?? branches.find((b) => b.branchId === branchId);
  const noJsReview = actionData?.review ?? null;
  // A refused top-up answers with the form's errors: close the dialog so they show.
  useEffect(() => setReview(null), [actionData]);

  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader busy={busy} title="Add Balance" description="Top up a branch wallet. Charges for operations are taken from it." />

      {noJsReview ? <ReviewCard review={noJsReview} values={actionData?.result.initialValue ?? {}} requestId={requestId} /> : null}

      <Card hidden={Boolean(noJsReview)}>
        <CardHeader>
          <CardTitle>Top-up details</CardTitle>
          <CardDescription>You confirm the amount before any money is added.</CardDescription>
        </CardHeader>
        <Form
          method="post"
          {...getFormProps(form)}
          onSubmit={(event) => {
            form.onSubmit(event);
            if (event.defaultPrevented) return;
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value === 'confirm') return;
            // With JavaScript the confirmation is a dialog over the filled form.
            event.preventDefault();
            const parsed = parseWithZod(new FormData(event.currentTarget), { schema });
            if (parsed.status !== 'success' || !chosen) return;
            setReview({
              branchName: chosen.branchName,
              amount: parsed.value.amount,
              balance: chosen.balance,
              note: parsed.value.note,
              reference: parsed.value.reference,
            });
          }}
        >
          <AuthenticityTokenInput />
          <input type="hidden" name="requestId" value={requestId} />
          <CardContent className="grid gap-5">
            {own ? (
              <div className="grid gap-1.5">
                <span className="text-sm font-medium">Branch</span>
                <p className="text-sm">
                  {own.branchName} · balance <Amount paise={own.balance} className="font-medium" />
                </p>
              </div>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor={fields.branchId.id} required>
                  Branch
                </Label>
                <NativeSelect
                  {...getSelectProps(fields.branchId)}
                  key={fields.branchId.key}
                  onChange={(event) => setBranchId(event.currentTarget.value)}
                >
                  <option value="">Choose a branch</option>
                  {branches.map((b) => (
                    <option key={b.branchId} value={b.branchId}>
                      {b.branchName}
                      {b.walletEnabled ? '' : ' (wallet off)'}
                    </option>
                  ))}
                </NativeSelect>
                {chosen ? (
                  <p className="text-sm text-muted-foreground">
                    Current balance <Amount paise={chosen.balance} className="font-medium text-foreground" />
                    {chosen.walletEnabled ? '' : ' · this branch does not use its wallet yet'}
                  </p>
                ) : null}
                <FieldError id={fields.branchId.errorId} errors={fields.branchId.errors} />
              </div>
            )}
            <div className="grid gap-2">
              <Label htmlFor={fields.amount.id} required>
                Amount
              </Label>
              <RupeeInput
                {...getInputProps(fields.amount, { type: 'text' })}
                key={fields.amount.key}
                placeholder="5,000"
                className="max-w-60"
              />
              {/* The message takes the hint's place, so checking on blur never moves the button below. */}
              {fields.amount.errors?.length ? (
                <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
              ) : (
                <p className="text-sm text-muted-foreground">In rupees, up to two decimals.</p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.reference.id}>Payment reference</Label>
              <Input
                {...getInputProps(fields.reference, { type: 'text' })}
                key={fields.reference.key}
                placeholder="UPI / NEFT / receipt number"
                maxLength={200}
              />
              <FieldError id={fields.reference.errorId} errors={fields.reference.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.note.id}>Note</Label>
              <Textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={3} maxLength={500} placeholder="Optional" />
              <FieldError id={fields.note.errorId} errors={fields.note.errors} />
            </div>
            <FormError id={form.errorId} errors={form.errors} />
          </CardContent>
          <CardFooter className="mt-6 justify-end gap-2">
            <Button asChild variant="ghost">
              <Link to="/admin/wallet/dashboard">Cancel</Link>
            </Button>
            <Button type="submit" name="intent" value="review" disabled={submitting}>
              Review top-up
            </Button>
          </CardFooter>
        </Form>
      </Card>

      <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : setReview(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm top-up</DialogTitle>
            <DialogDescription>
              Add {review ? formatRupees(review.amount) : ''} to the wallet of {review?.branchName}?
            </DialogDescription>
          </DialogHeader>
          {review ? <ReviewDetails review={review} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setReview(null)}>
              Back
            </Button>
            <Button type="submit" form={form.id} name="intent" value="confirm" disabled={submitting}>
              {submitting ? 'Adding…' : `Add ${review ? formatRupees(review.amount) : ''}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ReviewDetails({ review }: { review: Review }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 rounded-md border bg-muted/40 px-4 py-3 text-sm">
      <dt className="text-muted-foreground">Branch</dt>
      <dd className="text-right font-medium">{review.branchName}</dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd className="text-right font-medium">
        <Amount paise={review.amount} />
      </dd>
      {review.balance !== null ? (
        <>
          <dt className="text-muted-foreground">Balance after</dt>
          <dd className="text-right">
            <Amount paise={review.balance + review.amount} />
          </dd>
        </>
      ) : null}
      {review.reference ? (
        <>
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="text-right break-all">{review.reference}</dd>
        </>
      ) : null}
      {review.note ? (
        <>
          <dt className="text-muted-foreground">Note</dt>
          <dd className="text-right break-words">{review.note}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The confirmation page of a browser without JavaScript: the same values, posted again. */
function ReviewCard({ review, values, requestId }: { review: Review; values: Record<string, unknown>; requestId: string }) {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  return (
    <Card role="region" aria-labelledby="review-title">
      <CardHeader>
        <CardTitle id="review-title">Confirm top-up</CardTitle>
        <CardDescription>
          Add {formatRupees(review.amount)} to the wallet of {review.branchName}?
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ReviewDetails review={review} />
      </CardContent>
      <CardFooter className="mt-6 justify-end">
        <Form method="post" className="flex gap-2">
          <AuthenticityTokenInput />
          <input type="hidden" name="requestId" value={requestId} />
          {['branchId', 'amount', 'note', 'reference'].map((name) => (
            <input key={name} type="hidden" name={name} value={text(name)} />
          ))}
          <Button type="submit" name="intent" value="edit" variant="outline">
            Change
          </Button>
          <Button type="submit" name="intent" value="confirm">
            Add {formatRupees(review.amount)}
          </Button>
        </Form>
      </CardFooter>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Add Balance" heading={() => 'The wallet could not be loaded'} />;
}
