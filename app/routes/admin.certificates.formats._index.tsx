import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { FormatList } from '~/components/certificate-formats/format-list';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatScreens } from '~/lib/certificate-formats';
import { formatListAction, formatListLoader } from '~/services/certificate-format-screens.server';

const { title } = formatScreens.certificate;

export const meta: MetaFunction = () => [{ title }];

export const loader = formatListLoader('certificate');
export const action = formatListAction('certificate');

export default function CertificateFormats() {
  const { kind, canManage, ...list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { pathname, search } = useLocation();
  return (
    <FormatList
      list={list}
      kind={kind}
      canManage={canManage}
      search={search}
      pathname={pathname}
      lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
