// The leads feature's public entry: what other features may use of it.
export { customerLeadsQueryOptions } from './api/customer-leads';
export { leadKeys } from './api/keys';
export { LEAD_STATUSES, statusLabel } from './lead-status';
