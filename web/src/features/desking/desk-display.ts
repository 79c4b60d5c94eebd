import type { Desk } from '../../lib/api/types';

/** money shows an amount of cents as dollars: 40076 is "$400.76". */
export function money(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** vehicleName is a desk's vehicle as a list shows it: "2026 Toyota Camry LE", or "No vehicle yet". */
export function vehicleName(d: Desk): string {
  const v = d.vehicle;
  const name = [v.year || '', v.make, v.model, v.trim].filter(Boolean).join(' ');
  return name || 'No vehicle yet';
}

/** paymentLine is a desk's pinned payment: "$577.89/mo · 60 mo · $0.00 down", or "" when it has no price. */
export function paymentLine(d: Desk): string {
  const q = d.quote;
  if (!q.payment && !q.cashDue) return '';
  if (q.saleType === 'C') return `${money(q.cashDue)} cash`;
  return `${money(q.payment)}/mo · ${q.term} mo · ${money(q.down)} down`;
}

/** deskStatusColor is the colour of a desk's status badge. */
export function deskStatusColor(status: Desk['status']): string {
  return { New: 'blue', Working: 'yellow', Sold: 'green', Lost: 'gray' }[status] ?? 'gray';
}
