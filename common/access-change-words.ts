import type { AccessChangeKind, AccessChangeView } from './contracts/access-changes';
import { roleLabel } from './roles';

/** What a change did, in the words of the access changes screen and its export. */
export const accessChangeKindLabels: Record<AccessChangeKind, string> = {
  created: 'Account created',
  role: 'Role changed',
  branch: 'Branch changed',
  permissions: 'Permissions changed',
  status: 'Status changed',
  deleted: 'Account deleted',
};

const statusLabel = (status: string | null) => (status === 'active' ? 'Active' : status === 'inactive' ? 'Inactive' : (status ?? '—'));

/** What a role, branch or status change went from and to, in the screens' words. */
export function changeSides(change: AccessChangeView): { from: string; to: string } | null {
  switch (change.kind) {
    case 'role':
      return { from: roleLabel(change.from ?? ''), to: roleLabel(change.to ?? '') };
    case 'branch':
      return { from: change.from ?? 'No branch', to: change.to ?? 'No branch' };
    case 'status':
      return { from: statusLabel(change.from), to: statusLabel(change.to) };
    default:
      return null;
  }
}
