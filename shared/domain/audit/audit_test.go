package audit_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cxm/cxm/shared/domain/account"
	"github.com/cxm/cxm/shared/domain/audit"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// fakeIdentities resolves subjects with a function.
type fakeIdentities struct {
	identify func(subject string) (int64, string, error)
}

var _ audit.Identities = (*fakeIdentities)(nil)

func (f *fakeIdentities) Identify(_ context.Context, subject string) (int64, string, error) {
	return f.identify(subject)
}

// directory maps "sub-U" to user U of account 1001, and "sub-other" to account 1002.
var directory = &fakeIdentities{identify: func(subject string) (int64, string, error) {
	switch {
	case subject == "sub-other":
		return 1002, "300001", nil
	case strings.HasPrefix(subject, "sub-"):
		return 1001, strings.TrimPrefix(subject, "sub-"), nil
	}
	return 0, "", apperr.Errorf(apperr.NotFound, "no user")
}}

func TestMiddleware(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		method  string
		sub     string
		actor   string
		status  int
		event   string
		want    []audit.Entry
		logsErr bool
	}{
		{name: "write under impersonation", method: "PUT", sub: "sub-100001", actor: "sub-100008", status: 200,
			want: []audit.Entry{{Event: audit.EventWrite, AccountID: 1001, ActorUserID: "100008", ActorSubject: "sub-100008", SubjectUserID: "100001", Subject: "sub-100001", Method: "PUT", Path: "/usersettings/key/k", Status: 200, RequestID: "req-1"}}},
		{name: "refused write under impersonation", method: "POST", sub: "sub-100001", actor: "sub-100008", status: 403,
			want: []audit.Entry{{Event: audit.EventWrite, AccountID: 1001, ActorUserID: "100008", ActorSubject: "sub-100008", SubjectUserID: "100001", Subject: "sub-100001", Method: "POST", Path: "/usersettings/key/k", Status: 403, RequestID: "req-1"}}},
		{name: "handler names the event", method: "POST", sub: "sub-100001", actor: "sub-100008", status: 200, event: audit.EventImpersonationEnded,
			want: []audit.Entry{{Event: audit.EventImpersonationEnded, AccountID: 1001, ActorUserID: "100008", ActorSubject: "sub-100008", SubjectUserID: "100001", Subject: "sub-100001", Method: "POST", Path: "/usersettings/key/k", Status: 200, RequestID: "req-1"}}},
		{name: "read under impersonation", method: "GET", sub: "sub-100001", actor: "sub-100008", status: 200},
		{name: "head under impersonation", method: "HEAD", sub: "sub-100001", actor: "sub-100008", status: 200},
		{name: "write without impersonation", method: "PUT", sub: "sub-100001", status: 200},
		{name: "no claims", method: "PUT", status: 401},
		{name: "actor of another group", method: "PUT", sub: "sub-100001", actor: "sub-other", status: 200, logsErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := dynamotest.Store(t)
			l := audit.NewLog(s)
			var logs strings.Builder
			log := slog.New(slog.NewJSONHandler(&logs, nil))
			h := audit.Middleware(l, directory, func(*http.Request) string { return "req-1" }, log)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.event != "" && !audit.SetEvent(r.Context(), tt.event) {
					t.Error("SetEvent = false under the middleware")
				}
				w.WriteHeader(tt.status)
			}))
			req := httptest.NewRequest(tt.method, "/usersettings/key/k", nil)
			if tt.sub != "" {
				raw := map[string]string{"sub": tt.sub, "token_use": "access"}
				if tt.actor != "" {
					raw["act"] = `{"sub":"` + tt.actor + `"}`
				}
				req = req.WithContext(auth.WithClaims(req.Context(), auth.ClaimsFromMap(raw)))
			}
			rec := httptest.NewRecorder()
			before := s.Now()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			tn, _ := account.Tenant(1001)
			got, _, err := l.List(context.Background(), tn, 10, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range got {
				if e.At.Before(before.Add(-time.Second)) || e.At.After(s.Now()) {
					t.Errorf("entry time %v is not the request's", e.At)
				}
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(audit.Entry{}, "At")); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
			if got := strings.Contains(logs.String(), "audit record failed"); got != tt.logsErr {
				t.Errorf("logged a failure = %v, want %v: %s", got, tt.logsErr, logs.String())
			}
		})
	}
}

func TestSetEventWithoutMiddleware(t *testing.T) {
	t.Parallel()
	if audit.SetEvent(context.Background(), audit.EventImpersonationEnded) {
		t.Error("SetEvent = true without the middleware")
	}
}

func TestListNewestFirstInPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := dynamotest.Store(t)
	l := audit.NewLog(s)
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range 5 {
		// Times that sort differently as text without a fixed width (…:00Z before …:00.5Z).
		at := start.Add(time.Duration(i) * 500 * time.Millisecond)
		if err := l.Record(ctx, audit.Entry{Event: audit.EventWrite, AccountID: 1001, Method: "PUT", Path: string(rune('a' + i)), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Record(ctx, audit.Entry{Event: audit.EventWrite, AccountID: 1002, Path: "other", At: start}); err != nil {
		t.Fatal(err)
	}
	tn, _ := account.Tenant(1001)
	var paths []string
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 3 {
			t.Fatal("too many pages")
		}
		entries, next, err := l.List(ctx, tn, 2, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			paths = append(paths, e.Path)
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if got, want := strings.Join(paths, ""), "edcba"; got != want {
		t.Errorf("paths = %s, want %s (newest first, own group only)", got, want)
	}
	_, first, err := l.List(ctx, tn, 2, "")
	if err != nil || first == "" {
		t.Fatalf("first page: cursor %q, %v", first, err)
	}
	other, _ := account.Tenant(1002)
	if _, _, err := l.List(ctx, other, 2, first); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("a cursor of another group's list: %v, want Invalid", err)
	}
}
