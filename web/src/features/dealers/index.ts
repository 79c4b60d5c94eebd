// The dealers feature's public entry: what other features may use of it.
export { dealerKeys } from './api/keys';
export { uiDealerSettingsQueryOptions, useUIDealerSettings } from './api/get-ui-dealer-settings';
export { WorkingHoursModal } from './components/working-hours-modal';
