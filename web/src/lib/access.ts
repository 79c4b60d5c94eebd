import type { AppUser, UIDealerSettings } from './api/types';

/** The spec's permission strings (section 6). */
export const PERMISSIONS = {
  managerDashboard: 'pando.cxm.dashboard.manager',
  bdcDashboard: 'pando.cxm.dashboard.bdc',
  rulesAdmin: 'pando.cxm.rules.admin',
  rulesViewOnly: 'pando.cxm.rules.viewonly',
  unmatchedDmsSales: 'pando.cxm.unmatcheddmssales',
  callTracking: 'pando.cxm.dashboard.calltracking',
  slmManager: 'pando.cxm.slm.manager',
  operatorPanelAdmin: 'pando.cxm.operatorpanel.admin',
  wishlistManager: 'pando.cxm.wishlist.manager',
  impersonate: 'pando.cxm.impersonate',
} as const;

/** Any permission starting with this opens the Reports menu (with analytics stores). */
export const ANALYTICS_PERMISSION_PREFIX = 'pando.analytics.tableau';

/** Feature keys of the UI dealer settings' FeatureStores. */
export type FeatureKey =
  | 'cxm'
  | 'desking'
  | 'calendar'
  | 'processes'
  | 'slm'
  | 'ilm'
  | 'experienceManager'
  | 'messaging'
  | 'callTracking'
  | 'analytics'
  | 'videoMessaging'
  | 'alertMinerFull'
  | 'geoAlert'
  | 'autoAssistantSales'
  | 'autoAssistantService'
  | 'autoAssistantLeads'
  | 'oneToOne'
  | 'surveyPro'
  | 'emailAppend'
  | 'pal';

/** Access is what the signed-in user may see: their permissions and the selected stores' features. */
export type Access = {
  /** has reports whether the user holds the permission. */
  has: (permission: string) => boolean;
  /** hasPermissionStartingWith reports whether the user holds a permission with the prefix. */
  hasPermissionStartingWith: (prefix: string) => boolean;
  /** hasFeatureStores reports whether a selected store has the feature (product Live, feature active). */
  hasFeatureStores: (feature: FeatureKey) => boolean;
  /** Whether a selected store has BDC enabled. */
  hasBdcStores: boolean;
  /** Whether lead settings were loaded and a selected store has lead management. */
  hasLeadManagementStores: boolean;
  hasShowroomLogStores: boolean;
  hasDeliveryLogStores: boolean;
};

/**
 * accessOf combines the user's permissions with the selected stores' UI dealer settings; without
 * settings (not loaded, or failed) no store has any feature.
 */
export function accessOf(user: Pick<AppUser, 'Permissions'>, settings: UIDealerSettings | undefined): Access {
  const permissions = new Set(user.Permissions ?? []);
  const leadSettings = settings?.LeadSettings ?? [];
  return {
    has: (permission) => permissions.has(permission),
    hasPermissionStartingWith: (prefix) => [...permissions].some((p) => p.startsWith(prefix)),
    hasFeatureStores: (feature) => (settings?.FeatureStores?.[feature] ?? []).length > 0,
    hasBdcStores: (settings?.BdcStores ?? []).length > 0,
    hasLeadManagementStores: leadSettings.some((s) => s.LeadManagement),
    hasShowroomLogStores: leadSettings.some((s) => s.ShowroomLog),
    hasDeliveryLogStores: leadSettings.some((s) => s.DeliveryLog),
  };
}
