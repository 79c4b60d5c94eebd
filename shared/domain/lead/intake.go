package lead

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/store"
)

// MaxDocument is the largest raw lead document kept, in bytes (an item holds 400 KB).
const MaxDocument = 256 << 10

// delivery is the stored mark of a delivered document: the lead it created.
type delivery struct {
	LeadID    int64
	ContactID int64
}

// rawDocument is a lead's raw document as it arrived.
type rawDocument struct {
	Document    string
	ContentType string
	ReceivedAt  time.Time
}

// deliveryDigest identifies a delivery: the provider's name, lead id and sequence when the
// document carries an id, else the document itself with the sequence (which then tells the
// prospects of one document apart).
func deliveryDigest(provider, providerID, sequence, raw string) string {
	h := sha256.New()
	if strings.TrimSpace(providerID) != "" {
		fmt.Fprintf(h, "id\x00%s\x00%s\x00%s", strings.ToUpper(strings.TrimSpace(provider)), strings.TrimSpace(providerID), strings.TrimSpace(sequence))
	} else {
		fmt.Fprintf(h, "doc\x00%s\x00%s", strings.TrimSpace(sequence), raw)
	}
	return hex.EncodeToString(h.Sum(nil))[:40]
}

func deliveryKey(t store.Tenant, storeID int64, digest string) (store.Key, error) {
	return t.Key("INTAKE", "LIN", idPart(storeID), digest)
}

// Delivery is one document a lead provider delivered to a store.
type Delivery struct {
	// Provider names the lead provider; ProviderID and Sequence are the ids the document gives
	// the lead. Without a ProviderID the document itself identifies the delivery.
	Provider, ProviderID, Sequence string
	// Raw is the document as it arrived and ContentType its media type.
	Raw, ContentType string
}

// Delivered returns the lead an earlier delivery of d to store storeID created; false when d
// was not delivered before.
func (r *Repo) Delivered(ctx context.Context, t store.Tenant, storeID int64, d Delivery) (Lead, bool, error) {
	rd, found, err := r.DeliveryRead(t, storeID, d)
	if err != nil {
		return Lead{}, false, err
	}
	if _, err := r.s.Get(ctx, rd.Key, rd.Out); err != nil {
		if apperr.CodeOf(err) != apperr.NotFound {
			return Lead{}, false, fmt.Errorf("get delivery: %w", err)
		}
	} else {
		rd.Found = true
	}
	return found(ctx)
}

// DeliveryRead returns the read of delivery d to store storeID's record, for a caller that
// batches it with other reads (store.BatchGet), and what Delivered answers once it was read:
// that function reads the lead of a delivery found.
func (r *Repo) DeliveryRead(t store.Tenant, storeID int64, d Delivery) (*store.Read, func(context.Context) (Lead, bool, error), error) {
	k, err := deliveryKey(t, storeID, deliveryDigest(d.Provider, d.ProviderID, d.Sequence, d.Raw))
	if err != nil {
		return nil, nil, err
	}
	var got delivery
	rd := &store.Read{Key: k, Out: &got}
	return rd, func(ctx context.Context) (Lead, bool, error) {
		if !rd.Found {
			return Lead{}, false, nil
		}
		l, _, err := r.readAt(ctx, t, got.ContactID, got.LeadID)
		if err != nil {
			return Lead{}, false, err
		}
		return l, true, nil
	}, nil
}

// CreateDelivered creates l from delivery d, keeping d's document, once per delivery: when the
// same delivery created a lead already (even at the same moment) it returns that lead and
// false. A document larger than MaxDocument is an Invalid error.
func (r *Repo) CreateDelivered(ctx context.Context, t store.Tenant, l Lead, d Delivery, by string) (Lead, bool, error) {
	if len(d.Raw) > MaxDocument {
		return Lead{}, false, apperr.Errorf(apperr.Invalid, "The lead document is larger than %d KB.", MaxDocument>>10)
	}
	if prior, ok, err := r.Delivered(ctx, t, l.AccountPlatformID, d); err != nil || ok {
		return prior, false, err
	}
	l.ProviderID, l.ProviderSequence, l.HasRawDocument = d.ProviderID, d.Sequence, true
	extra, err := r.deliveryOps(t, l.AccountPlatformID, d)
	if err != nil {
		return Lead{}, false, err
	}
	created, err := r.create(ctx, t, l, by, extra)
	if apperr.CodeOf(err) == apperr.Conflict {
		// A delivery of the same document won the race, or a new id collided three times.
		if prior, ok, err2 := r.Delivered(ctx, t, l.AccountPlatformID, d); err2 == nil && ok {
			return prior, false, nil
		}
	}
	if err != nil {
		return Lead{}, false, err
	}
	return created, true, nil
}

// deliveryOps returns the writes that record delivery d to store storeID with the lead it
// creates: the delivery (a create, so a second delivery of d fails) and the document.
func (r *Repo) deliveryOps(t store.Tenant, storeID int64, d Delivery) (func(Lead) ([]store.Op, error), error) {
	dk, err := deliveryKey(t, storeID, deliveryDigest(d.Provider, d.ProviderID, d.Sequence, d.Raw))
	if err != nil {
		return nil, err
	}
	received := r.now().UTC()
	return func(l Lead) ([]store.Op, error) {
		rk, err := rawKey(t, l.ID)
		if err != nil {
			return nil, err
		}
		return []store.Op{
			store.CreateOp(store.Record{Key: dk, Type: "LeadDelivery", Value: delivery{LeadID: l.ID, ContactID: l.ContactID}}),
			store.CreateOp(store.Record{Key: rk, Type: "LeadDocument", Value: rawDocument{Document: d.Raw, ContentType: d.ContentType, ReceivedAt: received}}),
		}, nil
	}, nil
}

// DeliveredOps returns lead l created from delivery d, as CreateDelivered would create it, and
// the writes that create it, for a caller that makes them in the transaction that creates the
// lead's new contact, so that the contact exists only if its lead does. When d was delivered
// before (even at the same moment) the delivery's write fails that transaction (a Conflict
// error); the caller then reads Delivered. The writes include the lead's EventCreated event
// and, for a repository WithActivity, the lead's entry in the new contact's activity: nothing
// is left to do once the transaction succeeded.
func (r *Repo) DeliveredOps(ctx context.Context, t store.Tenant, l Lead, d Delivery, by string) (Lead, []store.Op, error) {
	if len(d.Raw) > MaxDocument {
		return Lead{}, nil, apperr.Errorf(apperr.Invalid, "The lead document is larger than %d KB.", MaxDocument>>10)
	}
	l.ProviderID, l.ProviderSequence, l.HasRawDocument = d.ProviderID, d.Sequence, true
	l.ID = 0
	l, err := r.prepare(t, l, by)
	if err != nil {
		return Lead{}, nil, err
	}
	extra, err := r.deliveryOps(t, l.AccountPlatformID, d)
	if err != nil {
		return Lead{}, nil, err
	}
	ops, err := insertOps(t, l, extra)
	if err != nil {
		return Lead{}, nil, err
	}
	l.Version = 1
	e, err := event(t, EventCreated, l, by, nil)
	if err != nil {
		return Lead{}, nil, err
	}
	logged, err := r.firstActivityOps(ctx, t, e)
	if err != nil {
		return Lead{}, nil, err
	}
	return l, append(ops, logged...), nil
}

// Document returns the raw document lead id arrived in. A lead that did not arrive as a
// document is a NotFound error.
func (r *Repo) Document(ctx context.Context, t store.Tenant, id int64) (string, error) {
	k, err := rawKey(t, id)
	if err != nil {
		return "", err
	}
	var doc rawDocument
	if _, err := r.s.Get(ctx, k, &doc); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return "", apperr.Errorf(apperr.NotFound, "The lead has no raw document.")
		}
		return "", fmt.Errorf("get raw document of lead %d: %w", id, err)
	}
	return doc.Document, nil
}

// intakeKeyRecord is a store's intake key: the SHA-256 of its secret part.
type intakeKeyRecord struct {
	Hash      string
	CreatedAt time.Time
	CreatedBy string
}

func intakeKeyKey(t store.Tenant, storeID int64) (store.Key, error) {
	return t.Key("INTAKEKEY", "LKEY", idPart(storeID))
}

// keyPrefix starts every intake key: cxl_{account}_{store}_{secret}.
const keyPrefix = "cxl"

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// RotateIntakeKey gives store storeID a new intake key, which replaces any earlier one, and
// returns it. Only its hash is kept: the key is shown once.
func (r *Repo) RotateIntakeKey(ctx context.Context, t store.Tenant, storeID int64, by string) (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("intake key: %w", err)
	}
	secret := base64.RawURLEncoding.EncodeToString(b[:])
	k, err := intakeKeyKey(t, storeID)
	if err != nil {
		return "", err
	}
	rec := intakeKeyRecord{Hash: hashSecret(secret), CreatedAt: r.now().UTC(), CreatedBy: by}
	if _, err := r.s.Put(ctx, store.Record{Key: k, Type: "LeadIntakeKey", Value: rec}); err != nil {
		return "", fmt.Errorf("save intake key of store %d: %w", storeID, err)
	}
	return strings.Join([]string{keyPrefix, t.Account(), idPart(storeID), secret}, "_"), nil
}

// MsgBadIntakeKey refuses a delivery without a valid intake key.
const MsgBadIntakeKey = "The lead intake key is missing or not valid."

// ParseIntakeKey returns the tenant and the store intake key key names, without checking the
// key: callers may start reading that store's data at once, but must not act on it before
// VerifyIntakeKey accepts the key. A malformed key is an Unauthorized error.
func ParseIntakeKey(key string) (store.Tenant, int64, error) {
	t, storeID, _, err := parseIntakeKey(key)
	return t, storeID, err
}

func parseIntakeKey(key string) (store.Tenant, int64, string, error) {
	bad := apperr.Errorf(apperr.Unauthorized, MsgBadIntakeKey)
	parts := strings.SplitN(strings.TrimSpace(key), "_", 4)
	if len(parts) != 4 || parts[0] != keyPrefix || parts[3] == "" {
		return store.Tenant{}, 0, "", bad
	}
	t, err := store.NewTenant(parts[1])
	if err != nil {
		return store.Tenant{}, 0, "", bad
	}
	storeID, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || storeID < 1 {
		return store.Tenant{}, 0, "", bad
	}
	return t, storeID, parts[3], nil
}

// VerifyIntakeKey returns the tenant and the store of intake key key. A malformed key, or one
// that is not its store's current key, is an Unauthorized error.
func (r *Repo) VerifyIntakeKey(ctx context.Context, key string) (store.Tenant, int64, error) {
	t, storeID, _, err := parseIntakeKey(key)
	if err != nil {
		return store.Tenant{}, 0, err
	}
	rd, check, err := r.IntakeKeyRead(key)
	if err != nil {
		return store.Tenant{}, 0, err
	}
	if _, err := r.s.Get(ctx, rd.Key, rd.Out); err != nil {
		if apperr.CodeOf(err) != apperr.NotFound {
			return store.Tenant{}, 0, fmt.Errorf("get intake key of store %d: %w", storeID, err)
		}
	} else {
		rd.Found = true
	}
	if err := check(); err != nil {
		return store.Tenant{}, 0, err
	}
	return t, storeID, nil
}

// IntakeKeyRead returns the read of the record of intake key key's store, for a caller that
// batches it with other reads (store.BatchGet), and the check of key against what was read:
// the Unauthorized error of VerifyIntakeKey, or nil when the key is accepted. A malformed key is
// that error at once.
func (r *Repo) IntakeKeyRead(key string) (*store.Read, func() error, error) {
	bad := apperr.Errorf(apperr.Unauthorized, MsgBadIntakeKey)
	t, storeID, secret, err := parseIntakeKey(key)
	if err != nil {
		return nil, nil, err
	}
	k, err := intakeKeyKey(t, storeID)
	if err != nil {
		return nil, nil, bad
	}
	var rec intakeKeyRecord
	rd := &store.Read{Key: k, Out: &rec}
	return rd, func() error {
		if !rd.Found || subtle.ConstantTimeCompare([]byte(rec.Hash), []byte(hashSecret(secret))) != 1 {
			return bad
		}
		return nil
	}, nil
}
