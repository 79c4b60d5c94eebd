// Package survey keeps the answers customers give to a store's survey campaigns (after a sale
// or a service visit): a rating from 1 to 5 and a comment, recorded by the store's staff or
// an outside survey provider, and read back one at a time or as a store's latest.
//
// Access patterns:
//
//	pattern                            index  key condition
//	a survey response by id            table  PK = A#{acct}#SURVEYR#{id}, SK = RESPONSE
//	a store's responses, newest first  GSI1   GSI1PK = A#{acct}#SURVEY#{store}, descending
//
// The index's sort key is the response's time and id, so a store's responses read newest first.
package survey

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// SurveyResponse is one customer's answer to a survey campaign.
type SurveyResponse struct {
	ID                int64     `json:"responseId" readOnly:"true"`
	AccountPlatformID int64     `json:"accountPlatformId" minimum:"1"`
	ContactID         int64     `json:"contactId" minimum:"1"`
	Campaign          string    `json:"campaign" maxLength:"120" doc:"The survey campaign, for example \"Sales experience\"."`
	Rating            int       `json:"rating" minimum:"1" maximum:"5"`
	Comment           string    `json:"comment" required:"false" maxLength:"2000"`
	RespondedAt       time.Time `json:"respondedAt" readOnly:"true"`
	RecordedBy        string    `json:"recordedBy" readOnly:"true"`
}

// MsgNotFound is the message for a response that does not exist or that the caller may not see.
const MsgNotFound = "The survey response does not exist."

const typeResponse = "SurveyResponse"

func responseKey(t store.Tenant, id int64) (store.Key, error) {
	return t.Key("RESPONSE", "SURVEYR", strconv.FormatInt(id, 10))
}

func storeIndex(t store.Tenant, r SurveyResponse) (store.IndexKey, error) {
	return t.IndexKey("GSI1", r.RespondedAt.UTC().Format("2006-01-02T15:04:05.000Z")+"#"+strconv.FormatInt(r.ID, 10), "SURVEY", strconv.FormatInt(r.AccountPlatformID, 10))
}

// Repo reads and writes survey responses.
type Repo struct{ s *store.Store }

// NewRepo returns a repository over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

// Record stores r, recorded by user at now, under a new id. A missing campaign or a rating
// outside 1 to 5 is an Invalid error naming the field.
func (p *Repo) Record(ctx context.Context, t store.Tenant, r SurveyResponse, user string, now time.Time) (SurveyResponse, error) {
	bad := map[string]string{}
	r.Campaign, r.Comment = strings.TrimSpace(r.Campaign), strings.TrimSpace(r.Comment)
	if r.Campaign == "" || utf8.RuneCountInString(r.Campaign) > 120 {
		bad["campaign"] = "Name the survey campaign (at most 120 characters)."
	}
	if r.Rating < 1 || r.Rating > 5 {
		bad["rating"] = "Choose a rating from 1 to 5."
	}
	if utf8.RuneCountInString(r.Comment) > 2000 {
		bad["comment"] = "Use at most 2000 characters."
	}
	if len(bad) > 0 {
		return SurveyResponse{}, apperr.InvalidFields("The survey response is not valid.", bad)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return SurveyResponse{}, err
	}
	r.ID = int64(binary.BigEndian.Uint64(b[:])>>11) + 1
	r.RespondedAt, r.RecordedBy = now.UTC(), user
	k, err := responseKey(t, r.ID)
	if err != nil {
		return SurveyResponse{}, err
	}
	ik, err := storeIndex(t, r)
	if err != nil {
		return SurveyResponse{}, err
	}
	if err := p.s.Create(ctx, store.Record{Key: k, Indexes: []store.IndexKey{ik}, Type: typeResponse, Value: r}); err != nil {
		return SurveyResponse{}, fmt.Errorf("record survey response: %w", err)
	}
	return r, nil
}

// Get returns response id. A missing response is a NotFound error.
func (p *Repo) Get(ctx context.Context, t store.Tenant, id int64) (SurveyResponse, error) {
	k, err := responseKey(t, id)
	if err != nil {
		return SurveyResponse{}, err
	}
	var r SurveyResponse
	if _, err := p.s.Get(ctx, k, &r); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return SurveyResponse{}, apperr.Wrap(apperr.NotFound, err, MsgNotFound)
		}
		return SurveyResponse{}, err
	}
	return r, nil
}

// Latest returns store storeID's latest limit responses, newest first.
func (p *Repo) Latest(ctx context.Context, t store.Tenant, storeID int64, limit int) ([]SurveyResponse, error) {
	part, err := t.Partition("SURVEY", strconv.FormatInt(storeID, 10))
	if err != nil {
		return nil, err
	}
	page, err := p.s.Query(ctx, store.Query{Index: "GSI1", Partition: part, Limit: limit, Descending: true})
	if err != nil {
		return nil, fmt.Errorf("survey responses of store %d: %w", storeID, err)
	}
	out := []SurveyResponse{}
	if err := page.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
