/** emailKeys are the query keys of the e-mail feature; a send invalidates `history(id)`. */
export const emailKeys = {
  all: ['email'] as const,
  templates: (storeId: number) => ['email', 'templates', storeId] as const,
  history: (contactId: number) => ['email', 'history', contactId] as const,
};
