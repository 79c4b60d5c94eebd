// Package template keeps the dealer templates of e-mail and text messages: per store, each in one
// of the spec's categories (1 to 14) and channels (1 e-mail, 3 text), active or not, of template
// type 1, with a subject (e-mail) and a body whose tokens ({CustomerFirstName}, {StoreName},
// {SalesPersonName} ...) Replace fills in with the customer's, the store's and the sales
// person's data. An e-mail template may name files of its store to attach (see Attachment).
//
// Access patterns:
//
//	pattern                     index  key condition
//	a store's templates         table  PK = A#{acct}#TPL#{store}, begins_with(SK, "T#")
package template

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Channels of a template.
const (
	ChannelEmail = 1
	ChannelSMS   = 3
)

// Bounds of a template.
const (
	MinCategory     = 1
	MaxCategory     = 14
	TypeDealer      = 1
	MaxNameLength   = 200
	MaxSubject      = 998
	MaxBodyLength   = 20_000
	MaxAttachments  = 10
	MaxTemplateList = 500
)

// Attachment is a file of the store attached to every e-mail of a template.
type Attachment struct {
	FileName string `json:"fileName"`
	FileURL  string `json:"fileUrl" doc:"The file's reference, as create_email_template_attachment answered it."`
	Size     int64  `json:"size"`
}

// Template is one dealer template.
type Template struct {
	TemplateID        int64        `json:"TemplateId" readOnly:"true"`
	AccountPlatformID int64        `json:"AccountPlatformId"`
	TemplateName      string       `json:"TemplateName"`
	CategoryID        int          `json:"CategoryId" doc:"1 to 14."`
	ChannelID         int          `json:"ChannelId" doc:"1 e-mail, 3 text."`
	TemplateTypeID    int          `json:"TemplateTypeId" doc:"1, the dealer template."`
	Status            bool         `json:"Status" doc:"True for an active template."`
	Subject           string       `json:"Subject" required:"false"`
	Body              string       `json:"Body" text:"multiline"`
	Attachments       []Attachment `json:"Attachments" required:"false"`
	CreatedAt         time.Time    `json:"CreatedAt" readOnly:"true"`
}

// Filter selects templates as getDealerTemplates asks: any of the categories, channels and
// statuses (empty: all), of the template type (0: all), of the stores.
type Filter struct {
	CategoryIDs        []int
	ChannelIDs         []int
	Statuses           []bool
	TemplateTypeID     int
	AccountPlatformIDs []int64
}

// Match reports whether tpl passes f (stores aside).
func (f Filter) Match(tpl Template) bool {
	if len(f.CategoryIDs) > 0 && !contains(f.CategoryIDs, tpl.CategoryID) {
		return false
	}
	if len(f.ChannelIDs) > 0 && !contains(f.ChannelIDs, tpl.ChannelID) {
		return false
	}
	if len(f.Statuses) > 0 && !contains(f.Statuses, tpl.Status) {
		return false
	}
	return f.TemplateTypeID == 0 || f.TemplateTypeID == tpl.TemplateTypeID
}

func contains[T comparable](xs []T, x T) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Validate checks tpl; field errors name its JSON fields.
func Validate(tpl Template) error {
	f := map[string]string{}
	if strings.TrimSpace(tpl.TemplateName) == "" || utf8.RuneCountInString(tpl.TemplateName) > MaxNameLength {
		f["TemplateName"] = fmt.Sprintf("Enter the template's name (at most %d characters).", MaxNameLength)
	}
	if tpl.CategoryID < MinCategory || tpl.CategoryID > MaxCategory {
		f["CategoryId"] = fmt.Sprintf("Choose a category from %d to %d.", MinCategory, MaxCategory)
	}
	if tpl.ChannelID != ChannelEmail && tpl.ChannelID != ChannelSMS {
		f["ChannelId"] = "The channel must be 1 (e-mail) or 3 (text)."
	}
	if tpl.TemplateTypeID != TypeDealer {
		f["TemplateTypeId"] = "The template type must be 1."
	}
	if tpl.ChannelID == ChannelEmail && (strings.TrimSpace(tpl.Subject) == "" || len(tpl.Subject) > MaxSubject || strings.ContainsAny(tpl.Subject, "\r\n")) {
		f["Subject"] = "Enter a one-line subject for an e-mail template."
	}
	if strings.TrimSpace(tpl.Body) == "" || utf8.RuneCountInString(tpl.Body) > MaxBodyLength {
		f["Body"] = fmt.Sprintf("Enter the template's text (at most %d characters).", MaxBodyLength)
	}
	if len(tpl.Attachments) > MaxAttachments {
		f["Attachments"] = fmt.Sprintf("At most %d attachments.", MaxAttachments)
	}
	if tpl.ChannelID == ChannelSMS && len(tpl.Attachments) > 0 {
		f["Attachments"] = "A text template has no attachments."
	}
	if tpl.AccountPlatformID < 1 {
		f["AccountPlatformId"] = "Choose the template's store."
	}
	if len(f) > 0 {
		return apperr.InvalidFields("The template is not valid.", f)
	}
	return nil
}

// Repo keeps templates.
type Repo struct {
	s   *store.Store
	now func() time.Time
}

// NewRepo returns a repo over s, stamping templates with s's clock.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s, now: s.Now} }

const typeTemplate = "template"

func key(t store.Tenant, storeID, id int64) (store.Key, error) {
	return t.Key(fmt.Sprintf("T#%019d", id), "TPL", strconv.FormatInt(storeID, 10))
}

// Create validates tpl and stores it with a new id; an invalid template is an Invalid error and
// nothing is written.
func (r *Repo) Create(ctx context.Context, t store.Tenant, tpl Template) (Template, error) {
	if err := Validate(tpl); err != nil {
		return Template{}, err
	}
	tpl.CreatedAt = r.now().UTC()
	tpl.TemplateID = tpl.CreatedAt.UnixMicro()
	k, err := key(t, tpl.AccountPlatformID, tpl.TemplateID)
	if err != nil {
		return Template{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typeTemplate, Value: tpl}); err != nil {
		return Template{}, fmt.Errorf("create template: %w", err)
	}
	return tpl, nil
}

// Put writes tpl with its own id (the demo seed's fixed templates), replacing one there.
func (r *Repo) Put(ctx context.Context, t store.Tenant, tpl Template) error {
	if err := Validate(tpl); err != nil {
		return err
	}
	k, err := key(t, tpl.AccountPlatformID, tpl.TemplateID)
	if err != nil {
		return err
	}
	_, err = r.s.Put(ctx, store.Record{Key: k, Type: typeTemplate, Value: tpl})
	return err
}

// Get returns template id of store storeID; a missing one is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, storeID, id int64) (Template, error) {
	k, err := key(t, storeID, id)
	if err != nil {
		return Template{}, err
	}
	var tpl Template
	if _, err := r.s.Get(ctx, k, &tpl); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Template{}, apperr.Errorf(apperr.NotFound, "The template does not exist.")
		}
		return Template{}, err
	}
	return tpl, nil
}

// List returns the templates of the stores that pass f, by store then name.
func (r *Repo) List(ctx context.Context, t store.Tenant, stores []int64, f Filter) ([]Template, error) {
	out := []Template{}
	for _, st := range stores {
		part, err := t.Partition("TPL", strconv.FormatInt(st, 10))
		if err != nil {
			return nil, err
		}
		all, err := store.QueryAll[Template](ctx, r.s, store.Query{Partition: part, SortPrefix: "T#", Limit: MaxTemplateList})
		if err != nil {
			return nil, fmt.Errorf("list templates of store %d: %w", st, err)
		}
		for _, tpl := range all {
			if f.Match(tpl) {
				out = append(out, tpl)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].AccountPlatformID != out[j].AccountPlatformID {
			return out[i].AccountPlatformID < out[j].AccountPlatformID
		}
		return strings.ToLower(out[i].TemplateName) < strings.ToLower(out[j].TemplateName)
	})
	return out, nil
}
