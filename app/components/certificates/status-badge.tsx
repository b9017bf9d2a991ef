import { issuedStatusLabels, type IssuedStatus } from '../../../common/contracts/certificates';
import { Badge } from '~/components/ui/badge';

const variants = { issued: 'success', revoked: 'destructive', superseded: 'outline' } as const;

export function IssuedStatusBadge({ status }: { status: IssuedStatus }) {
  return <Badge variant={variants[status]}>{issuedStatusLabels[status]}</Badge>;
}
