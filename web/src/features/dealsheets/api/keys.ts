/** dealsheetKeys are the query keys of deal sheets: a vehicle's deal sheet, its payment recalculations and replacement vehicles. */
export const dealsheetKeys = {
  all: () => ['dealsheets'] as const,
  sheet: (entityId: number) => ['dealsheets', 'entity', entityId] as const,
  recalc: (entityId: number, input: unknown) => ['dealsheets', 'recalc', entityId, input] as const,
  replacements: (entityId: number, offBrand: boolean) => ['dealsheets', 'replacements', entityId, offBrand] as const,
  customer: (contactId: number) => ['dealsheets', 'customer', contactId] as const,
  lead: (leadId: number) => ['dealsheets', 'lead', leadId] as const,
  terms: (storeId: number) => ['dealsheets', 'terms', storeId] as const,
  turn: (entityId: number, vehicle: unknown) => ['dealsheets', 'turn', entityId, vehicle] as const,
};
