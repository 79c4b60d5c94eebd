/** userKeys are the query keys of users and the signed-in user's saved settings. */
export const userKeys = {
  all: () => ['users'] as const,
  current: () => ['users', 'current'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  setting: (key: string) => ['users', 'settings', key] as const,
};
