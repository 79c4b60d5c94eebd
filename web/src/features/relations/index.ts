// The relations feature's public entry: what other features may use of it.
export { relationKeys } from './api/keys';
export { HouseholdRelationships } from './components/household-relationships';
