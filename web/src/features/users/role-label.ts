/** Role names that do not read well split at their capitals. */
const special: Record<string, string> = { FIManager: 'F&I Manager' };

/**
 * roleLabel turns a dealer role's system name (SalesPerson, BDCAgent) into words for the user
 * (Sales Person, BDC Agent); a name that is already words is kept.
 */
export function roleLabel(role: string): string {
  if (special[role]) return special[role];
  return role
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
}
