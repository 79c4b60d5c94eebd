/**
 * The dealer roles that may change customers (and so merge them), as the server's
 * authorization matrix has them; a customer's own permission (canEdit) still decides.
 */
export const CUSTOMER_EDIT_ROLES: readonly string[] = [
  'SalesPerson',
  'SalesManager',
  'BDCAgent',
  'BDCManager',
  'ServiceAdvisor',
  'ServiceManager',
  'FIManager',
  'DealerAdmin',
  'GeneralManager',
  'UsedCarManager',
  'GeneralSalesManager',
];

/** mayEditCustomers says whether a user with roles may change customers. */
export function mayEditCustomers(roles: readonly string[] | null | undefined): boolean {
  return (roles ?? []).some((r) => CUSTOMER_EDIT_ROLES.includes(r));
}
