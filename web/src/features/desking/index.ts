// The desking feature's public entry: what other features and the app may use of it.
export { deskingKeys } from './api/keys';
/** loadCustomerDesks loads the profile's desk list with its Desk it modal, for showing it lazily. */
export const loadCustomerDesks = () => import('./components/customer-desks').then((m) => m.CustomerDesks);
/** loadEmbeddedPrintForms loads the embedded print forms page's content, for showing it lazily. */
export const loadEmbeddedPrintForms = () => import('./components/embedded-print-forms').then((m) => m.EmbeddedPrintForms);
