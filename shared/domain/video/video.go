// Package video keeps a store's video library: videos a dealership records once (a walkaround,
// a welcome, a service explainer) and sends to customers as links. The files are kept in blob
// storage under the dealer group's account and are only ever played through links that expire
// (blob.Linker); this package keeps what describes them and the record of each send, from which
// the dashboard counts and lists what was sent.
//
// Access patterns:
//
//	pattern                             index  key condition
//	a store's videos                    table  PK = A#{acct}#VID#{store}, begins_with(SK, "V#")
//	a video by id                       table  PK = A#{acct}#VID#{store}, SK = V#{id}
//	a store's sends in a time range     table  PK = A#{acct}#VIDS#{store}, SK BETWEEN {from} AND {to}
//
// Send sort keys are {sent at, fixed width}#{id}, so they sort by time.
package video

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Subcategory groups a store's videos in the library.
type Subcategory struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category" doc:"Sales or Service."`
}

// Subcategories returns the library's subcategories in display order.
func Subcategories() []Subcategory {
	return []Subcategory{
		{1, "Welcome", "Sales"}, {2, "Vehicle walkaround", "Sales"}, {3, "Test drive", "Sales"},
		{4, "Finance and delivery", "Sales"}, {5, "Service visit", "Service"}, {6, "Maintenance tips", "Service"},
	}
}

// SubcategoryName returns the name of subcategory id, "" for an unknown one.
func SubcategoryName(id int) string {
	for _, s := range Subcategories() {
		if s.ID == id {
			return s.Name
		}
	}
	return ""
}

// Content types a video may have.
var ContentTypes = []string{"video/mp4", "video/webm", "video/ogg", "video/quicktime"}

// Limits.
const (
	MaxTitle       = 120
	MaxDescription = 1000
	MaxVideos      = 1000
)

// Video is one video of a store's library.
type Video struct {
	ID                string    `json:"videoId" readOnly:"true"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	SubcategoryID     int       `json:"subcategoryId"`
	SubcategoryName   string    `json:"subcategoryName" readOnly:"true"`
	Title             string    `json:"title"`
	Description       string    `json:"description"`
	ContentType       string    `json:"contentType" readOnly:"true"`
	SizeBytes         int64     `json:"sizeBytes" readOnly:"true"`
	CreatedAt         time.Time `json:"createdAt" readOnly:"true"`
	CreatedBy         string    `json:"createdBy" readOnly:"true"`
	CreatedByName     string    `json:"createdByName" readOnly:"true"`
}

// FileName returns the name of the video's file in blob storage.
func (v Video) FileName() string {
	ext := map[string]string{"video/mp4": "mp4", "video/webm": "webm", "video/ogg": "ogv", "video/quicktime": "mov"}[v.ContentType]
	return v.ID + "." + cmp.Or(ext, "bin")
}

// BlobParts returns the parts of the video's blob key (blob.NewKey).
func (v Video) BlobParts() []string {
	return []string{"videos", strconv.FormatInt(v.AccountPlatformID, 10), v.FileName()}
}

// Validate checks what a user gives of a new video: field errors by JSON name.
func Validate(v Video) error {
	fields := map[string]string{}
	if SubcategoryName(v.SubcategoryID) == "" {
		fields["subcategoryId"] = "Choose the video's subcategory."
	}
	switch n := utf8.RuneCountInString(strings.TrimSpace(v.Title)); {
	case n == 0:
		fields["title"] = "Enter the video's title."
	case n > MaxTitle:
		fields["title"] = fmt.Sprintf("The title must be at most %d characters.", MaxTitle)
	}
	if utf8.RuneCountInString(v.Description) > MaxDescription {
		fields["description"] = fmt.Sprintf("The description must be at most %d characters.", MaxDescription)
	}
	if !slices.Contains(ContentTypes, v.ContentType) {
		fields["file"] = "Choose an MP4, WebM, Ogg or QuickTime video."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("The video is not valid.", fields)
	}
	return nil
}

// Send is one video sent to a customer: a link to it put into a message.
type Send struct {
	ID                string    `json:"sendId"`
	VideoID           string    `json:"videoId"`
	VideoTitle        string    `json:"videoTitle"`
	AccountPlatformID int64     `json:"accountPlatformId"`
	ContactID         int64     `json:"contactId"`
	ContactName       string    `json:"contactName"`
	UserID            string    `json:"userId"`
	UserName          string    `json:"userName"`
	SentAt            time.Time `json:"sentAt"`
	LinkExpiresAt     time.Time `json:"linkExpiresAt"`
}

// Repo keeps the library.
type Repo struct {
	s *store.Store
}

// NewRepo returns the library over s.
func NewRepo(s *store.Store) *Repo { return &Repo{s: s} }

const (
	typeVideo = "Video"
	typeSend  = "VideoSend"
	sentAt    = "2006-01-02T15:04:05.000Z"
)

func storePart(id int64) string { return strconv.FormatInt(id, 10) }

func videoKey(t store.Tenant, storeID int64, id string) (store.Key, error) {
	return t.Key("V#"+id, "VID", storePart(storeID))
}

func sendKey(t store.Tenant, s Send) (store.Key, error) {
	return t.Key(s.SentAt.UTC().Format(sentAt)+"#"+s.ID, "VIDS", storePart(s.AccountPlatformID))
}

// NewID returns a new video or send id.
func NewID(prefix string) string {
	var b [10]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// Add saves new video v (its file stored already). A store with MaxVideos videos refuses it
// with a Conflict error.
func (r *Repo) Add(ctx context.Context, t store.Tenant, v Video) (Video, error) {
	if err := Validate(v); err != nil {
		return Video{}, err
	}
	if v.ID == "" {
		return Video{}, apperr.Errorf(apperr.Internal, "video without an id")
	}
	v.Title, v.Description = strings.TrimSpace(v.Title), strings.TrimSpace(v.Description)
	v.SubcategoryName = SubcategoryName(v.SubcategoryID)
	k, err := videoKey(t, v.AccountPlatformID, v.ID)
	if err != nil {
		return Video{}, err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typeVideo, Value: v}); err != nil {
		return Video{}, fmt.Errorf("add video %s: %w", v.ID, err)
	}
	return v, nil
}

// Get returns video id of store storeID; a missing one is a NotFound error.
func (r *Repo) Get(ctx context.Context, t store.Tenant, storeID int64, id string) (Video, error) {
	k, err := videoKey(t, storeID, id)
	if err != nil {
		return Video{}, err
	}
	var v Video
	if _, err := r.s.Get(ctx, k, &v); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return Video{}, apperr.Errorf(apperr.NotFound, "The video does not exist.")
		}
		return Video{}, fmt.Errorf("get video %s: %w", id, err)
	}
	return v, nil
}

// List returns the videos of store storeID, newest first.
func (r *Repo) List(ctx context.Context, t store.Tenant, storeID int64) ([]Video, error) {
	p, err := t.Partition("VID", storePart(storeID))
	if err != nil {
		return nil, err
	}
	vs, err := store.QueryAll[Video](ctx, r.s, store.Query{Partition: p, SortPrefix: "V#", Limit: MaxVideos})
	if err != nil {
		return nil, fmt.Errorf("videos of store %d: %w", storeID, err)
	}
	slices.SortFunc(vs, func(a, b Video) int { return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(a.ID, b.ID)) })
	return vs, nil
}

// Query narrows a store's videos.
type Query struct {
	SubcategoryID int
	// Text matches the title or the description, ignoring case.
	Text string
}

// Matches reports whether v is one q asks for.
func (q Query) Matches(v Video) bool {
	if q.SubcategoryID > 0 && v.SubcategoryID != q.SubcategoryID {
		return false
	}
	if s := strings.ToLower(strings.TrimSpace(q.Text)); s != "" {
		return strings.Contains(strings.ToLower(v.Title), s) || strings.Contains(strings.ToLower(v.Description), s)
	}
	return true
}

// RecordSend saves send s.
func (r *Repo) RecordSend(ctx context.Context, t store.Tenant, s Send) error {
	k, err := sendKey(t, s)
	if err != nil {
		return err
	}
	if err := r.s.Create(ctx, store.Record{Key: k, Type: typeSend, Value: s}); err != nil {
		return fmt.Errorf("record video send %s: %w", s.ID, err)
	}
	return nil
}

// Sends returns the sends of store storeID in [from, to), newest first.
func (r *Repo) Sends(ctx context.Context, t store.Tenant, storeID int64, from, to time.Time) ([]Send, error) {
	p, err := t.Partition("VIDS", storePart(storeID))
	if err != nil {
		return nil, err
	}
	q := store.Query{Partition: p, SortFrom: from.UTC().Format(sentAt), SortTo: to.UTC().Format(sentAt), Limit: 1000, Descending: true}
	ss, err := store.QueryAll[Send](ctx, r.s, q)
	if err != nil {
		return nil, fmt.Errorf("video sends of store %d: %w", storeID, err)
	}
	return ss, nil
}
