/** callLogKeys are the query keys of the Call Log; a change to a call invalidates `all()`. */
export const callLogKeys = {
  all: () => ['calllog'] as const,
  search: (body: object) => ['calllog', 'search', body] as const,
  counts: (filter: object) => ['calllog', 'counts', filter] as const,
  unmatched: (stores: readonly number[]) => ['calllog', 'unmatched', [...stores]] as const,
  archive: (storeId: number) => ['calllog', 'archive', storeId] as const,
};
