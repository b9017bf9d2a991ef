import { accessChangeReaders } from '../../common/user-permissions';
import { accessChangeContract } from '../../common/contracts/access-changes';
import { listAccessChanges } from '../domain/access-changes/queries';
import { branchScope } from '../domain/auth/branch-scope';
import { defineEndpoint } from './endpoint';

const list = defineEndpoint({
  ...accessChangeContract.list,
  access: { kind: 'permission', anyOf: accessChangeReaders },
  async handle({ db, query, actor }) {
    return { message: 'Access changes', data: await listAccessChanges(db, query, branchScope(actor)) };
  },
});

export const accessChangeEndpoints = [list];
