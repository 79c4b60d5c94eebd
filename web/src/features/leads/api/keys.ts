/**
 * leadKeys are the query keys of leads. A lead action invalidates `all()`, which covers every
 * lead list, count and source, and the dashboards' lead counts built under it.
 */
export const leadKeys = {
  all: () => ['leads'] as const,
  logs: () => ['leads', 'log'] as const,
  log: (body: object) => ['leads', 'log', body] as const,
  logCounts: (filter: object) => ['leads', 'counts', filter] as const,
  customers: () => ['leads', 'customer'] as const,
  customer: (contactId: number) => ['leads', 'customer', contactId] as const,
  sources: (storeIds: readonly number[]) => ['leads', 'sources', [...storeIds]] as const,
  storeUsers: (storeId: number) => ['leads', 'store-users', storeId] as const,
};
