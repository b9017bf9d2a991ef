import type { MetaFunction, SerializeFrom } from '@remix-run/node';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { FormatDesignerScreen } from '~/components/certificate-formats/format-designer-screen';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatScreens } from '~/lib/certificate-formats';
import { formatDesignerAction, formatDesignerLoader } from '~/services/certificate-format-screens.server';

const { title } = formatScreens.certificate;

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.format.content.name,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.format.content.name} · ${title}` : title },
];

export const loader = formatDesignerLoader('certificate');
export const action = formatDesignerAction('certificate');

export default FormatDesignerScreen;

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
