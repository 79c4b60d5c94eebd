package demo

import "github.com/cxm/cxm/shared/domain/task"

// leadTasks are the demo group's tasks about its customers' seeded leads (a lead's id is its
// customer's), for the lead task list: several stores, owners, types and statuses, with due
// times before and after the seed's month, so the list has overdue, open and finished rows.
func leadTasks() []task.Task {
	t := func(id string, contactID, st int64, who, typ, name, desc, due, status string) task.Task {
		return task.Task{ID: id, ContactID: contactID, EntityID: contactID, AccountPlatformID: st, AssignedUserID: who, TaskType: typ,
			Name: name, Description: desc, DueAt: day(due), Status: status, CreatedAt: day("2026-11-02T17:30:00Z")}
	}
	return []task.Task{
		t("LT-1004-1", ContactToyotaSameEmail, StoreToyota, "100001", "Call", "First contact: new internet lead", "Introduce yourself and confirm the RAV4 she asked about.", "2026-11-03T16:00:00Z", task.StatusCompleted),
		t("LT-1004-2", ContactToyotaSameEmail, StoreToyota, "100003", "Email", "Send the RAV4 brochure", "Attach the XLE brochure and the current incentives.", "2026-11-26T17:00:00Z", task.StatusPending),
		t("LT-1004-3", ContactToyotaSameEmail, StoreToyota, "100001", "Call", "Invite for a test drive", "", "2026-11-14T18:00:00Z", task.StatusPending),
		t("LT-1006-1", ContactToyotaBusiness, StoreToyota, "100002", "Appointment", "Fleet pricing meeting", "Three Tacomas for the plumbing crews: bring the fleet price sheet.", "2026-12-01T18:00:00Z", task.StatusPending),
		t("LT-1006-2", ContactToyotaBusiness, StoreToyota, "100001", "Call", "Confirm the fleet quote", "", "2026-11-18T19:00:00Z", task.StatusInProgress),
		t("LT-1007-1", ContactHondaSimilar, StoreHonda, "100001", "Call", "Call back about the CR-V", "He asked for a call after 5 pm.", "2026-11-24T01:00:00Z", task.StatusPending),
		t("LT-1007-2", ContactHondaSimilar, StoreHonda, "100004", "Email", "Trade-in appraisal follow-up", "", "2026-11-12T17:00:00Z", task.StatusCompleted),
		t("LT-1008-1", ContactHondaOptedOut, StoreHonda, "100001", "Call", "Answer the financing question", "She opted out of texts: call or e-mail only.", "2026-11-20T17:00:00Z", task.StatusPending),
		t("LT-1008-2", ContactHondaOptedOut, StoreHonda, "100002", "Appointment", "Test drive of the CR-V Hybrid", "", "2026-11-29T19:00:00Z", task.StatusOnHold),
		t("LT-1003-2", ContactHyundai, StoreHyundai, "100004", "Call", "Welcome call for the Ioniq 5 lead", "Do not text: the customer asked for calls only.", "2026-11-23T18:00:00Z", task.StatusPending),
		t("LT-1003-3", ContactHyundai, StoreHyundai, "100004", "Email", "Send the Ioniq 5 incentives", "", "2026-11-16T18:00:00Z", task.StatusCancelled),
		t("LT-1003-4", ContactHyundai, StoreHyundai, "100002", "Call", "Check in after the winter tire offer", "", "2027-01-12T18:00:00Z", task.StatusPending),
	}
}
