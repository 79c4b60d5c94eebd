import type { components } from './schema';

// The app's names for the contract's types, all generated from the OpenAPI document.
type Schemas = components['schemas'];

/**
 * The signed-in user, as GET /users/currentUser returns it; under impersonation the impersonated
 * user, with IsImpersonating and the real user in ImpersonatedBy.
 */
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

/** What the menus and screens need to know about the selected stores' features and settings. */
export type UIDealerSettings = Schemas['UIDealerSettings'];

/** An employee of the dealer group, as GET /core/users lists them. */
export type StaffUser = Schemas['StaffUser'];

/** The data of POST /auth/impersonation: the token to act as the subject, for the actor. */
export type ImpersonationGrant = Schemas['Impersonation'];

/** The data of POST /auth/impersonation/end. */
export type EndedImpersonation = Schemas['EndedImpersonation'];

/** A customer (contact) with all its fields and lists. */
export type Contact = Schemas['Contact'];

/** One of a customer's phones. */
export type ContactPhone = Schemas['Phone'];

/** One of a customer's e-mail addresses. */
export type ContactEmail = Schemas['Email'];

/** The body of POST /crm/contacts/search. */
export type ContactSearchBody = Schemas['SearchInputBody'];

/** A page of customer search results, with how the term was read. */
export type ContactSearchResults = Schemas['SearchResults'];

/** How the quick search read a term: its kind and the value searched. */
export type SearchTerm = Schemas['Term'];

/** One customer in search results. */
export type ContactMatch = Schemas['Match'];

/** What a user may do with a customer. */
export type ContactPermission = Schemas['Permission'];

/** A customer's hot mark after POST /crm/contacts/{id}/actions/mark_as_hot. */
export type ContactHotState = Schemas['HotState'];

/** A member of a customer's household, with the member's contact summary. */
export type HouseholdMember = Schemas['HouseholdMember'];

/** A customer to add to a household. */
export type NewHouseholdMember = Schemas['NewMember'];

/** The users assigned to a customer, one per assignable role. */
export type ContactAssignments = Schemas['ContactAssignments'];

/** One role's assignment on a customer. */
export type RoleAssignment = Schemas['RoleAssignment'];

/** A change of one role's user on a customer. */
export type RoleChange = Schemas['RoleChange'];

/** What a bulk reassignment moves: a role's customers from one user to another in some stores. */
export type BulkCriteria = Schemas['BulkCriteria'];

/** A bulk reassignment job with its progress. */
export type BulkJob = Schemas['BulkJob'];

/** The same customer's record at another store of the group. */
export type LinkedContact = Schemas['LinkedContact'];

/** A customer of another store who may be the same person. */
export type PotentialLink = Schemas['PotentialLink'];

/** A customer's lifetime value across the group. */
export type EnterpriseValue = Schemas['EnterpriseValue'];

/** A tag on a customer. */
export type ContactTag = Schemas['Tag'];
