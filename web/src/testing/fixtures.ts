import type { AppUser, Store } from '../lib/api/types';

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
  IsImpersonating: false,
  Permissions: [],
  DMSUserId: '',
  PrimaryUserRole: 'Sales Person',
  Roles: ['Sales Person'],
  AvatarBGColor: 'teal',
  AllowedStores: [northwindFord, northwindToyota],
  ViewAllowedStores: [northwindFord, northwindToyota],
  ViewSelectedStores: [northwindFord, northwindToyota],
};
