import { jobStateLabels, type JobState } from '../../../common/contracts/jobs';
import { Badge } from '~/components/ui/badge';

const variants = { queued: 'outline', running: 'secondary', done: 'success', failed: 'destructive', cancelled: 'warning' } as const;

export function JobStateBadge({ state }: { state: JobState }) {
  return <Badge variant={variants[state]}>{jobStateLabels[state]}</Badge>;
}
