// The activity feature's public entry: what other features may use of it.
export { activityKeys } from './api/keys';
export { ActivityActions } from './components/activity-actions';
export { ActivityPanel } from './components/activity-panel';
