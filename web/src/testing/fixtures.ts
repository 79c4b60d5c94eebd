import type { AppUser, Contact, ContactMatch, StaffUser, Store, UIDealerSettings } from '../lib/api/types';

export const northwindFord: Store = {
  AccountPlatformID: 101,
  Name: 'Northwind Ford',
  CXMDealerID: 'NWF-001',
  Country: 'US',
};

export const northwindToyota: Store = {
  AccountPlatformID: 102,
  Name: 'Northwind Toyota',
  CXMDealerID: 'NWT-002',
  Country: 'US',
};

export const northwindHyundai: Store = {
  AccountPlatformID: 103,
  Name: 'Northwind Hyundai Vancouver',
  CXMDealerID: 'NWY-003',
  Country: 'CA',
};

/** salesUser is a sales person with two selected stores. */
export const salesUser: AppUser = {
  Id: 'u-sales',
  UserId: 'u-sales',
  Name: 'Sam Ortega',
  FirstName: 'Sam',
  LastName: 'Ortega',
  Email: 'sales@northwind.demo',
  Account: 'Northwind Auto Group',
  AccountID: 1,
  ViewAccountID: 1,
  AccountPlatformID: 101,
  AccountPlatformIDs: [101, 102],
  HasAllPlatformAccess: false,
  UserType: 1,
  UserStatus: 1,
  Active: true,
  IsFavorite: false,
  Permissions: [],
  DMSUserId: '',
  PrimaryUserRole: 'Sales Person',
  Roles: ['Sales Person'],
  AvatarBGColor: 'teal',
  AllowedStores: [northwindFord, northwindToyota],
  ViewAllowedStores: [northwindFord, northwindToyota],
  ViewSelectedStores: [northwindFord, northwindToyota],
  IsImpersonating: false,
  ImpersonatedBy: null,
};

/** managerUser is a sales manager: the Manager dashboard, Wishlist, Unmatched Sales and the Call Log. */
export const managerUser: AppUser = {
  ...salesUser,
  Id: 'u-manager',
  UserId: 'u-manager',
  Name: 'Morgan Reyes',
  FirstName: 'Morgan',
  LastName: 'Reyes',
  Email: 'salesmanager@northwind.demo',
  PrimaryUserRole: 'SalesManager',
  Roles: ['SalesManager'],
  Permissions: [
    'pando.cxm.dashboard.manager',
    'pando.cxm.wishlist.manager',
    'pando.cxm.unmatcheddmssales',
    'pando.cxm.dashboard.calltracking',
  ],
};

/** bdcManagerUser is a BDC manager. */
export const bdcManagerUser: AppUser = {
  ...salesUser,
  Id: 'u-bdcmanager',
  UserId: 'u-bdcmanager',
  Name: 'Jordan Patel',
  FirstName: 'Jordan',
  LastName: 'Patel',
  Email: 'bdcmanager@northwind.demo',
  PrimaryUserRole: 'BDCManager',
  Roles: ['BDCManager'],
  Permissions: ['pando.cxm.dashboard.bdc', 'pando.cxm.dashboard.calltracking'],
};

/** adminUser holds every menu permission and may impersonate. */
export const adminUser: AppUser = {
  ...salesUser,
  Id: 'u-admin',
  UserId: 'u-admin',
  Name: 'Taylor Brooks',
  FirstName: 'Taylor',
  LastName: 'Brooks',
  Email: 'admin@northwind.demo',
  PrimaryUserRole: 'DealerAdmin',
  Roles: ['DealerAdmin'],
  HasAllPlatformAccess: true,
  Permissions: [
    'pando.cxm.dashboard.manager',
    'pando.cxm.dashboard.bdc',
    'pando.cxm.rules.admin',
    'pando.cxm.unmatcheddmssales',
    'pando.cxm.dashboard.calltracking',
    'pando.cxm.slm.manager',
    'pando.cxm.operatorpanel.admin',
    'pando.cxm.wishlist.manager',
    'pando.analytics.tableau.viewer',
    'pando.cxm.impersonate',
  ],
};

/** leadFlags are one store's lead settings with every log on. */
function leadFlags(store: number, on: boolean) {
  return {
    AccountPlatformId: store,
    LeadManagement: on,
    ShowroomLog: on,
    DeliveryLog: on,
    AutoAssign: false,
    RoundRobin: false,
    ResponseTimeMinutes: 0,
  };
}

/** fullStoreSettings: both stores have every feature, BDC and every lead log. */
export const fullStoreSettings: UIDealerSettings = {
  AccountPlatformIds: [101, 102],
  FeatureStores: {
    cxm: [101, 102],
    slm: [101],
    callTracking: [101, 102],
    analytics: [101, 102],
    ilm: [102],
  },
  BdcStores: [101],
  AlertMinerProStores: [],
  PushCapabilities: [],
  LeadSettings: [leadFlags(101, true), leadFlags(102, true)],
};

/** bareStoreSettings: the stores have no feature, no BDC and no lead log. */
export const bareStoreSettings: UIDealerSettings = {
  AccountPlatformIds: [101, 102],
  FeatureStores: {},
  BdcStores: [],
  AlertMinerProStores: [],
  PushCapabilities: [],
  LeadSettings: [leadFlags(101, false), leadFlags(102, false)],
};

/** staff are the dealer group's employees as GET /core/users lists them. */
export const staff: StaffUser[] = [adminUser, managerUser, salesUser].map((u) => ({
  Id: u.Id,
  UserId: u.UserId,
  Name: u.Name,
  FirstName: u.FirstName,
  LastName: u.LastName,
  Email: u.Email,
  UserType: 1,
  UserStatus: 1,
  Active: true,
  PrimaryUserRole: u.PrimaryUserRole,
  Roles: u.Roles,
  DMSUserId: '',
  AccountPlatformID: 101,
  AccountPlatformIDs: [101, 102],
  AvatarBGColor: '',
}));

/** unsignedJwt builds a token with the given claims, as the app reads them (it does not check signatures). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** mariaGonzalez is a customer of Northwind Ford with two phones, as GET /crm/contacts/{id} returns her. */
export const mariaGonzalez: Contact = {
  id: 5001,
  version: 3,
  accountId: 1,
  accountPlatformId: 101,
  contactTypeId: 1,
  firstName: 'Maria',
  middleName: 'Elena',
  lastName: 'Gonzalez',
  businessName: '',
  emails: [{ email: 'maria.gonzalez@example.com', isPreferred: true, optOut: false }],
  phones: [
    { id: 1, phone: '5035550134', ext: '', phoneDisplay: '(503) 555-0134', label: 'Cell', phoneTypeId: 1, isMobile: true, isPreferred: true },
    { id: 2, phone: '5035550178', ext: 'x12', phoneDisplay: '(503) 555-0178 x12', label: 'Work', phoneTypeId: 3 },
  ],
  addresses: [{ addressLine1: '1420 SE Hawthorne Blvd', city: 'Portland', stateProvince: 'OR', postalCode: '97214', country: 'US', isPrimary: true }],
  vehicles: [{ vin: '4T1B11HK5KU123456', stockNumber: 'T24817A', year: 2019, make: 'Toyota', model: 'Camry' }],
  ssn: '***-**-6789',
  isMarkedHot: false,
  isTextable: true,
  isEmailable: true,
  smsOptInStatusId: 3,
};

/** searchMatch is a search result for a customer numbered n. */
export function searchMatch(n: number, overrides: Partial<ContactMatch> = {}): ContactMatch {
  return {
    contactId: 6000 + n,
    accountPlatformId: n % 2 === 0 ? 101 : 102,
    contactTypeId: 1,
    fullName: `Customer ${n} Smith`,
    firstName: `Customer ${n}`,
    middleName: '',
    lastName: 'Smith',
    nickName: '',
    businessName: '',
    phone: `(503) 555-${String(1000 + n).slice(-4)}`,
    phoneLabel: 'Cell',
    email: `customer${n}@example.com`,
    addressLine1: '',
    city: '',
    stateProvince: '',
    postalCode: '',
    isMarkedHot: false,
    isDoNotCall: false,
    isDoNotEmail: false,
    isDoNotText: false,
    matchedOn: 'name',
    matchedValue: 'SMITH',
    ...overrides,
  };
}
