// The desking feature's public entry: what other features and the app may use of it.
export { deskingKeys } from './api/keys';
/** loadCustomerDesks loads the profile's desk list with its Desk it modal, for showing it lazily. */
export const loadCustomerDesks = () => import('./components/customer-desks').then((m) => m.CustomerDesks);
