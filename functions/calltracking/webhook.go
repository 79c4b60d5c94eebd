package calltracking

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/cxm/cxm/shared/domain/calllog"
	"github.com/cxm/cxm/shared/provider/calltrack"
	"github.com/cxm/cxm/shared/provider/calltrack/sandbox"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/httpapi"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/wiring"
	"github.com/danielgtaylor/huma/v2"
)

// Messages of the webhook and the sandbox's calls.
const (
	MsgBadSignature = "The delivery's signature is missing or wrong."
	MsgNotSandbox   = "The call-tracking sandbox sends calls only to stores it serves (local runs and demo stores)."
)

// WebhookInput is the request of the post-call webhook.
type WebhookInput struct {
	AccountID         int64  `query:"accountId" required:"true" minimum:"1" doc:"The store's dealer group."`
	AccountPlatformID int64  `query:"accountPlatformId" required:"true" minimum:"1" doc:"The store the calls are tracked for."`
	Signature         string `header:"Signature" doc:"Base64 HMAC-SHA1 of the body under the store's webhook signing key."`
	RawBody           []byte `contentType:"application/json"`
}

// SandboxCallInput is the request of POST /api/calltracking/sandbox/send_call.
type SandboxCallInput struct {
	Body struct {
		AccountPlatformID int64  `json:"accountPlatformId" minimum:"1"`
		CustomerPhone     string `json:"customerPhone,omitempty" required:"false" maxLength:"32" doc:"The caller's number (10 digits or + and the country code); none picks one of the sandbox's callers."`
		CustomerName      string `json:"customerName,omitempty" required:"false" maxLength:"100" doc:"The caller id name."`
		Direction         string `json:"direction,omitempty" required:"false" enum:"inbound,outbound," doc:"inbound when absent."`
		Missed            bool   `json:"missed,omitempty" required:"false" doc:"Nobody at the store answered."`
	}
}

// SandboxKey returns the signing key of the sandbox's webhook deliveries to store storeID of
// t: derived from the table's secret key, so nobody without it can sign a delivery.
func SandboxKey(s *store.Store, t store.Tenant, storeID int64) []byte {
	m := hmac.New(sha256.New, s.DeriveKey("calltrack-sandbox-webhook"))
	m.Write([]byte(t.Account() + "/" + strconv.FormatInt(storeID, 10)))
	return m.Sum(nil)
}

// Receive verifies and records one post-call webhook delivery for store storeID of t, as the
// webhook does: the call is matched to the store's customer with the caller's number (when
// exactly one has it) and logged by the user whose provider phone took it. A delivery of a call
// the log holds already answers that call and changes nothing.
func Receive(ctx context.Context, d wiring.Services, t store.Tenant, storeID int64, header http.Header, body []byte) (calllog.Call, error) {
	x := &area{d: d, contacts: newContacts(d), callLog: calllog.NewRepo(d.Store, d.Log)}
	return x.receive(ctx, t, storeID, header, body)
}

func (x *area) receive(ctx context.Context, t store.Tenant, storeID int64, header http.Header, body []byte) (calllog.Call, error) {
	if _, err := x.d.Accounts.Store(ctx, t, storeID); err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return calllog.Call{}, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", storeID)
		}
		return calllog.Call{}, err
	}
	rcv, _, err := x.d.Providers.CallReceiver(ctx, t, storeID, SandboxKey(x.d.Store, t, storeID))
	if err != nil {
		return calllog.Call{}, err
	}
	rec, err := rcv.Receive(ctx, header, body)
	var ce *calltrack.Error
	switch {
	case errors.As(err, &ce) && ce.Code == calltrack.CodeNotAuthorized:
		return calllog.Call{}, apperr.Wrap(apperr.Unauthorized, err, MsgBadSignature)
	case errors.As(err, &ce) && ce.Invalid:
		if ce.Field != "" {
			return calllog.Call{}, apperr.InvalidFields("The call record is not valid.", map[string]string{ce.Field: ce.Message})
		}
		return calllog.Call{}, apperr.Wrap(apperr.Invalid, err, ce.Message)
	case errors.As(err, &ce) && ce.Retryable:
		return calllog.Call{}, apperr.Wrap(apperr.Conflict, err, "The call-tracking service is unavailable. Deliver the call again later.")
	case err != nil:
		return calllog.Call{}, fmt.Errorf("receive call of store %d: %w", storeID, err)
	}
	c := calllog.FromRecord(storeID, rec)
	if prev, err := x.callLog.Get(ctx, t, storeID, c.ID); err == nil {
		return prev, nil
	} else if apperr.CodeOf(err) != apperr.NotFound {
		return calllog.Call{}, err
	}
	m, err := x.matchByPhone(ctx, t, storeID, c.CustomerPhone)
	if err != nil {
		return calllog.Call{}, err
	}
	by, ok, err := x.callLog.PhoneOwner(ctx, t, storeID, c.BusinessPhone)
	if err != nil {
		return calllog.Call{}, err
	}
	if ok {
		c.LoggedByUserID, c.LoggedByName = by.UserID, by.UserName
	}
	call, _, err := x.callLog.Receive(ctx, t, c, m, by)
	return call, err
}

// SendSandboxCall makes the sandbox deliver call in to store storeID of t through the
// post-call webhook's own path (signed, verified, matched, logged), and returns the call. A
// store the sandbox does not serve is a Conflict error (MsgNotSandbox).
func SendSandboxCall(ctx context.Context, d wiring.Services, t store.Tenant, in sandbox.Inbound) (calllog.Call, error) {
	_, isSandbox, err := d.Providers.CallReceiver(ctx, t, in.AccountPlatformID, nil)
	if err != nil {
		return calllog.Call{}, err
	}
	if !isSandbox {
		return calllog.Call{}, apperr.Errorf(apperr.Conflict, MsgNotSandbox)
	}
	rec := d.Providers.CallSandbox().Call(in)
	header, body, err := sandbox.Delivery(SandboxKey(d.Store, t, in.AccountPlatformID), rec)
	if err != nil {
		return calllog.Call{}, err
	}
	return Receive(ctx, d, t, in.AccountPlatformID, header, body)
}

func (x *area) registerWebhook(api *httpapi.API) {
	d := x.d
	httpapi.Register(api, huma.Operation{
		OperationID: "receivePostCallWebhook",
		Method:      http.MethodPost,
		Path:        WebhookPath,
		Summary:     "Deliver a call record (the provider's post-call webhook)",
		Description: "Public: the store's webhook signing key is the credential. The body is CallRail's post-call webhook (the call as JSON: resource_id, direction, customer and tracking numbers, answered, voicemail, duration, recording, start_time, source_name), signed in the Signature header (Base64 HMAC-SHA1 of the body); a missing or wrong signature is 401, a body that is not a call record 400 naming the field. " +
			"The call is added to the store's Call Log, matched to the store's customer whose phone is the caller's (when exactly one is) and then recorded in the customer's activity (kind call, its direction) in the same transaction; the user whose provider phone took it is its logged-by user. " +
			"Delivering the same call again (the provider retries) answers the call recorded the first time and changes nothing.",
		Tags:         []string{"calltracking"},
		Security:     []map[string][]string{{}},
		MaxBodyBytes: 64 << 10,
		// The signature is of the raw body; the record is checked as the provider's.
		SkipValidateBody: true,
		Errors:           []int{400, 401, 404, 409},
	}, func(ctx context.Context, in *WebhookInput) (*httpapi.Body[httpapi.Result[calllog.Call]], error) {
		t, err := store.NewTenant(strconv.FormatInt(in.AccountID, 10))
		if err != nil {
			return nil, apperr.Errorf(apperr.NotFound, "The store %d does not exist.", in.AccountPlatformID)
		}
		h := http.Header{}
		h.Set(calltrack.SignatureHeader, in.Signature)
		c, err := x.receive(ctx, t, in.AccountPlatformID, h, in.RawBody)
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(c)), nil
	})

	httpapi.Register(api, huma.Operation{
		OperationID: "sendSandboxCall",
		Method:      http.MethodPost,
		Path:        "/api/calltracking/sandbox/send_call",
		Summary:     "Have the call-tracking sandbox deliver a call",
		Description: "For stores the sandbox serves (local runs and demo stores; 409 otherwise): the sandbox makes up a realistic call to the store's tracking number (a caller, a source, a length, a recording link) and delivers it through the post-call webhook's own path, signed with the store's sandbox key. Answers the call as the Call Log holds it.",
		Tags:        []string{"calltracking"},
		Errors:      []int{400, 401, 403, 404, 409},
	}, func(ctx context.Context, in *SandboxCallInput) (*httpapi.Body[httpapi.Result[calllog.Call]], error) {
		b := in.Body
		sess, _, err := d.Users.StoreSession(ctx, b.AccountPlatformID)
		if err != nil {
			return nil, err
		}
		phone := ""
		if b.CustomerPhone != "" {
			p, ok := calltrack.E164(b.CustomerPhone, "")
			if !ok {
				return nil, apperr.InvalidFields("The call is not valid.", map[string]string{"customerPhone": "Enter a phone number: 10 digits, or + and the country code."})
			}
			phone = p
		}
		var seed [8]byte
		_, _ = rand.Read(seed[:])
		c, err := SendSandboxCall(ctx, d, sess.Principal.Tenant, sandbox.Inbound{AccountPlatformID: b.AccountPlatformID, CustomerPhone: phone,
			CustomerName: b.CustomerName, Direction: b.Direction, Missed: b.Missed, Seed: hex.EncodeToString(seed[:])})
		if err != nil {
			return nil, err
		}
		return httpapi.Reply(httpapi.OK(c)), nil
	})
}
