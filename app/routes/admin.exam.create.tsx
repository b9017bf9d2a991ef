import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { DynamicFormScreen } from '~/components/dynamic-form/dynamic-form';
import type { DynamicFormLoaderData } from '~/lib/dynamic-form';
import { dynamicFormAction, dynamicFormLoader } from '~/services/dynamic-form.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as DynamicFormLoaderData | undefined)?.title ?? 'Create Exam' },
];

export const loader = (args: LoaderFunctionArgs) => dynamicFormLoader(args, 'examResult');

export const action = (args: ActionFunctionArgs) => dynamicFormAction(args, 'examResult');

export default DynamicFormScreen;
