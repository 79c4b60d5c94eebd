// Package process keeps workflow templates and the processes started from them: a template is
// a list of steps, each a form of questions; a process is a template started for a customer
// (or one of the customer's deals) whose steps are filled in, saved and submitted one after
// the other by the form taker until the last one completes it.
//
// Statuses (section 4, process status): a template is New (10, being written) or Ready (50,
// offered to start; the template search asks for 50) or Cancelled (900, retired). A process
// is InProgress (100) while a step is open, Overdue (150) when its open step is past due,
// Cancelled (900) or Success (1000) when its last step was submitted. A step is New (10) until
// the steps before it are submitted, InProgress (100) while it is the open one, Success (1000)
// once submitted.
//
// Writes. Every change of a process is a versioned write of the process item (a caller's stale
// version, or a change at the same moment as another, is a Conflict error) with its event in
// the same transaction through the outbox: ProcessStarted, ProcessStepSaved,
// ProcessStepSubmitted and ProcessCompleted, whose id names the process and the version the
// change wrote. A start also rewrites the starting user's recent templates in that
// transaction, and writes the pointer from the process id to its customer.
//
// Access patterns:
//
//	pattern                        index  key condition
//	the account's templates        table  PK = A#{acct}#WT, begins_with(SK, "WT#")
//	one template                   table  PK = A#{acct}#WT, SK = WT#{id}
//	a customer's processes         table  PK = A#{acct}#C#{contact}, begins_with(SK, "PROC#")
//	one process by id              table  PK = A#{acct}#PROCID, SK = {id} (its customer), then the above
//	a store's processes by start   GSI1   GSI1PK = A#{acct}#PS#{store}, GSI1SK = {started}#{id}
//	a user's recent templates      table  PK = A#{acct}#U#{user}, SK = PROCRECENT
package process

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Statuses of templates, processes and steps (section 4).
const (
	StatusNotSet     = 0
	StatusNew        = 10
	StatusReady      = 50
	StatusInProgress = 100
	StatusOverdue    = 150
	StatusPaused     = 500
	StatusCancelled  = 900
	StatusSuccess    = 1000
)

// StatusText names a status.
func StatusText(s int) string {
	switch s {
	case StatusNew:
		return "New"
	case StatusReady:
		return "Ready"
	case StatusInProgress:
		return "InProgress"
	case StatusOverdue:
		return "Overdue"
	case StatusPaused:
		return "Paused"
	case StatusCancelled:
		return "Cancelled"
	case StatusSuccess:
		return "Success"
	}
	return "NotSet"
}

// Messages of templates.
const (
	MsgTemplateNotFound = "The workflow template does not exist."
	MsgTemplateStale    = "The workflow template was changed by someone else. Reload it and try again."
)

// Step is one step of a template: a form to fill in, due some hours after it opens.
type Step struct {
	StepID   int64  `json:"StepId" readOnly:"true" doc:"The step's id in its template (its position from 1)."`
	Name     string `json:"Name" minLength:"1" maxLength:"200"`
	DueHours int    `json:"DueHours,omitempty" required:"false" minimum:"0" maximum:"8760" doc:"Hours after the step opens when it is due; 0 for no due time."`
	Form     Form   `json:"Form"`
}

// Template is a workflow template of the account.
type Template struct {
	ID                 int64     `json:"WorkflowTemplateId" readOnly:"true"`
	Name               string    `json:"Name" minLength:"1" maxLength:"200"`
	Description        string    `json:"Description,omitempty" required:"false" maxLength:"2000"`
	CategoryID         int       `json:"CategoryId,omitempty" required:"false" minimum:"0" doc:"The template's category (1 sales, 2 service, 3 finance; 0 none)."`
	AccountPlatformIDs []int64   `json:"AccountPlatformIds" doc:"The stores that may start it; empty for every store of the account."`
	Status             int       `json:"Status" enum:"10,50,900" doc:"10 New (being written), 50 Ready (offered to start), 900 Cancelled (retired)."`
	Steps              []Step    `json:"Steps" minItems:"1" maxItems:"20"`
	CreatedAt          time.Time `json:"CreatedAt" readOnly:"true"`
	CreatedBy          string    `json:"CreatedBy" readOnly:"true"`
	UpdatedAt          time.Time `json:"UpdatedAt" readOnly:"true"`
	UpdatedBy          string    `json:"UpdatedBy" readOnly:"true"`
	Version            int64     `json:"Version" readOnly:"true" doc:"The version the template was read at; an edit sends it back (as the query's version), and a stale one is refused with 409."`
}

// OfferedAt reports whether a user may start t at store: it is Ready and offered there.
func (t Template) OfferedAt(store int64) bool {
	return t.Status == StatusReady && (len(t.AccountPlatformIDs) == 0 || slices.Contains(t.AccountPlatformIDs, store))
}

// FormTemplateID returns the id of the form of step i (from 0) of template id.
func FormTemplateID(templateID int64, i int) int64 { return templateID*100 + int64(i) + 1 }

// checkTemplate checks t as a user writes it and returns it as kept (ids of steps, forms and
// options numbered).
func checkTemplate(t Template) (Template, error) {
	fields := map[string]string{}
	t.Name, t.Description = strings.TrimSpace(t.Name), strings.TrimSpace(t.Description)
	if t.Name == "" {
		fields["Name"] = "Enter the template's name."
	}
	if !slices.Contains([]int{StatusNew, StatusReady, StatusCancelled}, t.Status) {
		fields["Status"] = "Choose 10 (New), 50 (Ready) or 900 (Cancelled)."
	}
	if len(t.Steps) == 0 {
		fields["Steps"] = "Add at least one step."
	}
	for i := range t.Steps {
		s := &t.Steps[i]
		s.StepID = int64(i + 1)
		s.Name = strings.TrimSpace(s.Name)
		if s.Name == "" {
			fields[fmt.Sprintf("Steps[%d].Name", i)] = "Enter the step's name."
		}
		f, fs := CheckForm(s.Form, fmt.Sprintf("Steps[%d].Form.", i))
		f.FormTemplateID = FormTemplateID(t.ID, i)
		s.Form = f
		for k, v := range fs {
			fields[k] = v
		}
	}
	if len(fields) > 0 {
		return Template{}, apperr.InvalidFields("The workflow template is not valid.", fields)
	}
	return t, nil
}

// Repo reads and writes templates and processes.
type Repo struct {
	s *store.Store
}

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

// NewID returns a new positive id that fits a JavaScript number.
func NewID() int64 {
	for {
		var b [8]byte
		_, _ = rand.Read(b[:])
		if id := int64(binary.BigEndian.Uint64(b[:]) >> 24); id > 0 {
			return id
		}
	}
}

func templateKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("WT#"+strconv.FormatInt(id, 10), "WT")
}

// CreateTemplate stores a new template made by user by at time now and returns it at version
// 1. An invalid template is an Invalid error and nothing is written.
func (r *Repo) CreateTemplate(ctx context.Context, t store.Tenant, tp Template, by string, now time.Time) (Template, error) {
	if tp.ID == 0 {
		tp.ID = NewID()
	}
	tp, err := checkTemplate(tp)
	if err != nil {
		return Template{}, err
	}
	tp.CreatedAt, tp.CreatedBy, tp.UpdatedAt, tp.UpdatedBy, tp.Version = now.UTC(), by, now.UTC(), by, 0
	k, err := templateKey(t, tp.ID)
	if err != nil {
		return Template{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: "WorkflowTemplate", Value: tp}); err != nil {
		return Template{}, fmt.Errorf("create template %d: %w", tp.ID, err)
	}
	tp.Version = 1
	return tp, nil
}

// UpdateTemplate replaces template tp.ID, read at version, with tp. A template changed since is
// a Conflict error; an invalid one an Invalid error; nothing is written then. Processes
// started already keep the steps they started with.
func (r *Repo) UpdateTemplate(ctx context.Context, t store.Tenant, tp Template, version int64, by string, now time.Time) (Template, error) {
	old, err := r.Template(ctx, t, tp.ID)
	if err != nil {
		return Template{}, err
	}
	if old.Version != version {
		return Template{}, apperr.Errorf(apperr.Conflict, MsgTemplateStale)
	}
	tp, err = checkTemplate(tp)
	if err != nil {
		return Template{}, err
	}
	tp.CreatedAt, tp.CreatedBy, tp.UpdatedAt, tp.UpdatedBy, tp.Version = old.CreatedAt, old.CreatedBy, now.UTC(), by, 0
	k, err := templateKey(t, tp.ID)
	if err != nil {
		return Template{}, err
	}
	v, err := r.s.Update(ctx, store.Record{Key: k, Type: "WorkflowTemplate", Value: tp, Version: version})
	if apperr.CodeOf(err) == apperr.Conflict {
		return Template{}, apperr.Errorf(apperr.Conflict, MsgTemplateStale)
	}
	if err != nil {
		return Template{}, fmt.Errorf("update template %d: %w", tp.ID, err)
	}
	tp.Version = v
	return tp, nil
}

// Template returns template id at its version; a missing one is a NotFound error.
func (r *Repo) Template(ctx context.Context, t store.Tenant, id int64) (Template, error) {
	if id < 1 {
		return Template{}, apperr.Errorf(apperr.NotFound, MsgTemplateNotFound)
	}
	k, err := templateKey(t, id)
	if err != nil {
		return Template{}, err
	}
	var tp Template
	v, err := r.s.Get(ctx, k, &tp)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Template{}, apperr.Errorf(apperr.NotFound, MsgTemplateNotFound)
	}
	if err != nil {
		return Template{}, fmt.Errorf("get template %d: %w", id, err)
	}
	tp.Version = v
	return tp, nil
}

// Templates returns every template of the account, by name.
func (r *Repo) Templates(ctx context.Context, t store.Tenant) ([]Template, error) {
	p, err := t.Partition("WT")
	if err != nil {
		return nil, err
	}
	page, err := r.s.Query(ctx, store.Query{Partition: p, SortPrefix: "WT#", Limit: 500})
	if err != nil {
		return nil, fmt.Errorf("read templates: %w", err)
	}
	var out []Template
	if err := page.Decode(&out); err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Template) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}
