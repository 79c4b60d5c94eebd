/**
 * chatKeys are the query keys of staff chat. Every key starts with 'chat', so a chat push
 * (which invalidates chatKeys.all) refreshes whatever chat the user has open.
 */
export const chatKeys = {
  all: ['chat'] as const,
  group: (userId: string) => ['chat', 'group', userId] as const,
  history: (groupId: string) => ['chat', 'history', groupId] as const,
  send: () => ['chat', 'send'] as const,
  recent: () => ['chat', 'recent'] as const,
};
