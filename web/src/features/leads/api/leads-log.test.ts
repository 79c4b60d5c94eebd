import { describe, expect, it } from 'vitest';

import type { LeadsLogRow } from '../../../lib/api/types';
import { newerRows, type LeadsLogPage } from './leads-log';

const row = (id: number, version: number, stock = ''): LeadsLogRow =>
  ({ crmLeadId: id, version, vehiclesOfInterest: stock ? [{ crmLeadVoiId: 1, stockNumber: stock }] : [] }) as unknown as LeadsLogRow;

describe('newerRows', () => {
  it('keeps a row the cache holds at a newer version than the page read again', () => {
    const held: LeadsLogPage = { rows: [row(1, 3, 'H2417'), row(2, 1)] };
    const read: LeadsLogPage = { rows: [row(1, 2), row(2, 2), row(3, 1)] };
    const got = newerRows(held, read) as LeadsLogPage;
    expect(got.rows.map((r) => [r.crmLeadId, r.version])).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    expect(got.rows[0]?.vehiclesOfInterest?.[0]?.stockNumber).toBe('H2417');
  });

  it('takes the page as read when the cache holds nothing', () => {
    const read: LeadsLogPage = { rows: [row(1, 1)] };
    expect(newerRows(undefined, read)).toEqual(read);
  });
});
