/** creditKeys are the query keys of the credit feature. */
export const creditKeys = {
  all: ['credit'] as const,
  history: (contactId: number) => ['credit', 'history', contactId] as const,
};
