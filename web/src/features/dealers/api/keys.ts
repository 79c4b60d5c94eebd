/** dealerKeys are the query keys of the dealers' (stores') settings. */
export const dealerKeys = {
  all: () => ['dealers'] as const,
  store: (storeId: number) => ['dealers', 'store', storeId] as const,
  uiSettings: (storeIds: readonly number[]) => ['dealers', 'ui-settings', [...storeIds]] as const,
};
