/**
 * assistantKeys are the query keys of the assistant feature: a customer's conversations, the
 * statuses, and a store's video library (its subcategories and searches).
 */
export const assistantKeys = {
  all: () => ['assistant'] as const,
  conversations: (contactId: number) => ['assistant', 'conversations', contactId] as const,
  statuses: () => ['assistant', 'statuses'] as const,
  videos: (storeId: number) => ['assistant', 'videos', storeId] as const,
  subcategories: (storeId: number) => [...assistantKeys.videos(storeId), 'subcategories'] as const,
  search: (storeId: number, subcategoryId: number, text: string) => [...assistantKeys.videos(storeId), 'search', { subcategoryId, text }] as const,
};
