package task_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

// TestImport stores tasks in bulk: the contact's list and the store's index by due time read
// them; an invalid task stops the import before anything is written.
func TestImport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := task.NewRepo(dynamotest.Store(t))
	tn, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	done := at("2026-10-02T18:00:00Z")
	tasks := []task.Task{
		{ID: "H-1-1", ContactID: 5, EntityID: 1, AccountPlatformID: 2001, AssignedUserID: "100001", TaskType: "Call", Name: "Follow up", DueAt: at("2026-10-02T17:00:00Z"), Status: task.StatusCompleted, CompletedAt: &done, CreatedAt: at("2026-10-01T17:00:00Z")},
		{ID: "H-1-2", ContactID: 5, EntityID: 1, AccountPlatformID: 2001, AssignedUserID: "100001", TaskType: "Email", Name: "Send the quote", DueAt: at("2026-11-22T17:00:00Z"), Status: task.StatusPending, CreatedAt: at("2026-11-20T17:00:00Z")},
	}
	bad := tasks[1]
	bad.ID, bad.Status = "H-1-3", "Someday"
	if err := repo.Import(ctx, tn, []task.Task{tasks[0], bad}); err == nil {
		t.Fatal("imported a task of an unknown status")
	}
	if got, _ := repo.ForContacts(ctx, tn, []int64{5}); len(got) != 0 {
		t.Fatalf("a refused import wrote %d tasks", len(got))
	}
	if err := repo.Import(ctx, tn, tasks); err != nil {
		t.Fatal(err)
	}
	got, err := repo.ForContacts(ctx, tn, []int64{5})
	if err != nil || len(got) != 2 || got[0].ID != "H-1-1" || got[0].CompletedAt == nil {
		t.Fatalf("tasks of contact 5 = %+v (%v)", got, err)
	}
	var due []string
	if err := repo.InStore(ctx, tn, 2001, at("2026-11-01T00:00:00Z"), time.Time{}, func(tk task.Task) error {
		due = append(due, tk.ID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || due[0] != "H-1-2" {
		t.Errorf("tasks of store 2001 due from November = %v, want H-1-2", due)
	}
}
