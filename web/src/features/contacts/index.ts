// The contacts feature's public entry: what other features may use of it. Screens and their
// parts are composed by src/app; everything else here is internal to the feature.
export { contactKeys } from './api/keys';
export { contactQueryOptions, useContact } from './api/get-contact';
export { contactSearchQueryOptions, useContactSearch, type ContactSearchParams } from './api/search-contacts';
