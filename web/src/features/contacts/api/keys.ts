/**
 * contactKeys are the query keys of customers, built in one place so a change invalidates
 * exactly what it affects: `detail(id)` covers the customer and its snapshot, images and service;
 * `searches()` every search; `changeLogs(id)` every page of the change log.
 */
export const contactKeys = {
  all: () => ['contacts'] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
  snapshot: (id: number) => [...contactKeys.detail(id), 'snapshot'] as const,
  licenceImage: (id: number, kind: string) => [...contactKeys.detail(id), 'images', kind] as const,
  serviceTotals: (id: number) => [...contactKeys.detail(id), 'service'] as const,
  serviceVehicles: (id: number) => [...contactKeys.detail(id), 'service', 'vehicles'] as const,
  searches: () => ['contacts', 'search'] as const,
  search: (params: { term: string; cursor: string; pageSize: number }) => [...contactKeys.searches(), params] as const,
  advancedSearch: (criteria: object, cursor: string) => [...contactKeys.searches(), 'advanced', criteria, cursor] as const,
  changeLogs: (id: number) => ['contacts', 'change-log', id] as const,
  changeLog: (id: number, page: number, filter: object) => [...contactKeys.changeLogs(id), page, filter] as const,
  recentlyViewed: () => ['contacts', 'recent'] as const,
  permission: (id: number, userId: string) => ['contacts', 'permission', id, userId] as const,
};
