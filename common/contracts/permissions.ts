import { z } from 'zod';
import { defineContract } from './endpoint';

/** One entry of the permission catalogue. */
export const permission = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  level: z.string(),
  module: z.string(),
});
export type Permission = z.infer<typeof permission>;

const syncReport = z.object({
  added: z.array(z.string()).describe('Names of the permissions added'),
  updated: z.array(z.string()).describe('Names of the permissions whose description, category, level or module changed'),
  removed: z.array(z.string()).describe('Names of the permissions the code no longer has, removed with their grants'),
  unchanged: z.number().int(),
  total: z.number().int().describe('Permissions stored after the sync'),
});
export type SyncReport = z.infer<typeof syncReport>;

export const permissionContract = {
  list: defineContract({
    method: 'get',
    path: '/permissions',
    summary: 'The permission catalogue, grouped by category in the order of the code',
    tag: 'permissions',
    response: z.array(permission),
  }),
  sync: defineContract({
    method: 'post',
    path: '/permissions/sync',
    summary:
      'Make the stored catalogue equal the code’s: add new permissions, update changed ones keeping their ids, remove those the code no longer has (and their grants)',
    tag: 'permissions',
    response: syncReport,
  }),
};
