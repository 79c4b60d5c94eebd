// The dashboards feature's public entry: what other features may use of it.
export { dashboardKeys } from './api/keys';
