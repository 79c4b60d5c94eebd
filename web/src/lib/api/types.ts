import type { components } from './schema';

// The app's names for the contract's types, all generated from the OpenAPI document.
type Schemas = components['schemas'];

/** The signed-in user, as GET /users/currentUser returns it. */
export type AppUser = Schemas['AppUser'];

/** A store (account platform) the user may work in or view. */
export type Store = Schemas['StoreRef'];

/** A saved user setting. */
export type UserSetting = Schemas['Setting'];

/** The body of PUT /usersettings/key/{key}. */
export type SaveUserSettingBody = Schemas['SaveSettingInputBody'];

/** The paging block of a `{successful, data, pageData}` envelope. */
export type PageData = Schemas['PageData'];

/** The body of every error response. */
export type ErrorBody = Schemas['ErrorBody'];
