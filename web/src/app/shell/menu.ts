import { ANALYTICS_PERMISSION_PREFIX, PERMISSIONS, type Access } from '../../lib/access';
import { holdsDashboardRole } from '../../features/dashboards/dashboard-roles';
import { menuSections, type MenuSection } from '../pages';

/**
 * The spec's menu visibility (section 6 'Menu visibility' and 'Permission strings'), per page
 * path. Pages not listed are always shown: Customer Search, the Sales dashboard, Data Mining,
 * Service Experience and All Inventory.
 */
const visibility: Record<string, (access: Access) => boolean> = {
  managerdashboard: (a) => holdsDashboardRole('manager', a),
  bdcdashboard: (a) => holdsDashboardRole('bdcManager', a),
  leadsdashboard: (a) => a.hasLeadManagementStores,
  showroomdashboard: (a) => a.hasShowroomLogStores,
  deliverydashboard: (a) => a.hasDeliveryLogStores,
  calltrackingdashboard: (a) => a.hasFeatureStores('callTracking') && a.has(PERMISSIONS.callTracking),
  unmatcheddmssales: (a) => a.has(PERMISSIONS.unmatchedDmsSales),
  slmdashboard: (a) => a.has(PERMISSIONS.slmManager) && a.hasFeatureStores('slm'),
  operatorspanel: (a) => a.has(PERMISSIONS.operatorPanelAdmin),
  wishlist: (a) => a.has(PERMISSIONS.wishlistManager),
  reports: (a) => a.hasFeatureStores('analytics') && a.hasPermissionStartingWith(ANALYTICS_PERMISSION_PREFIX),
  'contacts/reassign': (a) => a.has(PERMISSIONS.managerDashboard) || a.has(PERMISSIONS.bdcDashboard),
  workflowmanager: (a) => a.has(PERMISSIONS.rulesAdmin) || a.has(PERMISSIONS.rulesViewOnly),
};

/** isMenuItemVisible reports whether the menu shows the page at path (under /app). */
export function isMenuItemVisible(path: string, access: Access): boolean {
  return visibility[path]?.(access) ?? true;
}

/** visibleMenuSections are the menu's categories with the items the user may see; empty categories are left out. */
export function visibleMenuSections(access: Access): MenuSection[] {
  return menuSections
    .map((section) => ({ ...section, items: section.items.filter((item) => isMenuItemVisible(item.path, access)) }))
    .filter((section) => section.items.length > 0);
}

/** isSingleItemSection reports whether a category is one link named like the category. */
export function isSingleItemSection(section: MenuSection): boolean {
  return section.items.length === 1 && section.items[0]?.label === section.label;
}

/** NavFilter is the side navigation's filter: the category and subcategory of the open page. */
export type NavFilter = { category: string; subcategory?: string };

/** Pages outside the menu, and the category they belong to. */
const categoryOfOtherPages: { prefix: string; category: string }[] = [
  { prefix: 'contact/', category: 'Customer Search' },
  { prefix: 'findbuyer', category: 'Inventory' },
  { prefix: 'findcar', category: 'Inventory' },
  { prefix: 'private/', category: 'Workflow Manager' },
  { prefix: 'productconfig/', category: 'Workflow Manager' },
];

/** navFilterFromPath returns the navigation filter for a path under /app, or null outside the menu. */
export function navFilterFromPath(pathname: string): NavFilter | null {
  if (!pathname.startsWith('/app/')) return null;
  const page = pathname.slice('/app/'.length).replace(/\/+$/, '');
  for (const section of menuSections) {
    const item = section.items.find((i) => i.path === page);
    if (item) return { category: section.label, subcategory: item.label };
  }
  const other = categoryOfOtherPages.find((o) => page === o.prefix || page.startsWith(o.prefix));
  return other ? { category: other.category } : null;
}
