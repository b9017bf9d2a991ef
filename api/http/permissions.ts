import { permissionContract } from '../../common/contracts/permissions';
import { catalogueReaders, permissionManagers } from '../../common/user-permissions';
import { listPermissions } from '../domain/permissions/list';
import { syncPermissions } from '../domain/permissions/sync';
import { defineEndpoint } from './endpoint';

const list = defineEndpoint({
  ...permissionContract.list,
  access: { kind: 'permission', anyOf: catalogueReaders },
  async handle({ db }) {
    const permissions = await listPermissions(db);
    return { message: 'Permissions', data: permissions };
  },
});

const sync = defineEndpoint({
  ...permissionContract.sync,
  access: { kind: 'permission', anyOf: permissionManagers },
  async handle({ tx, meta }) {
    const result = await syncPermissions({ tx, meta });
    const total = (await listPermissions(tx)).length;
    return { message: 'Permissions synchronized successfully', data: { ...result, total } };
  },
});

export const permissionEndpoints = [list, sync];
