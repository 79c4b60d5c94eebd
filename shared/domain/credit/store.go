package credit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"strconv"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// Storage of inquiries. Requests and their idempotency keys share the applicant contact's
// partition, so one transaction claims a key and creates its request.
//
//	pattern                             index  key condition
//	requests of a contact, newest first table  PK = A#{acct}#CREDIT#{contact}, begins_with(SK, REQ#), descending
//	one request                         table  PK = A#{acct}#CREDIT#{contact}, SK = REQ#{id}
//	request of an idempotency key       table  PK = A#{acct}#CREDIT#{contact}, SK = KEY#{sha256(key)}
const (
	typeRequest = "CreditRequest"
	typeKey     = "CreditRequestKey"
)

// KeyRetention is how long an idempotency key is kept: a retry within it has no second effect.
const KeyRetention = 7 * 24 * time.Hour

// HistoryLimit is the number of most recent requests a contact's credit history lists.
const HistoryLimit = 100

// requestItem is a Request as stored.
type requestItem struct {
	CreditRequestID    string
	ContactID          int64
	ApplicantContactID int64
	AccountPlatformID  int64
	Provider           string
	Product            string
	Bureau             string
	Status             string
	Score              int
	ScoreModel         string
	ErrorCode          string
	Reference          string
	SSNLast4           string
	RequestedBy        string
	// ActorUserID is the real actor when the request was made under impersonation.
	ActorUserID string
	Attempts    int
	Created     time.Time
	Updated     time.Time
}

// keyItem points an idempotency key at the request it created.
type keyItem struct {
	CreditRequestID string
}

func toItem(r Request, actor string) requestItem {
	return requestItem{
		CreditRequestID: r.CreditRequestID, ContactID: r.ContactID, ApplicantContactID: r.ApplicantContactID,
		AccountPlatformID: r.AccountPlatformID, Provider: r.Provider, Product: string(r.Product), Bureau: string(r.Bureau),
		Status: string(r.Status), Score: r.Score, ScoreModel: r.ScoreModel, ErrorCode: r.ErrorCode, Reference: r.Reference,
		SSNLast4: r.SSNLast4, RequestedBy: r.RequestedBy, ActorUserID: actor, Attempts: r.Attempts,
		Created: r.Created.UTC(), Updated: r.Updated.UTC(),
	}
}

func fromItem(it requestItem) Request {
	return Request{
		CreditRequestID: it.CreditRequestID, ContactID: it.ContactID, ApplicantContactID: it.ApplicantContactID,
		AccountPlatformID: it.AccountPlatformID, Provider: it.Provider, Product: Product(it.Product), Bureau: Agency(it.Bureau),
		Status: Status(it.Status), Score: it.Score, ScoreModel: it.ScoreModel, ErrorCode: it.ErrorCode, Reference: it.Reference,
		SSNLast4: it.SSNLast4, RequestedBy: it.RequestedBy, Attempts: it.Attempts, Created: it.Created, Updated: it.Updated,
	}
}

func contactPart(contactID int64) string { return strconv.FormatInt(contactID, 10) }

func requestKey(t store.Tenant, contactID int64, id string) (store.Key, error) {
	return t.Key("REQ#"+id, "CREDIT", contactPart(contactID))
}

func idempotencyKey(t store.Tenant, contactID int64, key string) (store.Key, error) {
	sum := sha256.Sum256([]byte(key))
	return t.Key("KEY#"+hex.EncodeToString(sum[:16]), "CREDIT", contactPart(contactID))
}

// newID returns a request id that sorts by creation time.
func newID(now time.Time) string {
	var b [6]byte
	rand.Read(b[:])
	return fmt.Sprintf("%013d-%s", now.UnixMilli(), hex.EncodeToString(b[:]))
}

// repo reads and writes requests.
type repo struct {
	s *store.Store
}

// claim creates r at its idempotency key in one transaction. A key claimed already is a
// Conflict error.
func (r repo) claim(ctx context.Context, t store.Tenant, key string, req Request, actor string) error {
	kk, err := idempotencyKey(t, req.ContactID, key)
	if err != nil {
		return err
	}
	rk, err := requestKey(t, req.ContactID, req.CreditRequestID)
	if err != nil {
		return err
	}
	return r.s.Transact(ctx,
		store.CreateOp(store.Record{Key: kk, Type: typeKey, Value: keyItem{CreditRequestID: req.CreditRequestID}, ExpiresAt: req.Created.Add(KeyRetention).Unix()}),
		store.CreateOp(store.Record{Key: rk, Type: typeRequest, Value: toItem(req, actor)}),
	)
}

// byKey returns the request an idempotency key points at, with its version.
func (r repo) byKey(ctx context.Context, t store.Tenant, contactID int64, key string) (Request, int64, error) {
	kk, err := idempotencyKey(t, contactID, key)
	if err != nil {
		return Request{}, 0, err
	}
	var k keyItem
	if _, err := r.s.Get(ctx, kk, &k); err != nil {
		return Request{}, 0, fmt.Errorf("get credit request key: %w", err)
	}
	return r.get(ctx, t, contactID, k.CreditRequestID)
}

// get returns one request of a contact with its version. A missing request is a NotFound error.
func (r repo) get(ctx context.Context, t store.Tenant, contactID int64, id string) (Request, int64, error) {
	rk, err := requestKey(t, contactID, id)
	if err != nil {
		return Request{}, 0, err
	}
	var it requestItem
	v, err := r.s.Get(ctx, rk, &it)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Request{}, 0, apperr.Errorf(apperr.NotFound, "The credit request %s does not exist.", id)
	}
	if err != nil {
		return Request{}, 0, fmt.Errorf("get credit request %s: %w", id, err)
	}
	return fromItem(it), v, nil
}

// update writes req over the stored request at version and returns the new version; when the
// bureau answered req, its EventCompleted event is written in the same transaction. Another
// version is a Conflict error, and nothing is written or announced then.
func (r repo) update(ctx context.Context, t store.Tenant, req Request, version int64, actor string) (int64, error) {
	rk, err := requestKey(t, req.ContactID, req.CreditRequestID)
	if err != nil {
		return 0, err
	}
	ops := []store.Op{store.UpdateOp(store.Record{Key: rk, Type: typeRequest, Value: toItem(req, actor), Version: version})}
	if req.Status == StatusCompleted || req.Status == StatusNoHit {
		detail, err := json.Marshal(req)
		if err != nil {
			return 0, fmt.Errorf("marshal credit request event: %w", err)
		}
		op, err := eventbus.OutboxOp(t, eventbus.Event{
			ID: fmt.Sprintf("credit-%s-a%d", req.CreditRequestID, req.Attempts), Type: EventCompleted, Account: t.Account(), Time: req.Updated, Detail: detail,
		})
		if err != nil {
			return 0, err
		}
		ops = append(ops, op)
	}
	if err := r.s.Transact(ctx, ops...); err != nil {
		return 0, err
	}
	return version + 1, nil
}

// versioned is a request with the version it was read at.
type versioned struct {
	Request
	version int64
}

// list returns the most recent requests of a contact, newest first.
func (r repo) list(ctx context.Context, t store.Tenant, contactID int64) ([]versioned, error) {
	part, err := t.Partition("CREDIT", contactPart(contactID))
	if err != nil {
		return nil, err
	}
	page, err := r.s.Query(ctx, store.Query{Partition: part, SortPrefix: "REQ#", Descending: true, Limit: HistoryLimit})
	if err != nil {
		return nil, fmt.Errorf("list credit requests of %d: %w", contactID, err)
	}
	var items []struct {
		requestItem
		Version int64
	}
	if err := page.Decode(&items); err != nil {
		return nil, err
	}
	out := make([]versioned, 0, len(items))
	for _, it := range items {
		out = append(out, versioned{Request: fromItem(it.requestItem), version: it.Version})
	}
	return out, nil
}
