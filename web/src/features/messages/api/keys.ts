/** messageKeys are the query keys of a customer's texts and e-mails and of their texting consent. */
export const messageKeys = {
  all: (contactId: number) => ['messages', contactId] as const,
  canText: (contactId: number) => ['messages', contactId, 'can-text'] as const,
  conversation: (contactId: number) => ['messages', contactId, 'conversation'] as const,
  settings: (storeId: number) => ['messages', 'settings', storeId] as const,
};
