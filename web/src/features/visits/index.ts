// The visits feature's public entry: what other features and the app may use of it.
export { visitKeys } from './api/visits';
export { StartVisitAction } from './components/start-visit-action';
