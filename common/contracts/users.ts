import { z } from 'zod';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

export const userStatuses = ['active', 'inactive'] as const;
const status = z.enum(userStatuses);
export type UserStatus = z.infer<typeof status>;

/** Roles a branch's own staff may be given; the first is the default. */
export const branchStaffRoles = ['branch_user', 'branch_operator'] as const;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_ROLE_LENGTH = 50;

/** What a user's fields are refused for, in the same words on the server and in the forms. */
export const userFieldMessages = {
  requiredOnCreate: 'Please fill in required fields (name, email, password)',
  requiredOnEdit: 'Please fill in required fields',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  invalidPhone: 'Phone must be a valid 10-digit number',
  roleTooLong: `Role must be at most ${MAX_ROLE_LENGTH} characters`,
} as const;

export const userSortFields = ['name', 'email', 'role', 'status', 'createdAt', 'lastLogin'] as const;

/** A user as the management screens see it; never the password. */
export const userView = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  status,
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  permissions: z.array(z.object({ _id: z.string(), name: z.string() })).describe('Granted permissions, by name'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  lastLogin: z.string().datetime().nullable(),
});
export type UserView = z.infer<typeof userView>;

export const userList = z.object({
  users: z.array(userView),
  ...pageFields('Users matching the filters'),
  stats: z
    .object({
      all: z.number().int(),
      active: z.number().int(),
      inactive: z.number().int(),
      withPermissions: z.number().int(),
    })
    .describe('Counts over every user the caller may see, whatever the filters'),
});
export type UserList = z.infer<typeof userList>;

const listQuery = z.object({
  search: z.string().trim().max(100).optional().describe('Part of the name or email'),
  role: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((role) => (role && role.toLowerCase() !== 'all' ? role : undefined)),
  status: z
    .enum(['active', 'inactive', 'all'])
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  ...pagingQuery,
  sortBy: z.enum(userSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type UserListQuery = z.input<typeof listQuery>;
/** The list query as the API reads it, defaults applied and `all` dropped. */
export type ParsedUserListQuery = z.output<typeof listQuery>;

const idParams = z.object({ id: z.string().min(1).max(100) });

/** What a missing or blank required field is refused with, by the API's validation and the commands alike. */
export const requiredFieldMessages = { name: 'Name is required', email: 'Email is required', password: 'Password is required' };

// A blank value passes the schema and is refused by the command, with the same words as a missing one.
const fields = {
  name: z.string({ required_error: requiredFieldMessages.name }).max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ required_error: requiredFieldMessages.email })
    .max(254, 'Email must be at most 254 characters')
    .describe('Unique, case-insensitive'),
  phone: z.string().max(20).optional().describe('Blank, or 10 digits'),
  role: z.string().max(200).optional().describe('Free text, 1 to 50 characters'),
  status: status.optional(),
  branchId: z.string().max(100).nullable().optional(),
};
const permissionRefs = z.array(z.string().max(100)).max(500).describe('Permission ids (names are accepted too)');
const password = z.string({ required_error: requiredFieldMessages.password }).max(1024);

const createBody = z.object({
  ...fields,
  password: password.describe(`At least ${MIN_PASSWORD_LENGTH} characters`),
  role: fields.role.describe('Free text, 1 to 50 characters; user when blank'),
  permissions: permissionRefs.optional().describe('Permission ids to grant (super admin only)'),
});
const updateBody = z.object({
  ...fields,
  password: password.optional().describe('Blank keeps the current password'),
  permissions: permissionRefs.optional().describe('Replaces the grants (super admin only); absent keeps them'),
});
const branchCreateBody = z.object({
  ...fields,
  password: password.describe(`At least ${MIN_PASSWORD_LENGTH} characters`),
  role: z
    .string()
    .max(200)
    .optional()
    .describe(`One of ${branchStaffRoles.join(', ')}; ${branchStaffRoles[0]} when blank`),
  branchId: fields.branchId.describe('Required for callers who work across branches; ignored for a branch’s own staff'),
});

const addUser = {
  method: 'post',
  tag: 'users',
  body: createBody,
  response: userView,
  creates: true,
  example: {
    body: {
      name: 'Meera Iyer',
      email: 'meera.iyer@institute.demo',
      phone: '9876543210',
      role: 'user',
      status: 'active',
      password: 'Meera@123',
    },
  },
  missingFieldsMessage: userFieldMessages.requiredOnCreate,
} as const;

export const userContract = {
  list: defineContract({
    method: 'get',
    path: '/users',
    summary: 'Users, searched, filtered and paged; a branch’s own staff see only their branch',
    tag: 'users',
    query: listQuery,
    response: userList,
    example: { query: { search: 'north', role: 'branch_admin', status: 'active', page: '1', limit: '20', sortBy: 'name', order: 'asc' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/users/export',
    summary: 'Every user the search and filters match, as CSV or Excel; a branch’s own staff get their branch’s',
    tag: 'users',
    produces: exportTypes,
    query: listQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  branchUsers: defineContract({
    method: 'get',
    path: '/users/branch/:branchId',
    summary: 'The users of one branch; a branch’s own staff only reach their branch',
    tag: 'users',
    params: z.object({ branchId: z.string().min(1).max(100) }),
    query: listQuery,
    response: userList,
    refuses: [404],
    example: { query: { search: 'staff', page: '1', limit: '20' } },
  }),
  show: defineContract({
    method: 'get',
    path: '/users/:id',
    summary: 'One user',
    tag: 'users',
    params: idParams,
    response: userView,
    refuses: [404],
  }),
  create: defineContract({ ...addUser, path: '/users', summary: 'Add a user' }),
  /** The older client's path of the same call: an account is added by a user manager, never by its owner (decision 023). */
  register: defineContract({
    ...addUser,
    path: '/users/register',
    summary: 'Add a user, as POST /users does: the older client’s path; nobody registers themselves',
  }),
  branchCreate: defineContract({
    method: 'post',
    path: '/users/branch/create',
    summary: 'Add a staff member to a branch (the caller’s own branch for a branch’s staff)',
    tag: 'users',
    body: branchCreateBody,
    response: userView,
    creates: true,
    example: {
      body: {
        name: 'Arjun Rao',
        email: 'arjun.rao@institute.demo',
        phone: '9876501234',
        role: 'branch_user',
        password: 'Arjun@123',
        branchId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      },
    },
    missingFieldsMessage: userFieldMessages.requiredOnCreate,
  }),
  update: defineContract({
    method: 'put',
    path: '/users/:id',
    summary: 'Edit a user: details, status, password when not blank, permissions when given',
    tag: 'users',
    params: idParams,
    body: updateBody,
    response: userView,
    refuses: [404],
    example: { body: { name: 'Meera Iyer', email: 'meera.iyer@institute.demo', phone: '9876543211', status: 'active' } },
    missingFieldsMessage: userFieldMessages.requiredOnEdit,
  }),
  setPermissions: defineContract({
    method: 'put',
    path: '/users/:id/permissions',
    summary:
      'Replace a user’s permissions. Besides a super admin, a permission manager may, for a user they manage other than ' +
      'themselves, grant only permissions they hold',
    tag: 'users',
    params: idParams,
    body: z.object({ permissions: permissionRefs }),
    response: userView,
    refuses: [404],
    example: { body: { permissions: ['STUDENT_VIEW_ALL', 'STUDENT_ADD'] } },
  }),
  setStatus: defineContract({
    method: 'patch',
    path: '/users/:id/status',
    summary: 'Activate or deactivate a user; deactivating ends their sessions',
    tag: 'users',
    params: idParams,
    body: z.object({ status }),
    response: userView,
    refuses: [404],
    example: { body: { status: 'inactive' } },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/users/:id',
    summary: 'Delete a user and end their sessions',
    tag: 'users',
    params: idParams,
    response: z.object({ _id: z.string() }),
    refuses: [404],
  }),
};
