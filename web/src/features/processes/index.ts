// The processes feature's public entry: what other features and the app may use of it.
export { processKeys } from './api/keys';
/** loadCustomerProcesses loads the profile's process list (with the New process and form taker modals), for showing it lazily. */
export const loadCustomerProcesses = () => import('./components/customer-processes').then((m) => m.CustomerProcesses);
/** loadProcessDashboard loads the process dashboard's counts and list, for showing it lazily. */
export const loadProcessDashboard = () => import('./components/process-dashboard').then((m) => m.ProcessDashboard);
