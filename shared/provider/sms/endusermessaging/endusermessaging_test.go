package endusermessaging_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/pinpointsmsvoicev2"

	"github.com/cxm/cxm/shared/provider/secret"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/provider/sms/endusermessaging"
)

// fakeSecrets answers a secret's JSON from a map of names to values.
type fakeSecrets struct {
	values map[string]string
	err    error
}

var _ secret.Reader = (*fakeSecrets)(nil)

func (f *fakeSecrets) JSON(ctx context.Context, name string, out any) error {
	if f.err != nil {
		return f.err
	}
	v, ok := f.values[name]
	if !ok {
		return errors.New("no secret " + name)
	}
	return json.Unmarshal([]byte(v), out)
}

// call is one request the fake End User Messaging API received.
type call struct {
	target string
	body   map[string]any
}

// answer is the fake API's answer: a status, an error type (X-Amzn-ErrorType) and a body.
type answer struct {
	status    int
	errorType string
	body      string
}

// api starts a fake End User Messaging SMS endpoint that records each request and answers a;
// it returns a client of it that does not retry, as a test wants one answer per call.
func api(t *testing.T, a answer, calls *[]call) *pinpointsmsvoicev2.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		c := call{target: r.Header.Get("X-Amz-Target")}
		if err := json.Unmarshal(raw, &c.body); err != nil {
			t.Errorf("request body %q: %v", raw, err)
		}
		if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 ") {
			t.Errorf("request not signed: Authorization = %q", r.Header.Get("Authorization"))
		}
		*calls = append(*calls, c)
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		if a.errorType != "" {
			w.Header().Set("X-Amzn-ErrorType", a.errorType)
		}
		w.WriteHeader(a.status)
		io.WriteString(w, a.body)
	}))
	t.Cleanup(srv.Close)
	return pinpointsmsvoicev2.New(pinpointsmsvoicev2.Options{
		Region:           "us-east-1",
		BaseEndpoint:     aws.String(srv.URL),
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
		RetryMaxAttempts: 1,
	})
}

var sentAt = time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)

const (
	secretName = "cxm/1001/sms/2001"
	store      = `{"originationIdentity":"+15035550100","configurationSet":"cxm-texts","webhookToken":"tok"}`
)

func TestSendRequestShape(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		identity string
		msg      sms.Message
		want     map[string]any
	}{
		{
			name:     "with configuration set and reference",
			identity: store,
			msg:      sms.Message{AccountPlatformID: 2001, To: "+15035550134", Text: "Your truck is ready", Reference: "task-7"},
			want: map[string]any{"DestinationPhoneNumber": "+15035550134", "OriginationIdentity": "+15035550100", "MessageBody": "Your truck is ready",
				"MessageType": "TRANSACTIONAL", "ConfigurationSetName": "cxm-texts", "Context": map[string]any{"reference": "task-7"}},
		},
		{
			name:     "pool without configuration set, no reference",
			identity: `{"originationIdentity":"pool-0123456789abcdef"}`,
			msg:      sms.Message{AccountPlatformID: 2001, To: "+14165550199", Text: "Bonjour"},
			want: map[string]any{"DestinationPhoneNumber": "+14165550199", "OriginationIdentity": "pool-0123456789abcdef", "MessageBody": "Bonjour",
				"MessageType": "TRANSACTIONAL"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var calls []call
			client := api(t, answer{status: 200, body: `{"MessageId":"msg-123"}`}, &calls)
			s := endusermessaging.New(endusermessaging.Config{Secret: secretName, Secrets: &fakeSecrets{values: map[string]string{secretName: tc.identity}},
				Client: client, Now: func() time.Time { return sentAt }})
			got, err := s.Send(context.Background(), tc.msg)
			if err != nil {
				t.Fatalf("Send() error = %v", err)
			}
			var id endusermessaging.Identity
			json.Unmarshal([]byte(tc.identity), &id)
			if want := (sms.Sent{MessageID: "msg-123", From: id.OriginationIdentity, At: sentAt}); got != want {
				t.Errorf("Send() = %+v, want %+v", got, want)
			}
			if len(calls) != 1 {
				t.Fatalf("calls = %d, want 1", len(calls))
			}
			if got, want := calls[0].target, "PinpointSMSVoiceV2.SendTextMessage"; got != want {
				t.Errorf("X-Amz-Target = %q, want %q", got, want)
			}
			gotJSON, _ := json.Marshal(calls[0].body)
			wantJSON, _ := json.Marshal(tc.want)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("request body = %s, want %s", gotJSON, wantJSON)
			}
		})
	}
}

func TestSendErrors(t *testing.T) {
	t.Parallel()
	apiError := func(typ, body string) answer { return answer{status: 400, errorType: typ, body: body} }
	tests := []struct {
		name      string
		secrets   *fakeSecrets
		msg       sms.Message
		answer    answer
		wantCode  string
		wantField string
		invalid   bool
		retryable bool
		wantCalls int
	}{
		{name: "number not E.164 never reaches AWS", msg: sms.Message{To: "5035550134", Text: "Hi"}, wantCode: sms.CodeInvalidNumber, wantField: "to", invalid: true},
		{name: "empty text never reaches AWS", msg: sms.Message{To: "+15035550134", Text: ""}, wantCode: sms.CodeInvalidMessage, wantField: "text", invalid: true},
		{name: "secret unreadable", secrets: &fakeSecrets{err: errors.New("access denied")}, wantCode: sms.CodeNotAuthorized},
		{name: "secret without identity", secrets: &fakeSecrets{values: map[string]string{secretName: `{"webhookToken":"tok"}`}}, wantCode: sms.CodeNotAuthorized},
		{name: "validation", answer: apiError("ValidationException", `{"message":"DestinationPhoneNumber is not valid","Reason":"INVALID_PARAMETER"}`),
			wantCode: sms.CodeInvalidNumber, wantField: "to", invalid: true, wantCalls: 1},
		{name: "opted out", answer: apiError("ConflictException", `{"message":"opted out","Reason":"DESTINATION_PHONE_NUMBER_OPTED_OUT","ResourceType":"opt-out-list","ResourceId":"Default"}`),
			wantCode: sms.CodeOptedOut, wantField: "to", wantCalls: 1},
		{name: "other conflict", answer: apiError("ConflictException", `{"message":"not active","Reason":"PHONE_NUMBER_NOT_ACTIVE"}`),
			wantCode: sms.CodeNotAuthorized, wantCalls: 1},
		{name: "access denied", answer: apiError("AccessDeniedException", `{"message":"no"}`), wantCode: sms.CodeNotAuthorized, wantCalls: 1},
		{name: "identity not found", answer: apiError("ResourceNotFoundException", `{"message":"no such pool","ResourceType":"pool","ResourceId":"pool-1"}`),
			wantCode: sms.CodeNotAuthorized, wantCalls: 1},
		{name: "throttled", answer: apiError("ThrottlingException", `{"message":"slow down"}`), wantCode: sms.CodeUnavailable, retryable: true, wantCalls: 1},
		{name: "quota", answer: apiError("ServiceQuotaExceededException", `{"message":"monthly spend","Reason":"MONTHLY_SPEND_LIMIT_REACHED_FOR_TEXT"}`),
			wantCode: sms.CodeUnavailable, retryable: true, wantCalls: 1},
		{name: "internal", answer: answer{status: 500, errorType: "InternalServerException", body: `{"message":"oops"}`}, wantCode: sms.CodeUnavailable, retryable: true, wantCalls: 1},
		{name: "unknown error", answer: apiError("SomethingNewException", `{"message":"new"}`), wantCode: sms.CodeRefused, wantCalls: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var calls []call
			client := api(t, tc.answer, &calls)
			secrets := tc.secrets
			if secrets == nil {
				secrets = &fakeSecrets{values: map[string]string{secretName: store}}
			}
			msg := tc.msg
			if msg.To == "" && msg.Text == "" {
				msg = sms.Message{AccountPlatformID: 2001, To: "+15035550134", Text: "Your truck is ready"}
			}
			s := endusermessaging.New(endusermessaging.Config{Secret: secretName, Secrets: secrets, Client: client, Now: func() time.Time { return sentAt }})
			_, err := s.Send(context.Background(), msg)
			var e *sms.Error
			if !errors.As(err, &e) {
				t.Fatalf("Send() error = %v, want an *sms.Error", err)
			}
			if e.Code != tc.wantCode || e.Field != tc.wantField || e.Invalid != tc.invalid || e.Retryable != tc.retryable {
				t.Errorf("Send() error = %+v, want code %s field %q invalid %v retryable %v", e, tc.wantCode, tc.wantField, tc.invalid, tc.retryable)
			}
			if e.Message == "" {
				t.Error("error without a message")
			}
			if len(calls) != tc.wantCalls {
				t.Errorf("calls = %d, want %d", len(calls), tc.wantCalls)
			}
		})
	}
}

// TestSendTimeout bounds a send that AWS does not answer: a retryable CodeUnavailable.
func TestSendTimeout(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	client := pinpointsmsvoicev2.New(pinpointsmsvoicev2.Options{Region: "us-east-1", BaseEndpoint: aws.String(srv.URL),
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""), RetryMaxAttempts: 1})
	s := endusermessaging.New(endusermessaging.Config{Secret: secretName, Secrets: &fakeSecrets{values: map[string]string{secretName: store}},
		Client: client, Timeout: 50 * time.Millisecond})
	_, err := s.Send(context.Background(), sms.Message{To: "+15035550134", Text: "Hi"})
	var e *sms.Error
	if !errors.As(err, &e) || e.Code != sms.CodeUnavailable || !e.Retryable {
		t.Errorf("Send() error = %v, want a retryable %s", err, sms.CodeUnavailable)
	}
}
