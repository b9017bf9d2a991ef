import { accessChangeReaders } from '../../common/user-permissions';
import { accessChangeContract } from '../../common/contracts/access-changes';
import { indianDay } from '../../common/india-time';
import { accessChangesExport, listAccessChanges } from '../domain/access-changes/queries';
import { branchScope } from '../domain/auth/branch-scope';
import { exportFile } from '../export/export-file';
import { defineEndpoint, defineFileEndpoint } from './endpoint';

const readers = { kind: 'permission', anyOf: accessChangeReaders } as const;

const list = defineEndpoint({
  ...accessChangeContract.list,
  access: readers,
  async handle({ db, query, actor }) {
    return { message: 'Access changes', data: await listAccessChanges(db, query, branchScope(actor)) };
  },
});

const exportChanges = defineFileEndpoint({
  ...accessChangeContract.export,
  access: readers,
  async handle({ db, query: { format, ...query }, actor, deps }) {
    return exportFile(format, accessChangesExport(db, query, branchScope(actor)), indianDay(deps.clock.now()));
  },
});

export const accessChangeEndpoints = [list, exportChanges];
