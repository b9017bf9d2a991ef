import { forbidden } from './errors';
import type { RecordReach } from './record-queries';

export const otherBranchMessage = 'You can only add or change records of your own branch';

/**
 * Refuses a change to a record the caller may only read: institute-wide records (courses, exams of
 * no branch) are readable by every branch but changed only by the institute. Apart from the
 * records' commands, so a pure decider holds to it without loading them.
 */
export function refuseReadOnly(reach: RecordReach): void {
  if (reach === 'read') throw forbidden(otherBranchMessage);
}
