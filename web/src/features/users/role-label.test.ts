import { describe, expect, it } from 'vitest';

import { roleLabel } from './role-label';

describe('roleLabel', () => {
  it.each([
    ['SalesPerson', 'Sales Person'],
    ['BDCAgent', 'BDC Agent'],
    ['BDCManager', 'BDC Manager'],
    ['FIManager', 'F&I Manager'],
    ['GeneralSalesManager', 'General Sales Manager'],
    ['Sales Person', 'Sales Person'],
    ['', ''],
  ])('%j → %j', (role, want) => {
    expect(roleLabel(role)).toBe(want);
  });
});
