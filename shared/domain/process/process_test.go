package process_test

import (
	"context"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/process"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

var now = time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)

func tenant(t *testing.T, acct string) store.Tenant {
	t.Helper()
	tn, err := store.NewTenant(acct)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

func twoSteps() process.Template {
	return process.Template{Name: "Delivery", Status: process.StatusReady, AccountPlatformIDs: []int64{2001}, Steps: []process.Step{
		{Name: "Ready", DueHours: 2, Form: process.Form{Name: "Ready", Controls: []process.Control{{ID: 1, Label: "Notes", InputType: process.ShortAnswer, Required: true}}}},
		{Name: "Sign-off", Form: process.Form{Name: "Sign-off", Controls: []process.Control{{ID: 1, Label: "E-mail", InputType: process.ShortAnswer, InputFormatType: process.FormatEmail, Required: true}}}},
	}}
}

func TestProcessLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := process.NewRepo(dynamotest.Store(t))
	tn := tenant(t, "1001")
	tp, err := repo.CreateTemplate(ctx, tn, twoSteps(), "100011", now)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tp.Steps[1].Form.FormTemplateID, process.FormTemplateID(tp.ID, 1); got != want {
		t.Errorf("form id = %d, want %d", got, want)
	}

	// A template not offered at the store starts nothing.
	_, outcome, _, err := repo.Start(ctx, tn, process.Start{Template: tp, AccountPlatformID: 2002, ContactID: 7, By: "100001", Now: now})
	if err != nil || outcome != process.OutcomeNotStartable {
		t.Fatalf("start at another store: outcome %d, %v; want %d", outcome, err, process.OutcomeNotStartable)
	}

	p, outcome, events, err := repo.Start(ctx, tn, process.Start{Template: tp, AccountPlatformID: 2001, ContactID: 7, By: "100001", Now: now})
	if err != nil || outcome != process.OutcomeOK {
		t.Fatalf("start: outcome %d, %v", outcome, err)
	}
	if len(events) != 1 || events[0].Type != process.EventStarted {
		t.Errorf("start events = %v, want one %s", events, process.EventStarted)
	}
	if got := p.At(now.Add(3 * time.Hour)).Status; got != process.StatusOverdue {
		t.Errorf("status 3 hours later = %d, want overdue", got)
	}
	if recent, _ := repo.Recent(ctx, tn, "100001"); len(recent) != 1 || recent[0] != tp.ID {
		t.Errorf("recent = %v, want [%d]", recent, tp.ID)
	}

	// Another dealer group does not see it.
	if _, err := repo.Get(ctx, tenant(t, "1002"), p.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("get from another group: %v, want NotFound", err)
	}

	read, err := repo.Get(ctx, tn, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	step1 := read.Steps[0].StepInstanceID
	step2 := read.Steps[1].StepInstanceID
	if _, _, _, err := repo.Submit(ctx, tn, read, tp, process.Answers{StepInstanceID: step2, Answers: []process.Answer{{ControlID: 1, Value: "a@b.co", ConfirmValue: "a@b.co"}}, By: "100001", Now: now}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("submit of a step not open: %v, want Conflict", err)
	}
	saved, _, err := repo.Save(ctx, tn, read, process.Answers{StepInstanceID: step1, Answers: []process.Answer{{ControlID: 1, Value: "Washed"}}, By: "100001", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if saved.Version != 2 || saved.Steps[0].IsSubmitted {
		t.Errorf("saved version %d submitted %v, want 2 and not submitted", saved.Version, saved.Steps[0].IsSubmitted)
	}
	// The process as first read is stale now.
	if _, _, _, err := repo.Submit(ctx, tn, read, tp, process.Answers{StepInstanceID: step1, Answers: []process.Answer{{ControlID: 1, Value: "Washed"}}, By: "100001", Now: now}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("stale submit: %v, want Conflict", err)
	}
	if _, _, _, err := repo.Submit(ctx, tn, saved, tp, process.Answers{StepInstanceID: step1, Version: 1, Answers: []process.Answer{{ControlID: 1, Value: "Washed"}}, By: "100001", Now: now}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("submit at an old version: %v, want Conflict", err)
	}
	if _, _, _, err := repo.Submit(ctx, tn, saved, tp, process.Answers{StepInstanceID: step1, Answers: []process.Answer{{ControlID: 1}}, By: "100001", Now: now}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("submit without the required answer: %v, want Invalid", err)
	}
	p, outcome, e, err := repo.Submit(ctx, tn, saved, tp, process.Answers{StepInstanceID: step1, Answers: []process.Answer{{ControlID: 1, Value: "Washed"}}, By: "100001", Now: now})
	if err != nil || outcome != process.OutcomeOK || e.Type != process.EventStepSubmitted {
		t.Fatalf("submit step 1: outcome %d, event %s, %v", outcome, e.Type, err)
	}
	if p.Current() != 1 || p.Steps[1].Status != process.StatusInProgress {
		t.Errorf("after step 1 the open step is %d, want 1", p.Current())
	}
	if _, _, _, err := repo.Submit(ctx, tn, p, tp, process.Answers{StepInstanceID: step1, Answers: []process.Answer{{ControlID: 1, Value: "Again"}}, By: "100001", Now: now}); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("submit of a submitted step: %v, want Conflict", err)
	}
	p, outcome, e, err = repo.Submit(ctx, tn, p, tp, process.Answers{StepInstanceID: step2, Answers: []process.Answer{{ControlID: 1, Value: "a@b.co", ConfirmValue: "a@b.co"}}, By: "100001", Now: now.Add(time.Hour)})
	if err != nil || outcome != process.OutcomeCompleted || e.Type != process.EventCompleted {
		t.Fatalf("submit the last step: outcome %d, event %s, %v", outcome, e.Type, err)
	}
	if p.Status != process.StatusSuccess || p.Open() {
		t.Errorf("status = %d, want success", p.Status)
	}

	var seen []string
	if err := repo.InStore(ctx, tn, 2001, func(p process.Process) error { seen = append(seen, p.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] != p.ID {
		t.Errorf("store's processes = %v, want [%s]", seen, p.ID)
	}
}

func TestStartWithAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := process.NewRepo(dynamotest.Store(t))
	tn := tenant(t, "1001")
	one := twoSteps()
	one.Steps = one.Steps[:1]
	tp, err := repo.CreateTemplate(ctx, tn, one, "100011", now)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := repo.Start(ctx, tn, process.Start{Template: tp, AccountPlatformID: 2001, ContactID: 7, By: "100001", Now: now, Answers: []process.Answer{{ControlID: 1}}}); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("start with a missing answer: %v, want Invalid", err)
	}
	p, outcome, events, err := repo.Start(ctx, tn, process.Start{Template: tp, AccountPlatformID: 2001, ContactID: 7, By: "100001", Now: now, Answers: []process.Answer{{ControlID: 1, Value: "Done"}}})
	if err != nil || outcome != process.OutcomeOK {
		t.Fatalf("start with answers: outcome %d, %v", outcome, err)
	}
	if len(events) != 2 || events[1].Type != process.EventCompleted || p.Status != process.StatusSuccess {
		t.Errorf("events %v, status %d; want started and completed", events, p.Status)
	}
}

func TestTemplateVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := process.NewRepo(dynamotest.Store(t))
	tn := tenant(t, "1001")
	tp, err := repo.CreateTemplate(ctx, tn, twoSteps(), "100011", now)
	if err != nil {
		t.Fatal(err)
	}
	tp.Name = "Delivery, revised"
	next, err := repo.UpdateTemplate(ctx, tn, tp, tp.Version, "100011", now)
	if err != nil {
		t.Fatal(err)
	}
	if next.Version != 2 || next.Name != "Delivery, revised" || !next.CreatedAt.Equal(now) {
		t.Errorf("updated = version %d name %q", next.Version, next.Name)
	}
	if _, err := repo.UpdateTemplate(ctx, tn, tp, tp.Version, "100011", now); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("stale update: %v, want Conflict", err)
	}
	bad := twoSteps()
	bad.Steps[0].Form.Controls[0].InputType = "Slider"
	if _, err := repo.CreateTemplate(ctx, tn, bad, "100011", now); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("bad control type: %v, want Invalid", err)
	}
	if _, err := repo.Template(ctx, tenant(t, "1002"), tp.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("template of another group: %v, want NotFound", err)
	}
}
