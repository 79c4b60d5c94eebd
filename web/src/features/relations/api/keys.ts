/**
 * relationKeys are the query keys of a customer's relations: household, enterprise links,
 * assignments, tags and bulk reassignment jobs.
 */
export const relationKeys = {
  all: () => ['relations'] as const,
  households: () => ['relations', 'household'] as const,
  household: (contactId: number) => [...relationKeys.households(), contactId] as const,
  enterprise: () => ['relations', 'enterprise'] as const,
  linkedContacts: (contactId: number) => [...relationKeys.enterprise(), 'linked', contactId] as const,
  potentialLinks: (contactId: number) => [...relationKeys.enterprise(), 'potential', contactId] as const,
  enterpriseValue: (contactId: number) => [...relationKeys.enterprise(), 'value', contactId] as const,
  assignments: () => ['relations', 'assignments'] as const,
  contactAssignments: (contactId: number) => [...relationKeys.assignments(), contactId] as const,
  reassignment: (jobId: string) => ['relations', 'reassignment', jobId] as const,
  bulkUsers: (role: string, stores: readonly number[]) => ['relations', 'bulk-users', role, [...stores]] as const,
  tagDefinitions: (tagTypeIds: readonly number[]) => ['relations', 'tag-definitions', [...tagTypeIds]] as const,
};
