/** activityKeys are the query keys of a customer's activity; logging invalidates `all(id)`. */
export const activityKeys = {
  all: (contactId: number) => ['activity', contactId] as const,
  feed: (contactId: number, category: string, cursor: string) => ['activity', contactId, 'feed', { category, cursor }] as const,
  counts: (contactId: number) => ['activity', contactId, 'counts'] as const,
  desking: (storeId: number) => ['activity', 'desking-enabled', storeId] as const,
};
