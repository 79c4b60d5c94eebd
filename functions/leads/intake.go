package leads

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/dealer"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/value/adf"
	"github.com/danielgtaylor/huma/v2"
)

// IntakePath is the public path lead providers deliver ADF documents to.
const IntakePath = "/api/CrmLead/intake/adf"

// IntakeUser is the user id leads and contacts made by the intake are recorded as made by.
const IntakeUser = "adf-intake"

// defaultSource names the source of a document that names none.
const defaultSource = "ADF/XML"

// IntakeInput is the request of POST /api/CrmLead/intake/adf.
type IntakeInput struct {
	Key           string `header:"X-Lead-Key" doc:"The store's intake key. It may also be sent as Authorization: Bearer {key}."`
	Authorization string `header:"Authorization"`
	ContentType   string `header:"Content-Type"`
	RawBody       []byte `contentType:"application/xml"`
}

// IntakeLead is what one prospect of a delivered document became.
type IntakeLead struct {
	CrmLeadID int64 `json:"crmLeadId"`
	ContactID int64 `json:"contactId"`
	// Created is false when the same delivery (provider id and sequence) made the lead before.
	Created bool `json:"created"`
	// ContactMatch says how the customer was found: by e-mail address, by name and phone, by a
	// close first name with the same last name and phone, or created new; "delivered" for a
	// repeated delivery.
	ContactMatch string `json:"contactMatch" enum:"email,namePhone,similarNamePhone,new,delivered"`
}

// IntakeResult is the answer to a delivery.
type IntakeResult struct {
	AccountPlatformID int64        `json:"accountPlatformId"`
	Leads             []IntakeLead `json:"leads"`
}

// IntakeKeyInput is the request of POST /api/CrmLead/intake/key.
type IntakeKeyInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1" doc:"The store whose intake key is replaced."`
	}
}

// IntakeKey is a store's new intake key, shown once.
type IntakeKey struct {
	AccountPlatformID int64  `json:"accountPlatformId"`
	Key               string `json:"key" doc:"Send it as the X-Lead-Key header. Only its hash is kept: it cannot be shown again."`
	Path              string `json:"path" doc:"Where lead providers POST documents."`
}

// RawLeadPath is the path of GET /api/CrmRawLead/{id}/raw_adf_xml.
type RawLeadPath struct {
	ID int64 `path:"id" minimum:"1" doc:"The lead's id (crmLeadId)."`
}

// RawLead is the document a lead arrived in.
type RawLead struct {
	CrmLeadID int64  `json:"crmLeadId"`
	RawAdfXML string `json:"rawAdfXml" doc:"The document exactly as the provider delivered it (an e-mail message stays a message)."`
}

func (a *area) registerIntake(api *httpapi.API) {
	d := a.d
	httpapi.Register(api, huma.Operation{
		OperationID: "deliverAdfLead",
		Method:      http.MethodPost,
		Path:        IntakePath,
		Summary:     "Deliver a lead document (ADF/XML) to a store",
		Description: "Public: the store's intake key (X-Lead-Key, or Authorization: Bearer) is the credential; a missing or wrong key is 401. " +
			"The body is an ADF 1.0 document or an e-mail message (RFC 822, MIME parts allowed) whose body is one; anything else is 400 saying why. " +
			"Each prospect becomes a lead of the key's store: the customer is found by e-mail address, else by name and phone, else by a close first name with the same last name and phone, or created; " +
			"the lead gets the document's source (its provider), type Internet, its vehicles of interest and trade-ins, and is open to claims unless the store auto-assigns; " +
			"a store that auto-assigns by round robin gives it to its next available sales person, who is notified, and its reassign rule moves it on if nobody answers the customer in time. " +
			"The document is kept (GET /api/CrmRawLead/{id}/raw_adf_xml). Delivering the same document again (same provider id and sequence) creates nothing and answers the lead made the first time. Publishes LeadCreated.",
		Tags:         []string{"leads"},
		Security:     []map[string][]string{{}},
		MaxBodyBytes: adf.MaxSize,
		Errors:       []int{400, 401, 404, 413},
	}, func(ctx context.Context, in *IntakeInput) (*httpapi.Body[httpapi.Result[IntakeResult]], error) {
		key := in.Key
		if key == "" {
			key, _ = strings.CutPrefix(in.Authorization, "Bearer ")
		}
		res, err := a.deliver(ctx, key, in.RawBody, in.ContentType)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(res)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "replaceLeadIntakeKey",
		Method:      http.MethodPost,
		Path:        "/api/CrmLead/intake/key",
		Summary:     "Give a store a new lead intake key",
		Description: "The spec gives no call for this; lead providers need a key per store. The new key replaces the store's earlier one at once and is shown only in this answer.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *IntakeKeyInput) (*httpapi.Body[httpapi.Result[IntakeKey]], error) {
		sess, _, err := d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		key, err := a.leads.RotateIntakeKey(ctx, sess.Principal.Tenant, in.Body.AccountPlatformID, sess.Principal.UserID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(IntakeKey{AccountPlatformID: in.Body.AccountPlatformID, Key: key, Path: IntakePath})), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "getRawLeadDocument",
		Method:      http.MethodGet,
		Path:        "/api/CrmRawLead/{id}/raw_adf_xml",
		Summary:     "The document a lead arrived in",
		Description: "A lead that did not arrive as a document, or of a store the caller may not view, is 404.",
		Tags:        []string{"leads"},
		Errors:      []int{400, 401, 403, 404},
	}, func(ctx context.Context, in *RawLeadPath) (*httpapi.Body[httpapi.Result[RawLead]], error) {
		sess, err := d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		l, err := a.load(ctx, sess, in.ID)
		if err != nil {
			return nil, err
		}
		doc, err := a.leads.Document(ctx, sess.Principal.Tenant, l.ID)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(RawLead{CrmLeadID: l.ID, RawAdfXML: doc})), nil
	})
}

// parseDocument reads raw as an ADF document.
func parseDocument(raw []byte) (adf.Document, error) {
	if len(raw) > lead.MaxDocument {
		return adf.Document{}, apperr.Errorf(apperr.Invalid, "The lead document is larger than %d KB.", lead.MaxDocument>>10)
	}
	doc, err := adf.Parse(raw)
	if errors.Is(err, adf.ErrNotADF) {
		return adf.Document{}, apperr.Wrap(apperr.Invalid, err, "The document is not an ADF lead: "+strings.TrimPrefix(err.Error(), adf.ErrNotADF.Error()+": ")+".")
	}
	return doc, err
}

// intakeReads are what a delivery reads before it writes anything: the check of its key, the
// store with its settings, and the first prospect's earlier delivery and matching customer.
// They are read at once: the key, the settings and the delivery in one batch, beside the
// customer searches and the store (mostly from the cache). Nothing is written, and nothing read
// is answered, before the key is accepted. Later prospects of a document are read after the
// earlier ones are written, as they may name the same customer.
type intakeReads struct {
	st       account.Store
	stErr    error
	settings dealer.StoreSettings
	first    prospectReads
}

// prospectReads are a prospect's reads: an earlier delivery of it and the customer it is.
type prospectReads struct {
	prior     lead.Lead
	delivered bool
	contactID int64
	how       string
	err       error
}

// readProspect reads whether delivery d was made before and which customer of store storeID
// prospect p is.
func (a *area) readProspect(ctx context.Context, t store.Tenant, storeID int64, p adf.Prospect, d lead.Delivery) prospectReads {
	var r prospectReads
	var matchErr error
	var wg sync.WaitGroup
	wg.Go(func() { r.prior, r.delivered, r.err = a.leads.Delivered(ctx, t, storeID, d) })
	wg.Go(func() { r.contactID, r.how, matchErr = a.matchProspect(ctx, t, storeID, p) })
	wg.Wait()
	if r.err == nil && !r.delivered {
		r.err = matchErr
	}
	return r
}

// matchProspect finds the existing customer of store storeID that prospect p is (see match).
func (a *area) matchProspect(ctx context.Context, t store.Tenant, storeID int64, p adf.Prospect) (int64, string, error) {
	return a.match(ctx, t, storeID, contactFrom(p, account.Store{AccountPlatformID: storeID}))
}

// readIntake makes the reads of a delivery of doc (docErr when it is not one) with key key to
// store storeID of tenant t.
func (a *area) readIntake(ctx context.Context, key string, t store.Tenant, storeID int64, doc adf.Document, docErr error, raw []byte, contentType string) (intakeReads, error) {
	var r intakeReads
	keyRead, checkKey, err := a.leads.IntakeKeyRead(key)
	if err != nil {
		return r, err
	}
	batch := []*store.Read{keyRead}
	var (
		settings  func() dealer.StoreSettings
		delivered func(context.Context) (lead.Lead, bool, error)
		batchErr  error
		matchErr  error
		wg        sync.WaitGroup
	)
	if docErr == nil {
		setRead, got, err := a.dealers.SettingsRead(t, storeID)
		if err != nil {
			return r, err
		}
		batch, settings = append(batch, setRead), got
		if len(doc.Prospects) > 0 {
			delRead, found, err := a.leads.DeliveryRead(t, storeID, delivery(doc, 0, raw, contentType))
			if err != nil {
				return r, err
			}
			batch, delivered = append(batch, delRead), found
			wg.Go(func() { r.first.contactID, r.first.how, matchErr = a.matchProspect(ctx, t, storeID, doc.Prospects[0]) })
		}
		wg.Go(func() { r.st, r.stErr = a.intakeStore(ctx, t, storeID) })
	}
	batchErr = a.d.Store.BatchGet(ctx, batch...)
	wg.Wait()
	if batchErr != nil {
		return r, batchErr
	}
	if err := checkKey(); err != nil {
		return r, err
	}
	if docErr != nil {
		return r, docErr
	}
	if r.stErr != nil {
		return r, r.stErr
	}
	r.settings = settings()
	if delivered != nil {
		f := &r.first
		f.prior, f.delivered, f.err = delivered(ctx)
		if f.err == nil && !f.delivered {
			f.err = matchErr
		}
	}
	return r, nil
}

// delivery is prospect i of doc as a delivery of raw.
func delivery(doc adf.Document, i int, raw []byte, contentType string) lead.Delivery {
	p := doc.Prospects[i]
	d := lead.Delivery{Provider: p.SourceName(), ProviderID: p.ID, Sequence: p.Sequence, Raw: string(raw), ContentType: contentType}
	if p.ID == "" && len(doc.Prospects) > 1 {
		d.Sequence = fmt.Sprintf("%s#%d", p.Sequence, i)
	}
	return d
}

// deliver turns every prospect of document raw into a lead of the store of intake key key.
// A key that is not accepted is refused before anything else, even a document that is not
// ADF.
func (a *area) deliver(ctx context.Context, key string, raw []byte, contentType string) (IntakeResult, error) {
	t, storeID, err := lead.ParseIntakeKey(key)
	if err != nil {
		return IntakeResult{}, err
	}
	doc, docErr := parseDocument(raw)
	r, err := a.readIntake(ctx, key, t, storeID, doc, docErr, raw, contentType)
	if err != nil {
		return IntakeResult{}, err
	}
	res := IntakeResult{AccountPlatformID: storeID, Leads: []IntakeLead{}}
	for i, p := range doc.Prospects {
		d := delivery(doc, i, raw, contentType)
		pr := r.first
		if i > 0 {
			pr = a.readProspect(ctx, t, storeID, p, d)
		}
		got, err := a.deliverProspect(ctx, t, r.st, p, d, pr, !r.settings.LeadSettings.AutoAssign)
		if err != nil {
			return IntakeResult{}, err
		}
		res.Leads = append(res.Leads, got)
	}
	return res, nil
}

// store returns the active store storeID of tenant t.
func (a *area) store(ctx context.Context, t store.Tenant, storeID int64) (account.Store, error) {
	stores, err := a.d.Accounts.Stores(ctx, t)
	if err != nil {
		return account.Store{}, err
	}
	for _, st := range stores {
		if st.AccountPlatformID == storeID && st.Active {
			return st, nil
		}
	}
	return account.Store{}, apperr.Errorf(apperr.NotFound, "The store %d does not take leads.", storeID)
}

// deliverProspect makes prospect p, read as pr, a lead of store st.
func (a *area) deliverProspect(ctx context.Context, t store.Tenant, st account.Store, p adf.Prospect, d lead.Delivery, pr prospectReads, claimable bool) (IntakeLead, error) {
	if pr.err != nil || pr.delivered {
		return IntakeLead{CrmLeadID: pr.prior.ID, ContactID: pr.prior.ContactID, ContactMatch: "delivered"}, pr.err
	}
	c := contactFrom(p, st)
	contactID, how := pr.contactID, pr.how
	sourceName := p.SourceName()
	if sourceName == "" {
		sourceName = defaultSource
	}
	src, err := a.intakeSource(ctx, t, st.AccountPlatformID, truncate(sourceName, lead.MaxSourceName))
	if err != nil {
		return IntakeLead{}, err
	}
	l := leadFrom(p)
	l.AccountPlatformID, l.LeadSourceID, l.LeadSourceName, l.Claimable = st.AccountPlatformID, src.LeadSourceID, src.Name, claimable
	if contactID == 0 {
		// A new customer is created with its lead, in one transaction: a second delivery of
		// the same document at the same moment fails whole, leaving no customer without a lead.
		var saved lead.Lead
		err := a.createContact(ctx, t, c, func(c contact.Contact) ([]store.Op, error) {
			l.ContactID = c.ID
			prepared, ops, err := a.leads.DeliveredOps(ctx, t, l, d, IntakeUser)
			saved = prepared
			return ops, err
		})
		if apperr.CodeOf(err) == apperr.Conflict {
			if prior, ok, err := a.leads.Delivered(ctx, t, st.AccountPlatformID, d); err == nil && ok {
				return IntakeLead{CrmLeadID: prior.ID, ContactID: prior.ContactID, ContactMatch: "delivered"}, nil
			}
		}
		if err != nil {
			return IntakeLead{}, err
		}
		return IntakeLead{CrmLeadID: saved.ID, ContactID: saved.ContactID, Created: true, ContactMatch: "new"}, nil
	}
	l.ContactID = contactID
	saved, created, err := a.leads.CreateDelivered(ctx, t, l, d, IntakeUser)
	if err != nil {
		return IntakeLead{}, err
	}
	if !created {
		how = "delivered"
	}
	return IntakeLead{CrmLeadID: saved.ID, ContactID: saved.ContactID, Created: created, ContactMatch: how}, nil
}
