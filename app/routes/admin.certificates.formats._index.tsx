import type { MetaFunction } from '@remix-run/node';
import { FormatListScreen } from '~/components/certificate-formats/format-list';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatScreens } from '~/lib/certificate-formats';
import { formatListAction, formatListLoader } from '~/services/certificate-format-screens.server';

const { title } = formatScreens.certificate;

export const meta: MetaFunction = () => [{ title }];

export const loader = formatListLoader('certificate');
export const action = formatListAction('certificate');

export default FormatListScreen;

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
