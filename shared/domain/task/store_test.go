package task_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestInStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	repo := task.NewRepo(s)
	mine, err := store.NewTenant("1001")
	if err != nil {
		t.Fatal(err)
	}
	other, err := store.NewTenant("1002")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(id string, contact, st int64, due string) task.Task {
		return task.Task{ID: id, ContactID: contact, EntityID: contact, AccountPlatformID: st, AssignedUserID: "100001", TaskType: "Call",
			Name: "Call " + id, DueAt: at(due), Status: task.StatusPending, CreatedAt: at("2026-11-01T00:00:00Z")}
	}
	for _, tk := range []task.Task{
		mk("late", 1, 2001, "2026-12-03T10:00:00Z"),
		mk("early", 2, 2001, "2026-11-03T10:00:00Z"),
		mk("midnight", 3, 2001, "2026-11-20T00:00:00Z"),
		mk("middle", 1, 2001, "2026-11-15T09:30:00Z"),
		mk("honda", 1, 2002, "2026-11-15T09:30:00Z"),
	} {
		if err := repo.Create(ctx, mine, tk); err != nil {
			t.Fatal(err)
		}
	}
	// Another dealer group's task of a store with the same id.
	if err := repo.Create(ctx, other, mk("theirs", 1, 2001, "2026-11-15T09:30:00Z")); err != nil {
		t.Fatal(err)
	}
	// An invalid task is refused and indexes nothing.
	if err := repo.Create(ctx, mine, task.Task{ID: "bad", ContactID: 1, AccountPlatformID: 2001}); err == nil {
		t.Error("an invalid task was created")
	}

	tests := []struct {
		name     string
		tenant   store.Tenant
		store    int64
		from, to time.Time
		want     string
	}{
		{"every task, earliest due first", mine, 2001, time.Time{}, time.Time{}, "[early middle midnight late]"},
		{"a range: from included, to left out", mine, 2001, at("2026-11-03T10:00:00Z"), at("2026-11-20T00:00:00Z"), "[early middle]"},
		{"from only", mine, 2001, at("2026-11-16T00:00:00Z"), time.Time{}, "[midnight late]"},
		{"to only", mine, 2001, time.Time{}, at("2026-11-16T00:00:00Z"), "[early middle]"},
		{"another store", mine, 2002, time.Time{}, time.Time{}, "[honda]"},
		{"another dealer group", other, 2001, time.Time{}, time.Time{}, "[theirs]"},
		{"a store without tasks", mine, 2003, time.Time{}, time.Time{}, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ids []string
			err := repo.InStore(ctx, tt.tenant, tt.store, tt.from, tt.to, func(tk task.Task) error {
				ids = append(ids, tk.ID)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(ids); got != tt.want {
				t.Errorf("tasks = %s, want %s", got, tt.want)
			}
		})
	}

	stop := errors.New("stop")
	n := 0
	err = repo.InStore(ctx, mine, 2001, time.Time{}, time.Time{}, func(task.Task) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("InStore after fn failed: err %v after %d tasks, want stop after 1", err, n)
	}
}
