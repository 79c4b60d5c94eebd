// The leads feature's public entry: what other features may use of it.
export { leadKeys } from './api/keys';
export { LEAD_STATUSES, statusLabel } from './lead-status';
