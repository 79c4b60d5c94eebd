// Package activity keeps a contact's activity: the calls logged and started, the notes, the
// sends to desking, the views of the profile and deal sheets, and the texts, e-mails, tasks,
// leads, visits and merges later features record. Each entry is written under the contact's
// id with the user, the time, a text and details, and belongs to one category; the feed reads
// a contact's entries newest first, all of them or one category, and the counts per category
// and the conversation overview (inbound and outbound per channel) come from one summary item
// per contact. A contact's history is that of every id of contact.Owners(): the activity of
// contacts merged into it shows on the survivor.
//
// Notes. The contact's own notes list (saved with the profile) holds the few standing notes a
// user edits on the profile form. Logged notes and customer notes are history: written once,
// never edited, unbounded, and listed by /api/notes/get. They are activity entries of the note
// category, each with a note id that is unique in the dealer group, so the feed and the notes
// list are the same items and cannot disagree.
//
// Storage. A contact's entries share one partition with its summary and idempotency keys, so
// one transaction writes an entry, bumps the summary (a versioned write: concurrent entries
// retry, none is lost from the counts), claims the client's key and, for a note, creates the
// note's pointer.
//
// Access patterns:
//
//	pattern                              index  key condition
//	a contact's feed, newest first       table  PK = A#{acct}#C#{id}#ACT, begins_with(SK, "E#"), descending
//	a contact's feed in one category     GSI1   GSI1PK = A#{acct}#C#{id}#ACTCAT#{category}, descending
//	a contact's counts and overview      table  PK = A#{acct}#C#{id}#ACT, SK = SUMMARY
//	the entry of an idempotency key      table  PK = A#{acct}#C#{id}#ACT, SK = K#{sha256(key)}
//	a note by id                         table  PK = A#{acct}#NOTE#{noteId}, SK = NOTE, then its entry
//
// Entry sort keys are E#{time, fixed width}#{id}, so they sort by time. A feed over several
// owners (a survivor and the contacts merged into it) reads one page of each partition and
// merges them; its cursor holds each partition's signed cursor. The category index is
// eventually consistent: an entry shows in its category's feed shortly after it is written,
// while the unfiltered feed and the counts read consistently.
package activity
