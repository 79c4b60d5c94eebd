// Package calllog keeps the Call Log: the calls the call-tracking provider recorded for a store
// (its post-call webhook), each matched to a customer by the caller's phone or left unmatched
// for a manager to match, with who at the store took it (logged by), hidden or shown, and
// archived once older than the store's auto-archive age. A matched call is also an activity
// entry of the customer (kind call, its direction), written with the call in one transaction
// with its activity.EventLogged event, so the dashboards count it.
//
// A delivery of a call the log holds already (a provider retrying its webhook) changes
// nothing: the call is created conditionally, and its activity entry carries the call's
// idempotency key.
//
// Access patterns:
//
//	pattern                                   index  key condition
//	a call                                    table  PK = A#{acct}#CALL#{store}#{provider call id}, SK = CALL
//	a store's calls by start time             GSI1   GSI1PK = A#{acct}#CALLS#{store}, GSI1SK BETWEEN {from} AND {to}~
//	a store's auto-archive settings           table  PK = A#{acct}#CALLSET#{store}, SK = ARCHIVE
//	a user's provider phones at a store       table  PK = A#{acct}#UPHONES#{user}, SK = S#{store}
//	the user of a store's phone (logged by)   table  PK = A#{acct}#CALLPHONE#{store}#{e164}, SK = PHONE
//
// Index sort keys are {start time, fixed width}#{provider call id}, so a store's calls read in
// time order over a date range with one bounded query.
package calllog
