// The deal sheets feature's public entry: what other features and the app may use of it.
export { dealsheetKeys } from './api/keys';
export const loadDealsheetScreen = () => import('./components/dealsheet-screen').then((m) => m.DealsheetScreen);
export const loadLeadDealsheets = () => import('./components/lead-dealsheets').then((m) => m.LeadDealsheets);
