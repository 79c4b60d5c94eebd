// The garage feature's public entry: what other features and the app may use of it.
export { garageKeys } from './api/keys';
export const loadGarageTab = () => import('./components/garage-tab').then((m) => m.GarageTab);
