/** mergeKeys are the query keys of the user's contact-merge session. */
export const mergeKeys = {
  all: () => ['merge'] as const,
  session: () => ['merge', 'session'] as const,
  simulation: (sessionId: string, survivorContactId: number) => ['merge', 'simulate', sessionId, survivorContactId] as const,
};
