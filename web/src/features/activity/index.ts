// The activity feature's public entry: what other features may use of it.
export { activityKeys } from './api/keys';
export { ActivityActions } from './components/activity-actions';
/** loadActivityPanel loads the Activity panel (a customer's activity list), for showing it lazily. */
export const loadActivityPanel = () => import('./components/activity-panel').then((m) => m.ActivityPanel);
