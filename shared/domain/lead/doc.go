// Package lead keeps the leads of a dealer group: the entity with its vehicles of interest and
// trade-ins, the status transitions of section 4, assignment and claims, the lead sources of
// each store, the documents leads arrived in, and the per-store keys lead providers deliver
// with.
//
// A lead lives in its contact's partition, so the leads of a contact that absorbed others in a
// merge are the leads of every id of contact.Contact.Owners(). Paths name a lead by its id
// alone: a pointer item maps the id to the contact. Vehicles of interest and trade-ins are part
// of the lead item (their lists are bounded), each with a pointer item because one call names a
// vehicle by its id alone; the pointer outlives the vehicle, so a repeated removal is answered
// as done.
//
// Access patterns:
//
//	pattern                          index  key condition
//	lead of a contact                table  PK = A#{acct}#C#{contact}, SK = LEAD#{id}
//	leads of a contact               table  PK = A#{acct}#C#{contact}, begins_with(SK, "LEAD#")
//	lead id to its contact           table  PK = A#{acct}#L#{id}, SK = LEAD
//	a lead's raw document            table  PK = A#{acct}#L#{id}, SK = RAW
//	vehicle of interest to its lead  table  PK = A#{acct}#LV#{vehicle id}, SK = LEADVEHICLE
//	trade-in to its lead             table  PK = A#{acct}#LT#{trade-in id}, SK = LEADVEHICLE
//	a store's leads by status        GSI1   GSI1PK = A#{acct}#LS#{store}#{status}, GSI1SK = {created}#{id}
//	Leads Log search, counts, export GSI1   the same, per store and status, GSI1SK BETWEEN {from} AND {to}
//	a store's claimable leads        GSI2   GSI2PK = A#{acct}#LC#{store}, GSI2SK = {created}#{id}
//	a store's sales by date          GSI2   GSI2PK = A#{acct}#LSOLD#{store}#{5|6}, GSI2SK = {status changed}#{id}
//	leads wanting a VIN at a store   GSI1   GSI1PK = A#{acct}#LVIN#{store}#{vin}, GSI1SK = {lead created}#{voi id}
//	leads wanting a stock number     GSI2   GSI2PK = A#{acct}#LSTK#{store}#{stock}, GSI2SK = {lead created}#{voi id}
//	a delivered document             table  PK = A#{acct}#LIN#{store}#{digest}, SK = INTAKE
//	a store's sources, by name       table  PK = A#{acct}#LSRC#{store}, begins_with(SK, "SRC#")
//	a store's intake key             table  PK = A#{acct}#LKEY#{store}, SK = INTAKEKEY
//	round robin cursor of a pool     table  PK = A#{acct}#LRR#{store}, SK = RR#{role}
//
// Every change is a versioned write of the lead item (with the pointer items it adds or
// removes, in one transaction). A change that loses a race re-reads the lead and applies
// itself again to what it finds, so no update is lost and every rule (a transition, a claim)
// is checked against the latest state: of two claims at the same moment exactly one wins and
// the other finds the lead held. Every change publishes one event whose id names the lead and
// the version the change wrote, so a redelivered event is recognisably the same.
//
// Vehicle index. The pointer item of a vehicle of interest carries a copy of what the VOI
// status and the inventory counts show (store, VIN, stock number, the lead's status and
// holders) and the index keys above; every write of the lead rewrites the pointers whose copy
// changed in the same transaction, and a removed vehicle's pointer leaves the indexes. A
// stock number's '#' and '%' are escaped in its key part. Sold leads (pending or delivered)
// are in GSI2 by the time they entered that status; a claimable lead is active, so the two
// uses of a lead item's GSI2 never meet.
//
// First response. MarkResponded records on a contact's open leads the first outbound contact
// after they arrived (a conditional, versioned write that a repeat leaves alone); the
// response time statistics read it.
//
// Activity. A repository made WithActivity records every creation, status transition,
// assignment, claim and type or source change in the contact's activity (a lead entry with
// the activity type, the user and the lead id), keyed by the event's id, so recording the same
// event again (ActivityEntry, for a consumer replaying events) records nothing more.
//
// Automatic assignment. AssignNext gives a lead to the next user of a store's round robin and
// sets the timer of the store's reassign rule, in the lead's transaction (see autoassign.go);
// the consumers in events/leadassign decide when.
//
// Import. Past leads (a seed's history, a bulk load) are stored by replaying their changes
// with the rules of the calls above (Replay), each at its own time, and writing the items the
// history leaves (the lead at its version, pointers, vehicle index items, change log) in
// batches, without events or timers; the activity entries the changes record are returned for
// activity.Repo.Import.
//
// Change log. A lead's creation and every change of its status, type, source, reason or holders
// writes an entry of kind lead to the lead's own change log (package changelog), numbered by a
// counter on the lead item and written in the lead's versioned transaction, so a refused or lost
// change writes none. The contact's change log shows these entries among its own (LogSegments):
// the lead's log is kept apart from the contact's so that a lead change never rewrites the
// contact item, whose version a user editing the profile holds.
package lead
