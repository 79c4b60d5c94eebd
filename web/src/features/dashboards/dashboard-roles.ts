import { PERMISSIONS, type Access } from '../../lib/access';

/** DashboardRole is one of the spec's three dashboard roles. */
export type DashboardRole = 'manager' | 'bdcManager' | 'salesPerson';

/** The dashboard roles in the order the default dashboard is chosen. */
export const DASHBOARD_ROLES: readonly DashboardRole[] = ['manager', 'bdcManager', 'salesPerson'];

/** The dashboard route path of each role, under /app. */
export const DASHBOARD_PATHS: Record<DashboardRole, string> = {
  manager: 'managerdashboard',
  bdcManager: 'bdcdashboard',
  salesPerson: 'salesdashboard',
};

/** The name of each role's dashboard. */
export const DASHBOARD_NAMES: Record<DashboardRole, string> = {
  manager: 'Manager',
  bdcManager: 'BDC',
  salesPerson: 'Sales',
};

/**
 * holdsDashboardRole reports whether the user holds role: manager by permission, BDC manager by
 * permission with BDC stores selected, and everyone is a sales person.
 */
export function holdsDashboardRole(role: DashboardRole, access: Access): boolean {
  switch (role) {
    case 'manager':
      return access.has(PERMISSIONS.managerDashboard);
    case 'bdcManager':
      return access.has(PERMISSIONS.bdcDashboard) && access.hasBdcStores;
    case 'salesPerson':
      return true;
  }
}

/** heldDashboardRoles lists the roles the user holds, in the spec's order. */
export function heldDashboardRoles(access: Access): DashboardRole[] {
  return DASHBOARD_ROLES.filter((role) => holdsDashboardRole(role, access));
}

/** defaultDashboardRole is the first role held in the order manager, BDC manager, sales person. */
export function defaultDashboardRole(access: Access): DashboardRole {
  return heldDashboardRoles(access)[0] ?? 'salesPerson';
}

/**
 * dashboardRoleFor returns the dashboard to show when the user asks for chosen: the chosen one
 * applies only when the user holds it, else the default.
 */
export function dashboardRoleFor(chosen: DashboardRole, access: Access): DashboardRole {
  return holdsDashboardRole(chosen, access) ? chosen : defaultDashboardRole(access);
}

/** DashboardWidget is one widget of the dashboard screen. */
export type DashboardWidget = {
  key: 'dashboard' | 'teamManagement' | 'customerEngagement' | 'serviceLeadManagement' | 'myLeads';
  title: string;
  /** What the widget will show, a sentence for its empty state. */
  capability: string;
};

/** dashboardWidgets lists the widgets of role's dashboard, per the spec's section 6. */
export function dashboardWidgets(role: DashboardRole): DashboardWidget[] {
  const widgets: DashboardWidget[] = [
    { key: 'dashboard', title: 'Dashboard', capability: 'Your lead, task, appointment and visit counts will show here.' },
  ];
  if (role === 'manager' || role === 'bdcManager') {
    widgets.push({ key: 'teamManagement', title: 'Team Management', capability: "The team's activity, tasks and availability will show here." });
  }
  widgets.push({
    key: 'customerEngagement',
    title: role === 'salesPerson' ? 'My Customer Engagement' : 'Customer Engagement',
    capability: 'Calls, messages and emails with customers will show here.',
  });
  if (role === 'manager') {
    widgets.push({ key: 'serviceLeadManagement', title: 'Service Lead Management', capability: 'Service leads and their follow-up will show here.' });
  }
  if (role === 'salesPerson') {
    widgets.push({ key: 'myLeads', title: 'My Leads', capability: 'The leads assigned to you will show here.' });
  }
  return widgets;
}
