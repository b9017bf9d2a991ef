import { z } from 'zod';
import { listPermissions } from '../domain/permissions/list';
import { syncPermissions } from '../domain/permissions/sync';
import { defineEndpoint, type Reply } from './endpoint';

/** Who manages grants; user managers also read the catalogue to show what a user holds. */
export const permissionManagers = ['PERMISSION_MANAGE', 'USERS_PERMISSION_MANAGEMENT'] as const;
const catalogueReaders = [...permissionManagers, 'USER_MANAGE_ALL', 'USERS_MANAGE', 'USER_VIEW', 'USER_EDIT'] as const;

const permission = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  level: z.string(),
  module: z.string(),
});

const list = defineEndpoint({
  method: 'get',
  path: '/permissions',
  summary: 'The permission catalogue, grouped by category in the order of the code',
  tag: 'permissions',
  access: { kind: 'permission', anyOf: catalogueReaders },
  response: z.array(permission),
  async handle({ db }): Promise<Reply> {
    const permissions = await listPermissions(db);
    return { message: 'Permissions', data: permissions };
  },
});

const sync = defineEndpoint({
  method: 'post',
  path: '/permissions/sync',
  summary: 'Make the stored catalogue equal the code’s: add new permissions, update changed ones keeping their ids, remove those the code no longer has (and their grants)',
  tag: 'permissions',
  access: { kind: 'permission', anyOf: permissionManagers },
  response: z.object({
    added: z.array(z.string()).describe('Names of the permissions added'),
    updated: z.array(z.string()).describe('Names of the permissions whose description, category, level or module changed'),
    removed: z.array(z.string()).describe('Names of the permissions the code no longer has, removed with their grants'),
    unchanged: z.number().int(),
    total: z.number().int().describe('Permissions stored after the sync'),
  }),
  async handle({ tx, meta }): Promise<Reply> {
    const result = await syncPermissions({ tx: tx!, meta });
    const total = (await listPermissions(tx!)).length;
    return { message: 'Permissions synchronized successfully', data: { ...result, total } };
  },
});

export const permissionEndpoints = [list, sync];
