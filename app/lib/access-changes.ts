import { accessChangeKinds, type AccessChangeListQuery, type AccessChangeView } from '../../common/contracts/access-changes';
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

/** A change as the list shows it: the kit names every row's `title`. */
export type AccessChangeRow = AccessChangeView & { _id: string; title: string; version: number };

export function toAccessChangeRow(change: AccessChangeView): AccessChangeRow {
  return { ...change, _id: change.id, title: change.user.name, version: 1 };
}

type AccessChangeScreenQuery = ReturnType<typeof parseAccessChangeQuery>;

/** The API's filters for what the screen's address asks, without its page. */
export function accessChangeApiQuery(query: AccessChangeScreenQuery): Omit<AccessChangeListQuery, 'page' | 'limit'> {
  return {
    search: query.search || undefined,
    kind: query.kind || undefined,
    permission: query.permission || undefined,
    userId: query.user || undefined,
    byId: query.by || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    order: query.order,
  };
}
