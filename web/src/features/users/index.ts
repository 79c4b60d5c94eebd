// The users feature's public entry: what other features may use of it.
export { userKeys } from './api/keys';
export { usersQueryOptions, useUsers, type ListUsersParams } from './api/list-users';
export { currentUserQueryOptions } from './api/get-current-user';
export { roleLabel } from './role-label';
