import { z } from 'zod';
import { dayBound } from './day-bounds';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

/** What a change did to a user's access. */
export const accessChangeKinds = ['created', 'role', 'branch', 'permissions', 'status', 'deleted'] as const;
export type AccessChangeKind = (typeof accessChangeKinds)[number];

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });
const permission = z.object({ id: z.string(), name: z.string().describe('The permission’s name, or its id when it left the catalogue') });

const accessChangeView = z.object({
  id: z.string().describe('The change’s position in the event log and its kind'),
  at: z.string().datetime(),
  kind: z.enum(accessChangeKinds),
  user: person.extend({ deleted: z.boolean().describe('The account was deleted since') }),
  by: person.nullable().describe('Who made the change; null for the system (the seed, a sync)'),
  branchId: z.string().nullable().describe('The user’s branch after the change'),
  from: z.string().nullable().describe('The role, branch (its name) or status before; null for a new account or no branch'),
  to: z.string().nullable().describe('The role, branch (its name) or status after; null for a deleted account or no branch'),
  granted: z.array(permission),
  removed: z.array(permission),
});
export type AccessChangeView = z.infer<typeof accessChangeView>;

export const accessChangeListQuery = z.object({
  ...pagingQuery,
  userId: z.string().trim().max(100).optional().describe('Only the changes to this user'),
  byId: z.string().trim().max(100).optional().describe('Only the changes this user made'),
  kind: z.enum(accessChangeKinds).optional(),
  permission: z.string().trim().max(100).optional().describe('Only the changes that granted or removed this permission (name)'),
  search: z.string().trim().max(100).optional().describe('Part of the changed user’s name or email'),
  from: dayBound('from'),
  to: dayBound('to'),
  order: z.enum(['asc', 'desc']).default('desc').describe('By time; newest first by default'),
});
export type AccessChangeListQuery = z.input<typeof accessChangeListQuery>;

const accessChangeList = z.object({ changes: z.array(accessChangeView), ...pageFields('Changes matching the filters') });
export type AccessChangeList = z.infer<typeof accessChangeList>;

export const accessChangeContract = {
  list: defineContract({
    method: 'get',
    path: '/access-changes',
    summary: 'Who changed whose role, branch, permissions or status, and when; a branch’s own staff see their branch’s users only',
    tag: 'users',
    query: accessChangeListQuery,
    response: accessChangeList,
    example: { query: { kind: 'permissions', from: '2026-01-01', to: '2026-12-31', page: '1', limit: '20', order: 'desc' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/access-changes/export',
    summary: 'Every change the filters match, as CSV or Excel; a branch’s own staff get their branch’s users’ changes',
    tag: 'users',
    produces: exportTypes,
    query: accessChangeListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
};
