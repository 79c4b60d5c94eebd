import type { GarageVehicle } from '../../../lib/api/types';

/** vehicleName is a vehicle as a sales person names it: "2003 Honda Accord". */
export function vehicleName(v: GarageVehicle): string {
  return [v.currentVehicle.year || '', v.currentVehicle.make, v.currentVehicle.model].filter(Boolean).join(' ');
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** money shows an amount with $ and thousands separators. */
export function money(n: number): string {
  return usd.format(n);
}

/** STATUS_LABELS are the garage statuses as the garage shows them. */
export const STATUS_LABELS: Record<GarageVehicle['status'], string> = {
  current: 'Currently owned',
  sold: 'Sold',
  dealerPurchased: 'Purchased by dealer',
  notOwned: 'Customer does not own',
};
