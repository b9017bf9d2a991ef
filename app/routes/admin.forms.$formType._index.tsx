import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isDefaultFormType } from '../../common/forms/fields';
import { DynamicFormScreen } from '~/components/dynamic-form/dynamic-form';
import type { DynamicFormLoaderData } from '~/lib/dynamic-form';
import { formPath } from '~/lib/record-links';
import { dynamicFormAction, dynamicFormLoader } from '~/services/dynamic-form.server';

/** A custom form's screen: the same renderer, loader and action as the four built-in forms. */

function formTypeOf(params: LoaderFunctionArgs['params']): string {
  const formType = params.formType ?? '';
  // The built-in forms have screens of their own.
  if (isDefaultFormType(formType)) throw redirect(formPath(formType));
  return formType;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as DynamicFormLoaderData | undefined)?.title ?? 'Custom Form' },
];

export const loader = (args: LoaderFunctionArgs) => dynamicFormLoader(args, formTypeOf(args.params));

export const action = (args: ActionFunctionArgs) => dynamicFormAction(args, formTypeOf(args.params));

export default DynamicFormScreen;
