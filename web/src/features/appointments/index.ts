// The appointments feature's public entry: what other features and the app may use of it.
export { appointmentKeys } from './api/keys';
/** loadCustomerAppointments loads the profile's Appointments section, for showing it lazily. */
export const loadCustomerAppointments = () => import('./components/customer-appointments').then((m) => m.CustomerAppointments);
