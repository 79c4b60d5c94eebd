// Package merge is the contact-merge API area: the signed-in user's merge session (created by
// adding its first contact, at most two contacts, one store), its simulation and its execution.
package merge

import (
	"context"
	"net/http"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/contact"
	"github.com/cxm/cxm/shared/domain/lead"
	"github.com/cxm/cxm/shared/domain/merge"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Options are the adapters the area uses; zero fields take the defaults.
type Options struct {
	// Contacts reads and writes the contacts merged; the default works on contact items.
	Contacts merge.Contacts
}

// New returns the area's HTTP handler with the default adapters: the one the Lambda function
// and the local gateway serve.
func New(s wiring.Services) http.Handler { return NewWith(s, Options{}) }

// NewWith returns the area's HTTP handler with the adapters of o.
func NewWith(s wiring.Services, o Options) http.Handler {
	api := s.NewAPI()
	RegisterWith(api, s, o)
	return api
}

// Register adds the area's operations to api with the default adapters.
func Register(api *httpapi.API, s wiring.Services) { RegisterWith(api, s, Options{}) }

// RegisterWith adds the area's operations to api with the adapters of o.
func RegisterWith(api *httpapi.API, s wiring.Services, o Options) {
	if o.Contacts == nil {
		o.Contacts = DefaultContacts(s)
	}
	a := &area{d: s, svc: merge.NewService(s.Store, o.Contacts, s.Events, s.Log), details: details{
		users:    s.Users,
		contacts: contact.NewRepo(s.Store, s.Encrypter, s.Events, s.Log),
		leads:    lead.NewRepo(s.Store, nil, s.Log),
		activity: activity.NewRepo(s.Store, nil, s.Log),
	}}
	a.register(api)
}

// area holds what the area's handlers use.
type area struct {
	d       wiring.Services
	svc     *merge.Service
	details details
}

// MergeAddInput is the request of POST /api/contact/merge/create_session and
// /add_contact_to_session.
type MergeAddInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId" minimum:"1" doc:"The store the contact is at."`
		ContactID         int64 `json:"contactId" minimum:"1"`
	}
}

// MergeRemoveInput is the request of POST /api/contact/merge/remove_contact_from_session.
type MergeRemoveInput struct {
	Body struct {
		AccountPlatformID int64 `json:"accountPlatformId,omitempty" minimum:"0" doc:"The session's store; informational."`
		ContactID         int64 `json:"contactId" minimum:"1"`
	}
}

// MergeDeleteInput is the request of POST /api/contact/merge/delete_session.
type MergeDeleteInput struct {
	Body *struct {
		AccountPlatformID int64 `json:"accountPlatformId,omitempty" minimum:"0" doc:"The store the web app shows; the user's one session is deleted whichever store it is at."`
	}
}

// MergeSurvivorInput is the request of POST /api/contact/merge/simulate and /execute.
type MergeSurvivorInput struct {
	Body *struct {
		SurvivorContactID int64 `json:"survivorContactId,omitempty" minimum:"0" doc:"The contact that survives; none (0) keeps the contact added first."`
	}
}

// Session is the response of the calls that return the session.
type Session = httpapi.Body[httpapi.Result[MergeSession]]

// Merge is the response of simulate and execute.
type Merge = httpapi.Body[httpapi.Result[MergeResult]]

// mergeOp is a call on the signed-in user's merge session.
var mergeOp = httpapi.Ops(http.MethodPost, []string{"merge"}, 400, 401, 403, 404, 409)

func (a *area) register(api *httpapi.API) {
	tags := []string{"merge"}
	httpapi.Register(api, huma.Operation{
		OperationID: "getCurrentMergeSession",
		Method:      http.MethodPost,
		Path:        "/api/contact/merge/get_current_session",
		Summary:     "The signed-in user's merge session",
		Description: "404 when the user has none: the web app then creates one by adding the first contact. Each contact comes with what tells it apart from the other (store, phones, e-mail addresses, address, when and by whom it was created, last activity, open leads), for choosing the one that survives.",
		Tags:        tags,
		Errors:      []int{401, 403, 404},
	}, func(ctx context.Context, _ *struct{}) (*Session, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		s, err := a.svc.Current(ctx, sess.Principal)
		return a.sessionReply(ctx, sess, s, err)
	})

	add := func(id, path, summary string) {
		httpapi.Register(api, mergeOp(id, path, summary,
			"Creates the session when the user has none. 409 when the contact is of another store than the session's ('Your user account already has a merge session in progress for another store.'), is in the session already ('Merge session already contains the same customer. Please try adding a new customer.') or would be a third ('You have already selected two customers for merge')."), func(ctx context.Context, in *MergeAddInput) (*Session, error) {
			sess, _, err := a.d.Users.StoreSession(ctx, in.Body.AccountPlatformID)
			if err != nil {
				return nil, err
			}
			s, err := a.svc.Add(ctx, sess.Principal, in.Body.AccountPlatformID, in.Body.ContactID)
			return a.sessionReply(ctx, sess, s, err)
		})
	}
	add("createMergeSession", "/api/contact/merge/create_session", "Start a merge session with its first contact")
	add("addContactToMergeSession", "/api/contact/merge/add_contact_to_session", "Add a contact to the merge session")

	httpapi.Register(api, mergeOp("removeContactFromMergeSession", "/api/contact/merge/remove_contact_from_session", "Remove a contact from the merge session",
		"A session left without contacts is deleted. 404 when there is no session or the contact is not in it."), func(ctx context.Context, in *MergeRemoveInput) (*Session, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		s, err := a.svc.Remove(ctx, sess.Principal, in.Body.ContactID)
		return a.sessionReply(ctx, sess, s, err)
	})

	httpapi.Register(api, mergeOp("deleteMergeSession", "/api/contact/merge/delete_session", "Delete the merge session",
		"404 when there is no session, which the web app counts as deleted."), func(ctx context.Context, _ *MergeDeleteInput) (*httpapi.Body[httpapi.Result[MergeDeleted]], error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		if err := a.svc.Delete(ctx, sess.Principal); err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(MergeDeleted{Deleted: true, Message: merge.MessageDeleted})), nil
	})

	httpapi.Register(api, mergeOp("simulateMerge", "/api/contact/merge/simulate", "The merged contact the session's merge would make",
		"Writes nothing. 409 unless the session holds two contacts."), func(ctx context.Context, in *MergeSurvivorInput) (*Merge, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		return mergeReply(a.svc.Simulate(ctx, sess.Principal, survivor(in)))
	})

	httpapi.Register(api, mergeOp("executeMerge", "/api/contact/merge/execute", "Merge the session's contacts and end the session",
		"The survivor gets the other contact's phones, emails and addresses (deduplicated), its vehicles, leads, notes, tasks and activity; the other contact is retired (its GET is then 404 with the message 'The customer was merged into customer {survivor id}.', and searches find the survivor); the change log records the merge; the session ends — in one transaction. 409 unless the session holds two contacts, or when a contact or the session changed meanwhile; nothing changes then. A repeated execute finds no session (404) and changes nothing."), func(ctx context.Context, in *MergeSurvivorInput) (*Merge, error) {
		sess, err := a.d.Users.Session(ctx)
		if err != nil {
			return nil, err
		}
		m, err := a.svc.Execute(ctx, sess.Principal, survivor(in))
		if err == nil {
			a.carryImages(ctx, sess.Principal.Tenant, m.Merged.ContactID, m.Survivor.ContactID)
		}
		return mergeReply(m, err)
	})
}

// sessionReply answers with the merge session s the call left, or with the call's err.
func (a *area) sessionReply(ctx context.Context, sess user.Session, s merge.Session, err error) (*Session, error) {
	var v MergeSession
	if err == nil {
		v, err = a.sessionView(ctx, sess, s)
	}
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(v)), nil
}

// mergeReply answers with the merge m the call made (or would make), or with the call's err.
func mergeReply(m merge.Merge, err error) (*Merge, error) {
	if err != nil {
		return nil, err
	}
	return httpapi.Reply(httpapi.OK(resultView(m))), nil
}

// carryImages gives the survivor the retired customer's scanned licence images it has none
// of; the survivor's own images are kept. The merge is already written, so a failure is
// logged, and the retired customer's images stay where they are.
func (a *area) carryImages(ctx context.Context, t store.Tenant, from, to int64) {
	if a.d.Blobs == nil {
		return
	}
	for _, kind := range contact.ImageKinds() {
		if err := a.carryImage(ctx, t, from, to, kind); err != nil {
			a.d.Log.ErrorContext(ctx, "carry merged customer's image", "from", from, "to", to, "kind", kind, "err", err)
		}
	}
}

func (a *area) carryImage(ctx context.Context, t store.Tenant, from, to int64, kind string) error {
	src, err := contact.ImageKey(t, from, kind)
	if err != nil {
		return err
	}
	dst, err := contact.ImageKey(t, to, kind)
	if err != nil {
		return err
	}
	if _, err := a.d.Blobs.Get(ctx, dst); apperr.CodeOf(err) != apperr.NotFound {
		return err // the survivor has its own (nil), or the read failed
	}
	obj, err := a.d.Blobs.Get(ctx, src)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	return a.d.Blobs.Put(ctx, dst, obj)
}

func survivor(in *MergeSurvivorInput) int64 {
	if in.Body == nil {
		return 0
	}
	return in.Body.SurvivorContactID
}
