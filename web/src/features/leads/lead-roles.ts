/** The dealer roles that work leads (change status, type, vehicles, claim), as the server's authorization matrix has them. */
export const LEAD_WORK_ROLES: readonly string[] = [
  'SalesPerson',
  'SalesManager',
  'BDCAgent',
  'BDCManager',
  'DealerAdmin',
  'GeneralManager',
  'UsedCarManager',
  'GeneralSalesManager',
];

/** The dealer roles that give leads to people: reassign a lead, assign an unclaimed one. */
export const LEAD_MANAGER_ROLES: readonly string[] = ['SalesManager', 'BDCManager', 'DealerAdmin', 'GeneralManager', 'UsedCarManager', 'GeneralSalesManager'];

/** LeadPowers is what a user may do with leads, by their roles. */
export type LeadPowers = { work: boolean; manage: boolean };

/** leadPowers reads what a user with roles may do with leads; roles may be written with spaces ("Sales Person"). */
export function leadPowers(roles: readonly string[] | null | undefined): LeadPowers {
  const list = (roles ?? []).map((r) => r.replace(/\s+/g, ''));
  return { work: list.some((r) => LEAD_WORK_ROLES.includes(r)), manage: list.some((r) => LEAD_MANAGER_ROLES.includes(r)) };
}
