package calltrack

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/runtime/store"
)

// SignatureHeader is the header of a webhook delivery that carries its signature: the
// Base64 HMAC-SHA1 of the raw body under the company's webhook signing key, as CallRail signs
// its webhooks.
const SignatureHeader = "Signature"

// Directions of a call record.
const (
	DirectionInbound  = "inbound"
	DirectionOutbound = "outbound"
)

// Record is a completed call as the provider's post-call webhook reports it.
type Record struct {
	// ProviderCallID is the provider's id of the call ("CAL..." at CallRail): a delivery of
	// the same call again carries the same id.
	ProviderCallID string
	// Direction is DirectionInbound (the customer called the store) or DirectionOutbound.
	Direction string
	// CustomerPhone is the customer's number in E.164 ("" when withheld).
	CustomerPhone string
	// CustomerName is the caller id name the carrier gave, if any.
	CustomerName string
	// TrackingPhone is the store's tracking number the customer dialled or saw, in E.164.
	TrackingPhone string
	// BusinessPhone is the phone that answered (or placed) the call at the store, in E.164.
	BusinessPhone string
	// Source is the marketing source of the tracking number ("Google Ads", "Website").
	Source string
	// Answered says someone at the store picked up; Voicemail that the caller left one.
	Answered  bool
	Voicemail bool
	// DurationSeconds is the call's length.
	DurationSeconds int
	// RecordingURL is the provider's link to the call's recording; "" when not recorded.
	RecordingURL string
	// StartedAt is when the call started.
	StartedAt time.Time
}

// Receiver reads a provider's webhook deliveries of call records.
type Receiver interface {
	// Receive checks the delivery's signature and reads its record. A missing or wrong
	// signature is an *Error with CodeNotAuthorized; a body that is not a call record an
	// *Error that is Invalid (naming the field when it is one field).
	Receive(ctx context.Context, header http.Header, body []byte) (Record, error)
}

// Receivers finds the receiver of a store's webhook deliveries.
type Receivers interface {
	// Receiver returns the receiver of store storeID of tenant t, with the errors of
	// Trackers.Tracker.
	Receiver(ctx context.Context, t store.Tenant, storeID int64) (Receiver, error)
}

// Sign returns the signature of body under key, as SignatureHeader carries it.
func Sign(key, body []byte) string {
	m := hmac.New(sha1.New, key)
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Verify reports whether signature is body's under key.
func Verify(key, body []byte, signature string) bool {
	got, err := base64.StdEncoding.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(key) == 0 {
		return false
	}
	m := hmac.New(sha1.New, key)
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

// PostCall is the body of CallRail's post-call webhook (the call object of its API), the
// fields a call record needs. Both the CallRail adapter and the sandbox send and read it.
type PostCall struct {
	ResourceID            string          `json:"resource_id"`
	CompanyResourceID     string          `json:"company_resource_id,omitempty"`
	Answered              bool            `json:"answered"`
	CallType              string          `json:"call_type,omitempty"`
	CustomerName          string          `json:"customer_name,omitempty"`
	CustomerPhoneNumber   string          `json:"customer_phone_number"`
	CustomerCity          string          `json:"customer_city,omitempty"`
	CustomerState         string          `json:"customer_state,omitempty"`
	Direction             string          `json:"direction"`
	Duration              json.RawMessage `json:"duration"`
	BusinessPhoneNumber   string          `json:"business_phone_number,omitempty"`
	TrackingPhoneNumber   string          `json:"tracking_phone_number"`
	SourceName            string          `json:"source_name,omitempty"`
	Source                string          `json:"source,omitempty"`
	Recording             string          `json:"recording,omitempty"`
	RecordingPlayer       string          `json:"recording_player,omitempty"`
	StartTime             string          `json:"start_time"`
	Voicemail             bool            `json:"voicemail"`
	FirstCall             bool            `json:"first_call,omitempty"`
	FormattedCustomerName string          `json:"formatted_customer_name,omitempty"`
}

// ParsePostCall reads a post-call webhook body into a Record. A body that is not one is an
// Invalid *Error naming the field.
func ParsePostCall(body []byte) (Record, error) {
	invalid := func(field, msg string) error {
		return &Error{Code: CodeRefused, Field: field, Message: msg, Invalid: true}
	}
	var pc PostCall
	if err := json.Unmarshal(body, &pc); err != nil {
		return Record{}, invalid("", "The delivery is not a JSON call record.")
	}
	r := Record{ProviderCallID: strings.TrimSpace(pc.ResourceID), CustomerName: strings.TrimSpace(pc.CustomerName),
		Answered: pc.Answered, Voicemail: pc.Voicemail, Source: strings.TrimSpace(pc.SourceName)}
	if r.Source == "" {
		r.Source = strings.TrimSpace(pc.Source)
	}
	if r.ProviderCallID == "" || len(r.ProviderCallID) > 64 || strings.ContainsAny(r.ProviderCallID, "#/ ") {
		return Record{}, invalid("resource_id", "The call record has no valid id.")
	}
	switch d := strings.ToLower(strings.TrimSpace(pc.Direction)); d {
	case DirectionInbound, DirectionOutbound:
		r.Direction = d
	default:
		return Record{}, invalid("direction", "The call's direction must be inbound or outbound.")
	}
	if p := strings.TrimSpace(pc.CustomerPhoneNumber); p != "" {
		n, ok := E164(p, "")
		if !ok {
			return Record{}, invalid("customer_phone_number", "The customer's number is not a phone number.")
		}
		r.CustomerPhone = n
	}
	for _, f := range []struct {
		raw   string
		out   *string
		field string
	}{{pc.TrackingPhoneNumber, &r.TrackingPhone, "tracking_phone_number"}, {pc.BusinessPhoneNumber, &r.BusinessPhone, "business_phone_number"}} {
		if strings.TrimSpace(f.raw) == "" {
			continue
		}
		n, ok := E164(f.raw, "")
		if !ok {
			return Record{}, invalid(f.field, "The number is not a phone number.")
		}
		*f.out = n
	}
	d, err := duration(pc.Duration)
	if err != nil {
		return Record{}, invalid("duration", "The call's duration must be a number of seconds.")
	}
	r.DurationSeconds = d
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(pc.StartTime))
	if err != nil {
		return Record{}, invalid("start_time", "The call's start time must be an RFC 3339 time.")
	}
	r.StartedAt = at.UTC()
	r.RecordingURL = strings.TrimSpace(pc.Recording)
	if r.RecordingURL == "" {
		r.RecordingURL = strings.TrimSpace(pc.RecordingPlayer)
	}
	if r.RecordingURL != "" && !strings.HasPrefix(r.RecordingURL, "https://") {
		return Record{}, invalid("recording", "The recording's link must be an https address.")
	}
	if len(r.RecordingURL) > 1000 || len(r.CustomerName) > 200 || len(r.Source) > 200 {
		return Record{}, invalid("", "The call record has a field that is too long.")
	}
	return r, nil
}

// duration reads a duration in seconds, sent as a number or a string of one.
func duration(raw json.RawMessage) (int, error) {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	if s == "" || s == "null" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 24*3600 {
		return 0, fmt.Errorf("bad duration %q", s)
	}
	return n, nil
}

// Encode returns r as a post-call webhook body.
func Encode(r Record) ([]byte, error) {
	callType := "first_call"
	if !r.Answered {
		callType = "missed"
	}
	if r.Voicemail {
		callType = "voicemail"
	}
	return json.Marshal(PostCall{ResourceID: r.ProviderCallID, Answered: r.Answered, CallType: callType, CustomerName: r.CustomerName,
		CustomerPhoneNumber: r.CustomerPhone, Direction: r.Direction, Duration: json.RawMessage(strconv.Itoa(r.DurationSeconds)),
		BusinessPhoneNumber: r.BusinessPhone, TrackingPhoneNumber: r.TrackingPhone, SourceName: r.Source, Recording: r.RecordingURL,
		StartTime: r.StartedAt.UTC().Format(time.RFC3339), Voicemail: r.Voicemail})
}

// KeyedReceiver reads post-call webhook deliveries signed with Key (SignatureHeader).
type KeyedReceiver struct{ Key []byte }

var _ Receiver = KeyedReceiver{}

// Receive checks the signature and reads the record.
func (k KeyedReceiver) Receive(_ context.Context, header http.Header, body []byte) (Record, error) {
	if !Verify(k.Key, body, header.Get(SignatureHeader)) {
		return Record{}, &Error{Code: CodeNotAuthorized, Message: "The delivery's signature is missing or wrong."}
	}
	return ParsePostCall(body)
}
