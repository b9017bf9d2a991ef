import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { normaliseVerificationCode } from '../../common/contracts/documents';
import { CodeForm, VerificationCard } from '~/components/verification-card';

export const meta: MetaFunction = () => [{ title: 'Verify a document' }];

/** A code typed in (`?code=`) opens its page, written the way it is printed. */
export function loader({ request }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get('code');
  if (typed?.trim()) return redirect(`/verify/${encodeURIComponent(normaliseVerificationCode(typed))}`);
  return null;
}

export default function VerifyIndex() {
  return (
    <VerificationCard title="Verify a document" description="Type the code printed under the QR code of a marksheet or an admit card.">
      <CodeForm />
    </VerificationCard>
  );
}
