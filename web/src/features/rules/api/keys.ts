/**
 * ruleKeys are the query keys of workflow rules. A rule change invalidates `all()`, which covers
 * the rule lists, a rule's detail, counts and change log.
 */
export const ruleKeys = {
  all: () => ['rules'] as const,
  grouped: (storeId: number, withArchived: boolean) => ['rules', 'grouped', storeId, withArchived] as const,
  detail: (id: number) => ['rules', 'detail', id] as const,
  counts: (id: number) => ['rules', 'counts', id] as const,
  changeLog: (id: number, page: number) => ['rules', 'changelog', id, page] as const,
  lookups: () => ['rules', 'lookups'] as const,
  groups: (storeIds: readonly number[]) => ['rules', 'groups', [...storeIds]] as const,
  reseed: (storeId: number, kind: string) => ['rules', 'reseed', storeId, kind] as const,
};
