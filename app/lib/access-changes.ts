import { accessChangeKinds, type AccessChangeKind, type AccessChangeView } from '../../common/contracts/access-changes';
import { roleLabel } from '../../common/roles';
import { choiceParam, dayParam, listQueryParser, textParam, type QueryDefaults } from './list-query';

/** The access changes screen's address: the changed user, who changed, what kind, which permission, when. */
const accessChangeSorts = ['at'] as const;
export type AccessChangeSort = (typeof accessChangeSorts)[number];
export const accessChangeDefaults: QueryDefaults<AccessChangeSort> = { sort: 'at', order: 'desc' };
export const parseAccessChangeQuery = listQueryParser({
  sorts: accessChangeSorts,
  filters: {
    kind: choiceParam(accessChangeKinds),
    permission: textParam(100),
    user: textParam(100),
    by: textParam(100),
    from: dayParam(),
    to: dayParam(),
  },
});

export const accessChangeKindLabels: Record<AccessChangeKind, string> = {
  created: 'Account created',
  role: 'Role changed',
  branch: 'Branch changed',
  permissions: 'Permissions changed',
  status: 'Status changed',
  deleted: 'Account deleted',
};

/** A change as the list shows it: the kit names every row's `title`. */
export type AccessChangeRow = AccessChangeView & { _id: string; title: string; version: number };

export function toAccessChangeRow(change: AccessChangeView): AccessChangeRow {
  return { ...change, _id: change.id, title: change.user.name, version: 1 };
}

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
