// The tasks feature's public entry: what other features and the app may use of it.
export { taskKeys } from './api/keys';
/** loadCustomerTasks loads the profile's task list, for showing it lazily. */
export const loadCustomerTasks = () => import('./components/customer-tasks').then((m) => m.CustomerTasks);
