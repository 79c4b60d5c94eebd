// The credit feature's public entry: what other features may use of it.
export { creditKeys } from './api/keys';
export { CreditAction } from './components/credit-panel';
