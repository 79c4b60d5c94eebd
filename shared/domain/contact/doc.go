// Package contact keeps the customers (contacts) of a dealer group: the entity with all its
// lists, the validation rules of section 5, the textable and emailable rules, the encryption
// of sensitive fields, and the storage with the search entries the quick and advanced searches
// read.
//
// A contact belongs to one store of its tenant. It lives in its own partition, beside its search
// entries: one per e-mail address, phone number, VIN, stock number and tag, one for its name and
// one for its business name. Each entry carries the contact's summary (never a sensitive field) and
// GSI1 keys whose partition names the tenant, the store, the entry's kind and its value (or,
// for prefix searches, the value's first character). A search therefore reads only the stores
// the caller may view, one partition per store, each in name order; the pages of several stores
// are merged, and one result costs one item read.
//
// Access patterns:
//
//	pattern                        index  key condition
//	contact by id                  table  PK = A#{acct}#C#{id}, SK = CONTACT
//	its search entries             table  PK = A#{acct}#C#{id}, begins_with(SK, "L#")
//	by e-mail address              GSI1   GSI1PK = A#{acct}#CS#{store}#E#{email}
//	by phone (digits)              GSI1   GSI1PK = A#{acct}#CS#{store}#P#{digits}
//	by VIN                         GSI1   GSI1PK = A#{acct}#CS#{store}#V#{VIN}
//	by the end of a VIN            GSI1   GSI1PK = A#{acct}#CS#{store}#W#{last 6 of the VIN}, then the VINs that end with the whole fragment
//	by stock number                GSI1   GSI1PK = A#{acct}#CS#{store}#S#{STOCK}
//	by tag                         GSI1   GSI1PK = A#{acct}#CS#{store}#T#{tagId}
//	how many carry a tag           GSI1   GSI1PK = A#{acct}#CS#{store}#T#{tagId}, Select COUNT
//	by last name prefix            GSI1   GSI1PK = A#{acct}#CS#{store}#N#{L}, begins_with(GSI1SK, {LAST})
//	by first and last name         GSI1   GSI1PK = A#{acct}#CS#{store}#N#{L}, begins_with(GSI1SK, {LAST}#{FIRST})
//	by business name prefix        GSI1   GSI1PK = A#{acct}#CS#{store}#B#{B}, begins_with(GSI1SK, {BUSINESS})
//	a user's view of a contact     table  PK = A#{acct}#RECENT#{user}, SK = C#{id}
//	a user's recent views          GSI2   GSI2PK = A#{acct}#RECENT#{user}, GSI2SK = {viewed at}#{id}, descending
//
// GSI1SK is {LAST}#{FIRST}#{id} for the name, e-mail, phone, VIN, stock and tag entries and
// {BUSINESS}#{id} for the business entries, so every search returns contacts in name order;
// {L} and {B} are the first character of the normalised last and business names (which spreads
// a store's names over many partitions). Names are normalised by upper-casing them and removing
// everything but letters and digits (O'Neil is ONEIL); business names keep single spaces.
//
// A save is one transaction: the contact's versioned write (a stale version is a Conflict, never
// a lost update), the entries whose key or content changed, and the deletion of entries the
// contact no longer has. The contact item lists its entries' sort keys and a digest of their
// content, so a save that changes no searchable field writes one item. Lists are bounded (see
// MaxEmails and the other limits) so a contact and its entries fit one transaction: a save
// writes the contact, its change-log entry, every entry when any changed and a deletion per entry
// it no longer has, at most 100 writes, or it is an Invalid error and nothing is written. A tag
// must be one of the group's definitions (package tag); its name and type are the definition's.
// A save that changes fields also writes its change-log entry in that transaction (one item,
// numbered by a counter on the contact item), so rejected and conflicting saves leave no entry.
//
// A merge (SaveMerge) is one transaction too: the survivor's versioned write with its entries
// and a change-log entry of kind merged, and the other contact retired at its version. A retired
// contact keeps its item, marked with the survivor's id: reading it is NotFound with
// MsgMergedInto ("The customer was merged into customer {id}."), which names the contact to open
// instead, and its search entries are gone. The survivor's MergedContactIDs lists it (and the
// contacts merged into it before), so the records keyed under it read as the survivor's.
package contact
