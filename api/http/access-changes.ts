import { accessChangeContract } from '../../common/contracts/access-changes';
import { listAccessChanges } from '../domain/access-changes/queries';
import { branchScope } from '../domain/auth/branch-scope';
import { defineEndpoint } from './endpoint';
import { permissionManagers } from './permissions';
import { branchUserManagers, userManagers } from './users';

const list = defineEndpoint({
  ...accessChangeContract.list,
  // Whoever may see users or manage their access; a branch's own staff only their branch's users.
  access: { kind: 'permission', anyOf: [...userManagers, 'USER_VIEW', ...permissionManagers, ...branchUserManagers] },
  async handle({ db, query, actor }) {
    return { message: 'Access changes', data: await listAccessChanges(db, query, branchScope(actor)) };
  },
});

export const accessChangeEndpoints = [list];
