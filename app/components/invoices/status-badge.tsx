import type { InvoiceStatus } from '../../../common/contracts/invoices';
import { Badge } from '~/components/ui/badge';
import { invoiceStatusLabels } from '~/lib/invoices';

const variants = {
  draft: 'outline',
  issued: 'secondary',
  'part-paid': 'warning',
  paid: 'success',
  overdue: 'destructive',
  cancelled: 'outline',
} as const satisfies Record<InvoiceStatus, string>;

/** Where an invoice stands; overdue is the one in red, cancelled reads struck through. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={variants[status]} className={status === 'cancelled' ? 'text-muted-foreground line-through' : undefined}>
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
