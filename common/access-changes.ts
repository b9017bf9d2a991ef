/**
 * Who may read the access changes: whoever may see users or manage their access (a branch's own
 * staff see only their branch's users). Both the API's endpoint and the route registry hold to
 * it. Apart from the contract, whose schemas would bring zod into every first page load with the
 * registry.
 */
export const accessChangeReaders = [
  'USER_MANAGE_ALL',
  'USERS_MANAGE',
  'USER_VIEW',
  'PERMISSION_MANAGE',
  'USERS_PERMISSION_MANAGEMENT',
  'BRANCH_USER_VIEW',
  'USERS_BRANCH_MANAGEMENT',
] as const;
