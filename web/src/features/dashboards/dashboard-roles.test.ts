import { describe, expect, it } from 'vitest';

import { accessOf } from '../../lib/access';
import { bareStoreSettings, fullStoreSettings } from '../../testing/fixtures';
import {
  dashboardRoleFor,
  dashboardWidgets,
  defaultDashboardRole,
  heldDashboardRoles,
  type DashboardRole,
} from './dashboard-roles';

const manager = 'pando.cxm.dashboard.manager';
const bdc = 'pando.cxm.dashboard.bdc';

describe('dashboard roles', () => {
  const cases: { name: string; permissions: string[]; bdcStores: boolean; held: DashboardRole[]; default: DashboardRole }[] = [
    { name: 'no permission', permissions: [], bdcStores: true, held: ['salesPerson'], default: 'salesPerson' },
    { name: 'manager', permissions: [manager], bdcStores: true, held: ['manager', 'salesPerson'], default: 'manager' },
    { name: 'BDC manager', permissions: [bdc], bdcStores: true, held: ['bdcManager', 'salesPerson'], default: 'bdcManager' },
    { name: 'BDC permission without BDC stores', permissions: [bdc], bdcStores: false, held: ['salesPerson'], default: 'salesPerson' },
    {
      name: 'manager and BDC manager',
      permissions: [bdc, manager],
      bdcStores: true,
      held: ['manager', 'bdcManager', 'salesPerson'],
      default: 'manager',
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const access = accessOf({ Permissions: tc.permissions }, tc.bdcStores ? fullStoreSettings : bareStoreSettings);
      expect(heldDashboardRoles(access)).toEqual(tc.held);
      expect(defaultDashboardRole(access)).toBe(tc.default);
    });
  }

  it('applies a chosen dashboard only when its role is held', () => {
    const salesOnly = accessOf({ Permissions: [] }, fullStoreSettings);
    const both = accessOf({ Permissions: [manager, bdc] }, fullStoreSettings);
    expect(dashboardRoleFor('manager', salesOnly)).toBe('salesPerson');
    expect(dashboardRoleFor('bdcManager', salesOnly)).toBe('salesPerson');
    expect(dashboardRoleFor('bdcManager', both)).toBe('bdcManager');
    expect(dashboardRoleFor('salesPerson', both)).toBe('salesPerson');
  });
});

describe('dashboardWidgets', () => {
  it.each([
    ['manager', ['Dashboard', 'Team Management', 'Customer Engagement', 'Service Lead Management']],
    ['bdcManager', ['Dashboard', 'Team Management', 'Customer Engagement']],
    ['salesPerson', ['Dashboard', 'My Customer Engagement', 'My Leads']],
  ] as const)('%s: %j', (role, titles) => {
    expect(dashboardWidgets(role).map((w) => w.title)).toEqual(titles);
  });
});
